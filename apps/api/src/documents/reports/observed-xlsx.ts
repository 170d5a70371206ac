import type { Writable } from 'node:stream';
import { observedKindLabels, observedMessages, reconciliationPlaceLabel } from '@bjp/domain';
import type { ObservedDocument } from '../inputs.js';
import { openWorkbook } from '../sheet-writer.js';
import { boliviaTimestamp } from './format.js';
import { dayLabel } from './reconciliation-pdf.js';

/**
 * 'Pagos observados' as a spreadsheet: the figures per kind, then one row per observed payment with
 * all its kinds, committed as it is written (exceljs' streaming writer), whatever the number of rows.
 */
export async function observedXlsx(doc: ObservedDocument, out: Writable): Promise<void> {
  const book = openWorkbook(out);
  const title = [
    observedMessages.title,
    reconciliationPlaceLabel(doc.place),
    `Gestión: ${doc.year}`,
    `Fecha de impresión: ${boliviaTimestamp(new Date(doc.printedAt))}`,
    ...(doc.kind ? [`Filas: solo ${observedKindLabels[doc.kind]}`] : []),
  ];
  const summary = book.sheet('Resumen', title, [
    { header: 'Observación', key: 'k', width: 56 },
    { header: 'Qué significa', key: 'd', width: 70 },
    { header: 'Estudiantes', key: 'n', width: 12 },
    { header: 'Monto (Bs.)', key: 'm', width: 14 },
  ]);
  for (const k of doc.summary.kinds) summary.add([k.label, k.description, k.students, k.amount]);
  summary.add(['Estudiantes con alguna observación', null, doc.summary.students, doc.summary.amount]);
  summary.blank();
  summary.add(['Inicio de pagos de la gestión', dayLabel(doc.paymentStart)]);
  summary.add(['Monto por estudiante de la gestión (Bs.)', null, null, doc.amountPerStudent]);
  summary.done();

  book.table(
    'Estudiantes',
    title,
    [
      { header: 'Nro.', width: 6, value: (r) => r.rowNumber },
      { header: 'Departamento', width: 14, value: (r) => r.departmentName },
      { header: 'Distrito', width: 20, value: (r) => r.districtName },
      { header: 'SIE', width: 10, value: (r) => r.sie },
      { header: 'UE/CEE', width: 32, value: (r) => r.schoolName },
      { header: 'RUDE', width: 18, value: (r) => r.rude },
      { header: 'Estudiante', width: 32, value: (r) => r.studentName },
      { header: 'CI titular', width: 12, value: (r) => r.titularCarnet },
      { header: 'Titular', width: 30, value: (r) => r.titularName },
      { header: 'Fecha de pago', width: 12, value: (r) => (r.paidOn ? dayLabel(r.paidOn) : null) },
      { header: 'Recibido el', width: 12, value: (r) => dayLabel(r.receivedOn) },
      { header: 'Banco', width: 22, value: (r) => r.bank },
      { header: 'Modalidad', width: 12, value: (r) => r.mode },
      { header: 'Monto (Bs.)', width: 12, value: (r) => r.amount },
      { header: 'Observaciones', width: 70, value: (r) => r.kindLabels.join('; ') },
    ],
    doc.rows,
  );
  await book.close();
}
