import type { Writable } from 'node:stream';
import { type Figure, matrixHeadings, matrixLineFigures, type PlaceReport } from '@bjp/domain';
import { openWorkbook } from '../sheet-writer.js';
import { boliviaTimestamp } from './format.js';
import { placeLabel, placeReportTitle } from './place-report-pdf.js';

/** The same report as a spreadsheet: summary, dependencies and both matrices. */
export async function placeReportXlsx(report: PlaceReport, printedAt: Date, out: Writable): Promise<void> {
  const book = openWorkbook(out);
  const title = [
    placeReportTitle(report),
    placeLabel(report),
    `Gestión: ${report.year}`,
    `Fecha de impresión: ${boliviaTimestamp(printedAt)}`,
  ];
  const s = report.summary;
  const summary = book.sheet('Resumen', title, [
    { header: 'Concepto', key: 'k', width: 28 },
    { header: 'Pagado', key: 'p', width: 18 },
    { header: 'Total', key: 't', width: 18 },
    { header: '% Pagado', key: 'pc', width: 12 },
  ]);
  summary.add(['Monto (Bs.)', s.paidAmount, s.totalAmount, s.paidPercentage]);
  summary.add(['Estudiantes', s.paidStudents, s.totalStudents, s.paidPercentage]);
  summary.done();

  book.table(
    'Dependencias',
    title,
    [
      { header: 'Dependencia', width: 16, value: (d) => d.name },
      { header: 'UE/CEE', value: (d) => d.institutions },
      { header: 'Consolidadas', width: 14, value: (d) => d.consolidated },
      { header: 'Estudiantes', width: 14, value: (d) => d.totalStudents },
      { header: 'Pagados', value: (d) => d.paidStudents },
      { header: '% Pagado', value: (d) => d.paidPercentage },
      { header: 'Monto total (Bs.)', width: 18, value: (d) => d.totalAmount },
      { header: 'Monto pagado (Bs.)', width: 18, value: (d) => d.paidAmount },
    ],
    report.dependencies,
  );

  const matrixSheet = (name: string, pick: (f: Figure) => number) => {
    const sheet = book.sheet(name, title, [
      { header: 'Dependencia', key: 'd', width: 14 },
      { header: 'Área', key: 'a' },
      ...matrixHeadings().map((h) => ({ header: h, key: h, width: 13 })),
    ]);
    for (const r of report.matrix.rows)
      sheet.add([r.dependencyName, r.areaName, ...matrixLineFigures(r).map(pick)]);
    sheet.add(['TOTAL GENERAL', '', ...matrixLineFigures(report.matrix.totalGeneral).map(pick)]);
    sheet.done();
  };
  matrixSheet('Matriz pagados', (f) => f.paid);
  matrixSheet('Matriz inscritos', (f) => f.total);
  await book.close();
}
