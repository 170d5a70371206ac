import { type Permission, type reconciliationStates, reportMessages } from '@bjp/domain';
import type { AppInstance } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { closedYearToken, fileTimestamp } from '../../documents/reports/format.js';
import type { JobQueue, JobRun } from '../../jobs/index.js';
import { readJob } from '../../jobs/store.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor, newStorageKey } from '../../lib/file-store.js';
import { progressData, progressFileName } from '../adjustments/index.js';
import { placeReport, reconciliationDocument } from '../reports/index.js';
import { yearToRead } from '../settings/index.js';

/**
 * Long documents as jobs (issue 14): the progress spreadsheet and the national and department-wide
 * report and reconciliation documents. Smaller ones (a district, a school, the tracking PDFs of a
 * district) stay synchronous in their own routes: they read one place's summary rows and render in
 * a second or two, well inside a request, and a job would only add a poll round trip.
 */
export const exportKinds = ['progress', 'report', 'reconciliation'] as const;
export type ExportKind = (typeof exportKinds)[number];
export type ExportFormat = 'pdf' | 'xlsx';
type ReconciliationState = (typeof reconciliationStates)[number];
/** 'national' or one department. */
export type ExportPlace = { level: 'national' } | { level: 'department'; id: number };

export type ExportSpec = {
  kind: ExportKind;
  format: ExportFormat;
  place: ExportPlace;
  state?: ReconciliationState;
  userId: number;
  day: string;
  /**
   * The gestión (decision 040): the year the route resolved, open or closed. Absent only in keys
   * written before jobs took a year (7 parts), which are read as the open year when they run.
   */
  year?: number;
};

/**
 * The progress spreadsheet (adjustments) and the reconciliation (reconciliationDocument reads the
 * open year's settings) are of the open year only: a closed year is a 400 in Spanish, at the route
 * and again when the job runs (the year may have closed in between).
 */
export const openYearOnly: Record<Exclude<ExportKind, 'report'>, (closed: number) => string> = {
  progress: (closed) =>
    `El reporte de avance de entrega es solo de la gestión abierta: la gestión ${closed} está cerrada.`,
  reconciliation: (closed) =>
    `La conciliación Banco – DDJJ se prepara solo para la gestión abierta: la gestión ${closed} está cerrada.`,
};

/** What a finished export job keeps as its result: where the bytes are and how to send them. */
export type ExportFile = { key: string; filename: string; contentType: string; size: number };

const JOB_PREFIX = 'export.';
export const jobKind = (kind: ExportKind) => `${JOB_PREFIX}${kind}`;
export const permissionFor: Record<ExportKind, Permission> = {
  progress: 'adjustments.process',
  report: 'reports.view',
  reconciliation: 'reports.view',
};

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const placeToken = (place: ExportPlace) =>
  place.level === 'national' ? 'national' : `department-${place.id}`;

/**
 * The job's singleton key, and the whole of what the job needs: kind, format, filter, place, user,
 * day and gestión. A double click (same key, job unfinished) gives the same job. The key is kept in
 * the job's row, so the handler and the access check read it back from there — also after a
 * restart, when the in-process runner has lost the enqueued data. The year is the eighth part; a
 * spec without one gives the 7-part key of before.
 */
export function singletonKey(spec: ExportSpec): string {
  const parts: Array<string | number> = [
    'export',
    spec.kind,
    spec.format,
    spec.state ?? '',
    placeToken(spec.place),
    spec.userId,
    spec.day,
  ];
  if (spec.year !== undefined) parts.push(spec.year);
  return parts.join('|');
}

/** The spec of a key; a 7-part key (queued before jobs took a year) reads as the open year. */
export function parseKey(key: string | null): ExportSpec | null {
  const parts = key?.split('|');
  if (!parts || (parts.length !== 7 && parts.length !== 8) || parts[0] !== 'export') return null;
  const [, kind, format, state, place, userId, day, year] = parts as [string, ...string[]];
  if (!(exportKinds as readonly string[]).includes(kind!)) return null;
  if (format !== 'pdf' && format !== 'xlsx') return null;
  const department = /^department-(\d+)$/.exec(place!);
  if (place !== 'national' && !department) return null;
  if (year !== undefined && !/^\d{4}$/.test(year)) return null;
  return {
    kind: kind as ExportKind,
    format,
    place: department ? { level: 'department', id: Number(department[1]) } : { level: 'national' },
    ...(state ? { state: state as ReconciliationState } : {}),
    userId: Number(userId),
    day: day!,
    ...(year !== undefined ? { year: Number(year) } : {}),
  };
}

/** True when the user may see the export: its permission and its place within the user's scope. */
export function mayAccess(user: AuthUser, spec: ExportSpec): boolean {
  if (!user.permissions.has(permissionFor[spec.kind])) return false;
  if (user.scope.kind === 'national') return true;
  return (
    spec.place.level === 'department' &&
    user.scope.kind === 'department' &&
    user.scope.departmentId === spec.place.id
  );
}

/**
 * The asker as the report builders see it: they read only the scope, and the route checked the
 * place against the live user's scope before enqueueing (the download checks it again).
 */
function askerOf(spec: ExportSpec): AuthUser {
  const national = spec.place.level === 'national';
  return {
    id: spec.userId,
    scope: {
      kind: national ? 'national' : 'department',
      departmentId: national ? null : (spec.place as { id: number }).id,
      districtId: null,
      institutionIds: [],
      label: '',
    },
  } as unknown as AuthUser;
}

const reconciliationToken = (place: ExportPlace) =>
  place.level === 'national' ? 'nacional' : `departamento_${place.id}`;

async function renderExport(app: AppInstance, spec: ExportSpec) {
  const { deps } = app;
  const render = app.documents.render.bind(app.documents);
  // The job's year as the read routes resolve it (absent: the open year; unknown: a Spanish 400).
  const year = await yearToRead(deps.db, spec.year);
  if (year.closed && spec.kind !== 'report')
    throw new AppError('bad_request', openYearOnly[spec.kind](year.year));
  if (spec.kind === 'progress') {
    const data = await progressData(deps);
    const bytes = await render('progressXlsx', data);
    return { bytes, filename: progressFileName(data.printedAt), contentType: XLSX };
  }
  const printedAt = deps.clock.now();
  const contentType = spec.format === 'pdf' ? 'application/pdf' : XLSX;
  if (spec.kind === 'report') {
    const report = await placeReport(deps.db, askerOf(spec), spec.place, spec.year);
    if (report.summary.totalStudents === 0) throw new AppError('not_found', reportMessages.noData);
    const token =
      spec.place.level === 'national' ? 'reporte_nacional_' : `reporte_departamento_${spec.place.id}_`;
    // A closed year's document names its year: reporte_nacional_2024_….
    const filename = `${token}${closedYearToken(year)}${fileTimestamp(printedAt)}.${spec.format}`;
    const input = { report, printedAt };
    const bytes =
      spec.format === 'pdf' ? await render('placeReportPdf', input) : await render('placeReportXlsx', input);
    return { bytes, filename, contentType };
  }
  const doc = await reconciliationDocument(deps.db, askerOf(spec), spec.place, spec.state, printedAt);
  const filename = `conciliacion_banco_ddjj_${reconciliationToken(spec.place)}_${fileTimestamp(printedAt)}.${spec.format}`;
  const bytes =
    spec.format === 'pdf' ? await render('reconciliationPdf', doc) : await render('reconciliationXlsx', doc);
  return { bytes, filename, contentType };
}

const step = (done: number, message: string) => ({ done, total: 3, message });

/**
 * One export: read the data and render it in the document workers, store the bytes (FileStore: a
 * row of stored_file on PostgreSQL, a file under DATA_DIR on PGlite) and commit where they are as
 * the job's result. A retry after a commit that landed removes the bytes it stored again.
 */
async function runExport(app: AppInstance, run: JobRun<unknown>) {
  const row = await readJob(app.deps.db, run.id);
  const spec = parseKey(row?.singletonKey ?? null);
  if (!spec) throw new AppError('bad_request', 'La descarga solicitada no es válida; vuelva a pedirla.');
  await run.report(step(0, 'Leyendo los datos…'));
  const doc = await renderExport(app, spec);
  await run.report(step(2, 'Guardando el archivo…'));
  const store = fileStoreFor(app.deps);
  const key = newStorageKey(doc.filename.endsWith('.pdf') ? 'pdf' : 'xlsx', 'exports');
  await store.put(key, doc.bytes);
  const result: ExportFile = {
    key,
    filename: doc.filename,
    contentType: doc.contentType,
    size: doc.bytes.length,
  };
  await run.report(step(3, 'Listo'));
  const already = await app.deps.db.transaction(async (tx) => {
    if (await run.committed(tx)) return true;
    await run.commit(tx, result);
    return false;
  });
  if (already) await store.remove([key]);
}

/** The server's queue with the export kinds registered. */
export function exportJobs(app: AppInstance): JobQueue {
  const jobs = app.deps.jobs;
  for (const kind of exportKinds) jobs.register(jobKind(kind), (run) => runExport(app, run));
  return jobs;
}

export const isExportJob = (kind: string) => kind.startsWith(JOB_PREFIX);
