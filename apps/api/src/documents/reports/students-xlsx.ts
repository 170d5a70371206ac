import type { Writable } from 'node:stream';
import {
  bonusStateLabels,
  formatDate,
  gradeName,
  type InstitutionReport,
  levels,
  parallelLetter,
  reportMessages,
  shifts,
} from '@bjp/domain';
import type { StudentDetail } from '../inputs.js';
import { openWorkbook } from '../sheet-writer.js';
import { boliviaTimestamp } from './format.js';

/** The institution's students, titulars and payments as a spreadsheet, one row per student. */
export async function studentsXlsx(
  report: InstitutionReport,
  rows: StudentDetail[],
  printedAt: Date,
  out: Writable,
): Promise<void> {
  const book = openWorkbook(out);
  const { institution } = report;
  const sheet = book.sheet(
    'Estudiantes',
    [
      reportMessages.studentsReportTitle,
      `${institution.name} (SIE ${institution.id})`,
      `Gestión: ${report.year}`,
      `Fecha de impresión: ${boliviaTimestamp(printedAt)}`,
    ],
    [
      { header: 'Nro.', key: 'n', width: 6 },
      { header: 'Turno', key: 'tu' },
      { header: 'Nivel', key: 'ni' },
      { header: 'Grado', key: 'g' },
      { header: 'Paralelo', key: 'p' },
      { header: 'RUDE', key: 'r', width: 18 },
      { header: 'Paterno', key: 'pa', width: 16 },
      { header: 'Materno', key: 'ma', width: 16 },
      { header: 'Nombre', key: 'no', width: 20 },
      { header: 'CI Titular', key: 'ci', width: 14 },
      { header: 'Titular', key: 'ti', width: 30 },
      { header: 'Tipo', key: 'tt', width: 12 },
      { header: 'Estado', key: 'e', width: 30 },
      { header: 'Fecha pago', key: 'f', width: 12 },
      { header: 'Modalidad', key: 'mo', width: 12 },
      { header: 'Banco', key: 'b', width: 24 },
    ],
  );
  rows.forEach((s, i) => {
    sheet.add([
      i + 1,
      shifts.find((x) => x.id === s.shiftId)?.name ?? '',
      levels.find((x) => x.id === s.levelId)?.name ?? '',
      gradeName(s.gradeId),
      parallelLetter(s.parallelId),
      s.rude,
      s.firstLastName,
      s.secondLastName,
      s.name,
      s.titularCarnet,
      s.titularName,
      s.titularType,
      bonusStateLabels[s.state],
      s.paidOn ? formatDate(s.paidOn) : null,
      s.bankPaid ? s.mode : null,
      s.bankPaid ? s.bank : null,
    ]);
  });
  sheet.done();
  await book.close();
}
