import {
  type Figure,
  formatBOB,
  formatCount,
  matrixHeadings,
  matrixLineFigures,
  type PlaceReport,
  reportMessages,
} from '@bjp/domain';
import type { Content, TableCell } from 'pdfmake/interfaces.js';
import { landscapeDocument, renderPdf } from '../pdf-printer.js';
import { boliviaTimestamp, compactLayout, headerCell, numberCell } from './format.js';

export const placeReportTitle = (report: PlaceReport): string =>
  ({
    national: 'Reporte Nacional BJP',
    department: 'Reporte de pago BJP - Departamento',
    district: 'Reporte Distrito BJP',
  })[report.place.level];

export function placeLabel(report: PlaceReport): string {
  const { place } = report;
  if (place.level === 'national') return 'Nacional: Bolivia';
  if (place.level === 'department') return `Departamento: ${place.name} (${place.id})`;
  return `Distrito: ${place.name} (${place.id}) — Departamento: ${place.departmentName}`;
}

function cards(report: PlaceReport): Content {
  const s = report.summary;
  const cell = (label: string, value: string, detail: string): TableCell => ({
    stack: [
      { text: label, bold: true, color: '#555555', fontSize: 7 },
      { text: value, bold: true, fontSize: 12 },
      { text: detail, fontSize: 8 },
    ],
    margin: [6, 4, 6, 4],
  });
  return {
    table: {
      widths: ['*', '*'],
      body: [
        [
          cell(
            'MONTO PAGADO',
            formatBOB(s.paidAmount),
            `de ${formatBOB(s.totalAmount)} — ${s.paidPercentage} %`,
          ),
          cell(
            'ESTUDIANTES PAGADOS',
            formatCount(s.paidStudents),
            `de ${formatCount(s.totalStudents)} — ${s.paidPercentage} %`,
          ),
        ],
      ],
    },
    margin: [0, 6, 0, 8],
  };
}

function dependenciesTable(report: PlaceReport): Content {
  const body: TableCell[][] = [
    [
      'Dependencia',
      'UE/CEE',
      'Consolidadas',
      'Estudiantes',
      'Pagados',
      '% Pagado',
      'Monto total (Bs.)',
      'Monto pagado (Bs.)',
    ].map(headerCell),
    ...report.dependencies.map((d) => {
      const bold = d.dependency === null;
      return [
        { text: d.name, bold },
        numberCell(formatCount(d.institutions), bold),
        numberCell(formatCount(d.consolidated), bold),
        numberCell(formatCount(d.totalStudents), bold),
        numberCell(formatCount(d.paidStudents), bold),
        numberCell(d.paidPercentage, bold),
        numberCell(formatBOB(d.totalAmount), bold),
        numberCell(formatBOB(d.paidAmount), bold),
      ];
    }),
  ];
  return {
    table: { headerRows: 1, widths: ['*', 50, 60, 70, 70, 50, 95, 95], body },
    layout: 'lightHorizontalLines',
    margin: [0, 0, 0, 10],
  };
}

function matrixTable(report: PlaceReport, title: string, pick: (f: Figure) => number): Content[] {
  const headings = matrixHeadings();
  const totals = new Set(['Total Primaria', 'Total Secundaria', 'TOTAL']);
  const header: TableCell[] = [
    headerCell('Dependencia'),
    headerCell('Área'),
    ...headings.map((h) => headerCell(h.replace('Primaria ', 'P').replace('Secundaria ', 'S'))),
  ];
  const line = (label: TableCell[], figures: Figure[], bold: boolean): TableCell[] => [
    ...label,
    ...figures.map((f, i) => numberCell(formatCount(pick(f)), bold || totals.has(headings[i]!))),
  ];
  const body: TableCell[][] = [
    header,
    ...report.matrix.rows.map((r) => line([r.dependencyName, r.areaName], matrixLineFigures(r), false)),
    line(
      [{ text: 'TOTAL GENERAL', bold: true, colSpan: 2 }, ''],
      matrixLineFigures(report.matrix.totalGeneral),
      true,
    ),
  ];
  return [
    { text: title, bold: true, margin: [0, 4, 0, 3] },
    {
      table: { headerRows: 1, widths: [50, 38, ...headings.map(() => '*')], body },
      layout: compactLayout,
      fontSize: 6.5,
      margin: [0, 0, 0, 8],
    },
  ];
}

/** National, departmental or district report as a landscape PDF. */
export function placeReportPdf(report: PlaceReport, printedAt: Date): Promise<Buffer> {
  const content: Content[] = [
    {
      columns: [
        { text: placeLabel(report), bold: true },
        {
          text: `Gestión: ${report.year}   ·   ${formatBOB(report.amountPerStudent)} por estudiante`,
          alignment: 'right',
        },
      ],
    },
    cards(report),
    { text: 'Resumen por dependencia', bold: true, margin: [0, 0, 0, 3] },
    dependenciesTable(report),
    ...matrixTable(
      report,
      'Resumen: estudiantes pagados por dependencia, área, nivel y grado',
      (f) => f.paid,
    ),
    ...matrixTable(
      report,
      'Resumen: estudiantes beneficiarios (inscritos) por dependencia, área, nivel y grado',
      (f) => f.total,
    ),
  ];
  return renderPdf(
    landscapeDocument(
      {
        title: placeReportTitle(report),
        subtitle: placeLabel(report),
        printedAt: boliviaTimestamp(printedAt),
        footerLines: [reportMessages.sworn],
      },
      content,
    ),
  );
}
