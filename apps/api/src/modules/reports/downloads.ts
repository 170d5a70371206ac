import { PassThrough } from 'node:stream';
import { type DocumentFormat, reportMessages } from '@bjp/domain';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import { fileTimestamp } from '../../documents/reports/format.js';
import { placeReportPdf } from '../../documents/reports/place-report-pdf.js';
import { placeReportXlsx } from '../../documents/reports/place-report-xlsx.js';
import { studentsPdf } from '../../documents/reports/students-pdf.js';
import { studentsXlsx } from '../../documents/reports/students-xlsx.js';
import { AppError } from '../../lib/errors.js';
import { getSettings } from '../settings/service.js';
import { studentDetails } from './institution-data.js';
import { institutionReport } from './institution-report.js';
import { placeReport, type ReportRef } from './place-report.js';
import { sendPdf } from './send.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Streams a spreadsheet to the client while it is written. If the client cancels, the response
 * stream closes, the writer's next write fails and the work stops there.
 */
function sendXlsx(reply: FastifyReply, fileName: string, write: (out: PassThrough) => Promise<void>) {
  const out = new PassThrough();
  write(out).catch((error: unknown) => {
    reply.log.warn({ err: error }, 'spreadsheet generation stopped');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return reply
    .header('Content-Type', XLSX)
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .send(out);
}

const tokenFor = (ref: ReportRef) =>
  ref.level === 'national' ? 'reporte_nacional_' : `reporte_${ref.level}_${ref.id}_`;

/** National, department or district report as PDF or spreadsheet. 'No hay datos…' when empty. */
export async function sendPlaceReport(
  deps: AppDeps,
  user: AuthUser,
  ref: ReportRef,
  format: DocumentFormat,
  reply: FastifyReply,
) {
  const report = await placeReport(deps.db, user, ref);
  if (report.summary.totalStudents === 0) throw new AppError('not_found', reportMessages.noData);
  const now = deps.clock.now();
  const name = `${tokenFor(ref)}${fileTimestamp(now)}`;
  if (format === 'pdf') return sendPdf(reply, `${name}.pdf`, await placeReportPdf(report, now));
  return sendXlsx(reply, `${name}.xlsx`, (out) => placeReportXlsx(report, now, out));
}

/** 'Reporte Estudiantes-Tutores-Pagados' of one school (code_type 1 and 4). */
export async function sendStudentsReport(
  deps: AppDeps,
  sie: number,
  format: DocumentFormat,
  reply: FastifyReply,
) {
  const report = await institutionReport(deps.db, sie);
  if (!report.studentsReportAvailable) throw new AppError('not_found', reportMessages.noData);
  const settings = await getSettings(deps.db);
  const rows = await studentDetails(deps.db, sie, settings.year);
  const now = deps.clock.now();
  const name = `reporte_estudiantes_${sie}_${fileTimestamp(now)}`;
  if (format === 'pdf') return sendPdf(reply, `${name}.pdf`, await studentsPdf(report, rows, now));
  return sendXlsx(reply, `${name}.xlsx`, (out) => studentsXlsx(report, rows, now, out));
}
