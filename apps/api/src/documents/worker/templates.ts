import { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { InstitutionReport, PaidReport, PlaceReport } from '@bjp/domain';
import { declarationDocument } from '../holders/declaration-pdf.js';
import type {
  DeclarationData,
  ObservedDocument,
  ReconciliationDocument,
  ReportStudent,
  StudentDetail,
  VerificationStamp,
} from '../inputs.js';
import { paidReportPdf } from '../paid-validation/report-pdf.js';
import { renderPdf } from '../pdf-printer.js';
import { observedXlsx } from '../reports/observed-xlsx.js';
import { placeReportPdf } from '../reports/place-report-pdf.js';
import { placeReportXlsx } from '../reports/place-report-xlsx.js';
import { type ProgressData, progressXlsx } from '../reports/progress-xlsx.js';
import { reconciliationPdf } from '../reports/reconciliation-pdf.js';
import { reconciliationXlsx } from '../reports/reconciliation-xlsx.js';
import { studentsPdf } from '../reports/students-pdf.js';
import { studentsXlsx } from '../reports/students-xlsx.js';
import { type TrackingPdfInput, trackingPdf } from '../reports/tracking-pdf.js';
import { withVerification } from '../verification-block.js';
import { warmUp } from './warm-up.js';

/** A spreadsheet written by exceljs' streaming writer, gathered into one byte array. */
async function workbookBytes(write: (out: Writable) => Promise<void>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
  });
  await Promise.all([write(out), finished(out)]);
  return Buffer.concat(chunks);
}

type Institution = { report: InstitutionReport; rows: StudentDetail[]; printedAt: Date };
type Place = { report: PlaceReport; printedAt: Date };

/**
 * Every document the API renders, by name. Each takes plain data (what survives structured clone:
 * no functions, no class instances but Date) gathered from the database by the main thread, and
 * runs inside the document worker, so pdfmake's layout and exceljs' zip never hold the event loop.
 */
export const templates = {
  placeReportPdf: (i: Place) => placeReportPdf(i.report, i.printedAt),
  placeReportXlsx: (i: Place) => workbookBytes((out) => placeReportXlsx(i.report, i.printedAt, out)),
  studentsPdf: (i: Institution) => studentsPdf(i.report, i.rows, i.printedAt),
  studentsXlsx: (i: Institution) => workbookBytes((out) => studentsXlsx(i.report, i.rows, i.printedAt, out)),
  trackingPdf: (i: TrackingPdfInput) => trackingPdf(i),
  paidReportPdf: (i: {
    report: PaidReport;
    students: ReportStudent[];
    printedAt: Date;
    verification?: VerificationStamp;
  }) => paidReportPdf(i.report, i.students, i.printedAt, i.verification),
  declarationPdf: (i: { data: DeclarationData; printedAt: Date; verification?: VerificationStamp }) =>
    renderPdf(withVerification(declarationDocument(i.data, i.printedAt), i.verification)),
  progressXlsx: (i: ProgressData) => workbookBytes((out) => progressXlsx(i, out)),
  reconciliationPdf: (i: ReconciliationDocument) => reconciliationPdf(i),
  reconciliationXlsx: (i: ReconciliationDocument) => workbookBytes((out) => reconciliationXlsx(i, out)),
  observedXlsx: (i: ObservedDocument) => workbookBytes((out) => observedXlsx(i, out)),
  /** Not a document anyone downloads: the start's first render in each worker (warm-up.ts). */
  warmUp: (_: Record<string, never>) => warmUp(),
} satisfies Record<string, (input: never) => Promise<Buffer>>;

export type Templates = typeof templates;
export type TemplateName = keyof Templates;
export type TemplateInput<K extends TemplateName> = Parameters<Templates[K]>[0];
export type DocumentTask = { [K in TemplateName]: { template: K; input: TemplateInput<K> } }[TemplateName];
