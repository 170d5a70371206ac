import type { Writable } from 'node:stream';
import { reconciliationMessages, reconciliationPlaceLabel, reconciliationStateLabel } from '@bjp/domain';
import type { ReconciliationDocument } from '../inputs.js';
import { openWorkbook } from '../sheet-writer.js';
import { boliviaTimestamp } from './format.js';
import { dayLabel } from './reconciliation-pdf.js';

/**
 * 'Conciliación Banco – DDJJ' as a spreadsheet: the summary per state, then one row per student,
 * committed as it is written (exceljs' streaming writer), whatever the number of rows.
 */
export async function reconciliationXlsx(doc: ReconciliationDocument, out: Writable): Promise<void> {
  const book = openWorkbook(out);
  const title = [
    reconciliationMessages.title,
    reconciliationPlaceLabel(doc.place),
    `Gestión: ${doc.year}`,
    `Fecha de impresión: ${boliviaTimestamp(new Date(doc.printedAt))}`,
    ...(doc.state ? [`Filas: solo ${reconciliationStateLabel(doc.state)}`] : []),
  ];
  const summary = book.sheet('Resumen', title, [
    { header: 'Estado', key: 's', width: 38 },
    { header: 'Efecto', key: 'e', width: 32 },
    { header: 'Qué significa', key: 'd', width: 70 },
    { header: 'Estudiantes', key: 'n', width: 12 },
    { header: 'Monto (Bs.)', key: 'm', width: 14 },
  ]);
  for (const s of doc.summary.states) summary.add([s.label, s.effect, s.description, s.students, s.amount]);
  summary.add(['TOTAL', null, null, doc.summary.students, doc.summary.amount]);
  summary.blank();
  summary.add([`${reconciliationMessages.toReturn} (Bs.)`, null, null, null, doc.summary.toReturn]);
  summary.add(['UE/CEE con declaración de pagados en vigor', null, null, doc.summary.consolidatedSchools]);
  summary.add([`Monto por estudiante (configuración, Bs.)`, null, null, null, doc.amountPerStudent]);
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
      { header: 'Curso', width: 28, value: (r) => r.course },
      { header: 'CI titular', width: 12, value: (r) => r.titularCarnet },
      { header: 'Titular', width: 30, value: (r) => r.titularName },
      { header: 'Tipo titular', width: 12, value: (r) => r.titularType },
      { header: 'Pagado por el banco', width: 10, value: (r) => (r.bankPaid ? 'SÍ' : 'NO') },
      { header: 'Fecha de pago', width: 12, value: (r) => (r.paidOn ? dayLabel(r.paidOn) : null) },
      { header: 'Banco', width: 22, value: (r) => r.bank },
      { header: 'Modalidad', width: 12, value: (r) => r.mode },
      { header: 'DDJJ dice', width: 14, value: (r) => r.declaredLabel },
      { header: 'Versión DDJJ', width: 8, value: (r) => r.declarationVersion },
      {
        header: 'Fecha DDJJ',
        width: 17,
        value: (r) => (r.declarationDate ? boliviaTimestamp(new Date(r.declarationDate)) : null),
      },
      { header: 'Estado', width: 38, value: (r) => r.stateLabel },
      { header: 'Efecto', width: 32, value: (r) => r.effect },
      { header: 'Monto (Bs.)', width: 12, value: (r) => r.amount },
    ],
    doc.rows,
  );
  await book.close();
}
