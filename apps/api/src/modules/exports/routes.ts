import {
  departmentParams,
  reconciliationMessages,
  reconciliationStates,
  reportMessages,
  yearQuery,
} from '@bjp/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { guard } from '../../auth/guard.js';
import type { JobQueue } from '../../jobs/index.js';
import { readJob } from '../../jobs/store.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { yearToRead } from '../settings/index.js';
import {
  type ExportFile,
  type ExportKind,
  type ExportPlace,
  exportJobs,
  isExportJob,
  jobKind,
  mayAccess,
  openYearOnly,
  parseKey,
  singletonKey,
} from './jobs.js';
import { pruneExports } from './retention.js';

const tags = ['exports'];
const exportMessages = {
  invalidId: 'Identificador de descarga no válido.',
  notFound: 'No existe la descarga indicada.',
  notReady: 'El archivo todavía se está preparando.',
  failed: 'No se pudo preparar el archivo; vuelva a solicitarlo.',
};

const formatBody = z.object({ format: z.enum(['pdf', 'xlsx'], { error: 'Formato no válido.' }) });
const reconciliationBody = formatBody.extend({
  // The same filter as GET …/reconciliation/…/document?state=.
  state: z.enum(reconciliationStates, { error: reconciliationMessages.invalidState }).optional(),
});
const started = z.object({ jobId: z.string().describe('Follow it at GET /exports/:jobId') });
const jobParams = z.object({ jobId: z.string().describe('The id POST /exports/… gave') });
const exportStatus = z.object({
  id: z.string(),
  kind: z.enum(['progress', 'report', 'reconciliation']),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.object({ done: z.number(), total: z.number(), message: z.string() }),
  file: z.object({ filename: z.string(), size: z.number() }).optional().describe('When done'),
  error: z.string().optional().describe('When failed: the message to show'),
});

const uuid = z.string().uuid();
const inDepartment = (req: { params: unknown }) => ({
  department: (req.params as { departmentId: number }).departmentId,
});

/**
 * 'Preparando…' downloads (issue 14): POST enqueues the document as a job (202 { jobId }; the same
 * job again while it runs), GET /exports/:jobId tells its progress from any instance, and
 * GET /exports/:jobId/file sends the stored file. Status and file answer only the user who asked or
 * staff with the export's permission and its place in their scope (checked again on each call);
 * anyone else gets 404, as for an id that does not exist.
 * Each POST takes `?year=` as the read routes do (decision 040): absent, the open year; a year the
 * console does not hold, 400. The national and department reports prepare a closed year's too; the
 * progress spreadsheet and the reconciliation are of the open year only (400 for a closed one).
 */
export async function exportsRoutes(app: AppInstance) {
  const jobs = exportJobs(app);

  const enqueue = async (
    req: FastifyRequest,
    kind: ExportKind,
    place: ExportPlace,
    body: { format: 'pdf' | 'xlsx'; state?: string },
  ) => {
    const user = req.authUser;
    if (place.level === 'national' && user.scope.kind !== 'national')
      throw new AppError('out_of_scope', reportMessages.nationalOnly);
    const year = await yearToRead(app.deps.db, (req.query as { year?: number }).year);
    if (year.closed && kind !== 'report') throw new AppError('bad_request', openYearOnly[kind](year.year));
    const spec = {
      kind,
      format: body.format,
      place,
      ...(body.state ? { state: body.state as never } : {}),
      userId: user.id,
      day: app.deps.clock.today(),
      year: year.year,
    };
    await pruneExports(app.deps);
    const job = await jobs.enqueue(jobKind(kind), {}, { singletonKey: singletonKey(spec), userId: user.id });
    return { jobId: job.id };
  };

  app.post(
    '/exports/progress',
    {
      schema: {
        tags,
        description: "'Reporte de avance de entrega' as a job (the open year's only)",
        querystring: yearQuery,
        response: { 202: started },
      },
      preHandler: guard('adjustments.process'),
    },
    async (req, reply) =>
      reply.code(202).send(await enqueue(req, 'progress', { level: 'national' }, { format: 'xlsx' })),
  );
  app.post(
    '/exports/reports/national',
    {
      schema: { tags, querystring: yearQuery, body: formatBody, response: { 202: started } },
      preHandler: guard('reports.view'),
    },
    async (req, reply) => reply.code(202).send(await enqueue(req, 'report', { level: 'national' }, req.body)),
  );
  app.post(
    '/exports/reports/departments/:departmentId',
    {
      schema: {
        tags,
        params: departmentParams,
        querystring: yearQuery,
        body: formatBody,
        response: { 202: started },
      },
      preHandler: guard('reports.view', inDepartment),
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(await enqueue(req, 'report', { level: 'department', id: req.params.departmentId }, req.body)),
  );
  app.post(
    '/exports/reconciliation/national',
    {
      schema: { tags, querystring: yearQuery, body: reconciliationBody, response: { 202: started } },
      preHandler: guard('reports.view'),
    },
    async (req, reply) =>
      reply.code(202).send(await enqueue(req, 'reconciliation', { level: 'national' }, req.body)),
  );
  app.post(
    '/exports/reconciliation/departments/:departmentId',
    {
      schema: {
        tags,
        params: departmentParams,
        querystring: yearQuery,
        body: reconciliationBody,
        response: { 202: started },
      },
      preHandler: guard('reports.view', inDepartment),
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await enqueue(
            req,
            'reconciliation',
            { level: 'department', id: req.params.departmentId },
            req.body,
          ),
        ),
  );

  app.get(
    '/exports/:jobId',
    {
      schema: { tags, params: jobParams, response: { 200: exportStatus } },
      preHandler: guard(null),
    },
    async (req) => exportState(app, jobs, req.authUser, req.params.jobId),
  );

  app.get(
    '/exports/:jobId/file',
    {
      schema: { tags, params: jobParams, produces: ['application/pdf', 'application/octet-stream'] },
      preHandler: guard(null),
    },
    async (req, reply) => {
      const { status } = await accessibleJob(app, jobs, req.authUser, req.params.jobId);
      if (status.state === 'failed') throw new AppError('conflict', status.error ?? exportMessages.failed);
      if (status.state !== 'done' || !status.result) throw new AppError('conflict', exportMessages.notReady);
      const file = status.result as ExportFile;
      const stream = await fileStoreFor(app.deps).open(file.key);
      if (!stream) throw new AppError('not_found', exportMessages.notFound);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', contentDisposition(file.filename))
        .header('Content-Length', file.size)
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );
}

/** The UTF-8 name first (clients that read one name take the accented one), an ASCII fallback after. */
function contentDisposition(name: string) {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `attachment; filename*=UTF-8''${encodeURIComponent(name)}; filename="${ascii}"`;
}

async function accessibleJob(app: AppInstance, jobs: JobQueue, user: AuthUser, id: string) {
  if (!uuid.safeParse(id).success) throw new AppError('bad_request', exportMessages.invalidId);
  const row = await readJob(app.deps.db, id);
  const spec = row && isExportJob(row.kind) ? parseKey(row.singletonKey) : null;
  // Another user's export outside one's scope is answered as one that does not exist.
  if (!row || !spec || !mayAccess(user, spec)) throw new AppError('not_found', exportMessages.notFound);
  const status = await jobs.status(id);
  if (!status) throw new AppError('not_found', exportMessages.notFound);
  return { spec, status };
}

async function exportState(app: AppInstance, jobs: JobQueue, user: AuthUser, id: string) {
  const { spec, status } = await accessibleJob(app, jobs, user, id);
  const file = status.state === 'done' ? (status.result as ExportFile | undefined) : undefined;
  return {
    id: status.id,
    kind: spec.kind,
    state: status.state,
    progress: status.progress,
    ...(file ? { file: { filename: file.filename, size: file.size } } : {}),
    ...(status.error ? { error: status.error } : {}),
  };
}
