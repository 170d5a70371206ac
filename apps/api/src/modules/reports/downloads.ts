import { type DocumentFormat, reportMessages } from '@bjp/domain';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { closedYearToken, fileTimestamp, placeLevelToken } from '../../documents/reports/format.js';
import { sendPdf } from '../../documents/send.js';
import { withDocument } from '../../documents/service.js';
import { AppError } from '../../lib/errors.js';
import { yearToRead } from '../settings/index.js';
import { institutionReport } from './institution-report.js';
import { placeReportWithYear, type ReportRef } from './place-report.js';
import { studentDetails } from './queries/institution.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Sends a finished spreadsheet (written by the document worker) as a download. */
function sendXlsx(reply: FastifyReply, fileName: string, xlsx: Buffer) {
  return reply
    .header('Content-Type', XLSX)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Content-Length', xlsx.length)
    .header('Cache-Control', 'no-store')
    .send(xlsx);
}

const tokenFor = (ref: ReportRef) =>
  ref.level === 'national' ? 'reporte_nacional_' : `reporte_${placeLevelToken[ref.level]}_${ref.id}_`;

/** National, department or district report as PDF or spreadsheet. 'No hay datos…' when empty. */
export async function sendPlaceReport(
  deps: AppDeps,
  user: AuthUser,
  ref: ReportRef,
  format: DocumentFormat,
  reply: FastifyReply,
  year?: number,
) {
  return withDocument(reply, async (render) => {
    const { report, settings } = await placeReportWithYear(deps.db, user, ref, year);
    if (report.summary.totalStudents === 0) throw new AppError('not_found', reportMessages.noData);
    const printedAt = deps.clock.now();
    // A closed year's document names its year (reporte_distrito_12_2024_…), as the export jobs' do.
    const name = `${tokenFor(ref)}${closedYearToken(settings)}${fileTimestamp(printedAt)}`;
    if (format === 'pdf')
      return sendPdf(reply, `${name}.pdf`, await render('placeReportPdf', { report, printedAt }));
    return sendXlsx(reply, `${name}.xlsx`, await render('placeReportXlsx', { report, printedAt }));
  });
}

/** 'Reporte Estudiantes-Tutores-Pagados' of one school (code_type 1 and 4). */
export async function sendStudentsReport(
  deps: AppDeps,
  sie: number,
  format: DocumentFormat,
  reply: FastifyReply,
  year?: number,
) {
  return withDocument(reply, async (render) => {
    const settings = await yearToRead(deps.db, year);
    const report = await institutionReport(deps.db, sie, settings);
    if (!report.studentsReportAvailable) throw new AppError('not_found', reportMessages.noData);
    const rows = await studentDetails(deps.db, sie, report.year);
    const printedAt = deps.clock.now();
    // reporte_estudiantes_80730001_2024_… for a closed year, as the place reports.
    const name = `reporte_estudiantes_${sie}_${closedYearToken(settings)}${fileTimestamp(printedAt)}`;
    const input = { report, rows, printedAt };
    if (format === 'pdf') return sendPdf(reply, `${name}.pdf`, await render('studentsPdf', input));
    return sendXlsx(reply, `${name}.xlsx`, await render('studentsXlsx', input));
  });
}
