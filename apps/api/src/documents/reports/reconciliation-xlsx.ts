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

  const sheet = book.sheet('Estudiantes', title, [
    { header: 'Nro.', key: 'n', width: 6 },
    { header: 'Departamento', key: 'dp', width: 14 },
    { header: 'Distrito', key: 'di', width: 20 },
    { header: 'SIE', key: 'sie', width: 10 },
    { header: 'UE/CEE', key: 'ue', width: 32 },
    { header: 'RUDE', key: 'r', width: 18 },
    { header: 'Estudiante', key: 'es', width: 32 },
    { header: 'Curso', key: 'c', width: 28 },
    { header: 'CI titular', key: 'ci', width: 12 },
    { header: 'Titular', key: 'ti', width: 30 },
    { header: 'Tipo titular', key: 'tt', width: 12 },
    { header: 'Pagado por el banco', key: 'bp', width: 10 },
    { header: 'Fecha de pago', key: 'f', width: 12 },
    { header: 'Banco', key: 'b', width: 22 },
    { header: 'Modalidad', key: 'mo', width: 12 },
    { header: 'DDJJ dice', key: 'dj', width: 14 },
    { header: 'Versión DDJJ', key: 'v', width: 8 },
    { header: 'Fecha DDJJ', key: 'fd', width: 17 },
    { header: 'Estado', key: 'e', width: 38 },
    { header: 'Efecto', key: 'ef', width: 32 },
    { header: 'Monto (Bs.)', key: 'm', width: 12 },
  ]);
  for (const r of doc.rows) {
    sheet.add([
      r.rowNumber,
      r.departmentName,
      r.districtName,
      r.sie,
      r.schoolName,
      r.rude,
      r.studentName,
      r.course,
      r.titularCarnet,
      r.titularName,
      r.titularType,
      r.bankPaid ? 'SÍ' : 'NO',
      r.paidOn ? dayLabel(r.paidOn) : null,
      r.bank,
      r.mode,
      r.declaredLabel,
      r.declarationVersion,
      r.declarationDate ? boliviaTimestamp(new Date(r.declarationDate)) : null,
      r.stateLabel,
      r.effect,
      r.amount,
    ]);
  }
  sheet.done();
  await book.close();
}
