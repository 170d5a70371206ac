import {
  dryRunResult,
  importDetail as importDetailSchema,
  importHistoryQuery,
  importMessages,
  importPage,
  importParams,
  MAX_IMPORT_BYTES,
  paymentTemplateCsv,
  rollCheckStarted,
  rollKindParams,
  withdrawnPage,
  withdrawnQuery,
} from '@bjp/domain';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { removeAbandonedFiles } from './cleanup.js';
import { importJobs } from './import-job.js';
import { importRow } from './queries.js';
import { startRollCheck } from './roll/start.js';
import { rollTemplate } from './roll/templates.js';
import { withdrawnStudents } from './roll/withdrawn.js';
import { confirmImport, dryRun, importDetail, importHistory, parseErrorsKey } from './service.js';
import { openChunked } from './stored-file.js';
import { receiveUpload } from './upload.js';

const tags = ['imports'];
const confirmed = z.object({
  id: z.number().int(),
  jobId: z.string().describe('Follow it at GET /imports/:id'),
  message: z
    .string()
    .optional()
    .describe('Set when the import’s earlier job had died with its server and this one started it again'),
});

/** The UTF-8 name first, an ASCII fallback after (as the exports' downloads). */
const attachment = (name: string) => {
  const ascii = name.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  return `attachment; filename*=UTF-8''${encodeURIComponent(name)}; filename="${ascii}"`;
};

/**
 * 'Importar Datos' (issue 18), national administrators only ('imports.run'): the bank's payment
 * file is uploaded for a dry run that writes nothing but the stored file and its import row, then
 * confirmed as a job that writes through the Síntesis sync's path. See docs/imports.md.
 */
export async function importsRoutes(app: AppInstance) {
  // Registered here, for this area only; the upload is streamed (upload.ts), never buffered.
  await app.register(multipart, { throwFileSizeLimit: false });
  const jobs = importJobs(app);
  // IMPORT_MAX_BYTES lowers the limit (the 413 test); it is never raised past MAX_IMPORT_BYTES.
  const maxBytes = Math.min(Number(process.env.IMPORT_MAX_BYTES) || MAX_IMPORT_BYTES, MAX_IMPORT_BYTES);
  // Each upload first deletes the stored files of dry runs abandoned for a week (cleanup.ts); a
  // failure there is logged and does not stop the new file.
  const cleanUp = (req: FastifyRequest) =>
    removeAbandonedFiles(app.deps).catch((error) => req.log.warn({ err: error }, 'import cleanup failed'));

  app.get(
    '/imports/payments/template',
    { schema: { tags, description: 'Plantilla CSV del archivo de pagos' }, preHandler: guard('imports.run') },
    async (_req, reply) =>
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachment('plantilla_pagos.csv'))
        // With a BOM, Excel opens the accents right.
        .send(`\uFEFF${paymentTemplateCsv}`),
  );

  app.post(
    '/imports/payments/dry-run',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: 'Revisa el archivo de pagos (campo «archivo») sin escribir pagos',
        response: { 200: dryRunResult },
      },
      preHandler: guard('imports.run'),
    },
    async (req) => {
      const file = await receiveUpload(req, maxBytes);
      await cleanUp(req);
      try {
        return await dryRun(app.deps, req.authUser.id, file);
      } finally {
        await file.dispose();
      }
    },
  );

  app.get(
    '/imports/roll/:kind/template',
    {
      schema: { tags, params: rollKindParams, description: 'Plantilla CSV de un archivo de la nómina' },
      preHandler: guard('imports.run'),
    },
    async (req, reply) => {
      const template = await rollTemplate(app.deps.db, req.params.kind);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', attachment(template.fileName))
        .send(`\uFEFF${template.csv}`);
    },
  );

  app.post(
    '/imports/roll/:kind/dry-run',
    {
      schema: {
        tags,
        params: rollKindParams,
        consumes: ['multipart/form-data'],
        description:
          'Sube un archivo de la nómina (distritos, unidades educativas o estudiantes; campo «archivo») y pone en cola su revisión, que no escribe nada',
        response: { 202: rollCheckStarted },
      },
      preHandler: guard('imports.run'),
    },
    async (req, reply) => {
      const file = await receiveUpload(req, maxBytes);
      await cleanUp(req);
      try {
        return reply
          .code(202)
          .send(await startRollCheck(app.deps, jobs, req.authUser.id, req.params.kind, file));
      } finally {
        await file.dispose();
      }
    },
  );

  app.get(
    '/imports',
    {
      schema: { tags, querystring: importHistoryQuery, response: { 200: importPage } },
      preHandler: guard('imports.run'),
    },
    async (req) => importHistory(app.deps.db, req.query.page),
  );

  app.get(
    '/imports/withdrawn',
    {
      schema: {
        tags,
        description:
          'Estudiantes retirados: inscripciones de la gestión abierta que la última nómina importada ya no lista, para revisar',
        querystring: withdrawnQuery,
        response: { 200: withdrawnPage },
      },
      preHandler: guard('imports.run'),
    },
    async (req) => withdrawnStudents(app.deps.db, req.query),
  );

  app.get(
    '/imports/:id',
    {
      schema: { tags, params: importParams, response: { 200: importDetailSchema } },
      preHandler: guard('imports.run'),
    },
    async (req) => importDetail(app.deps, jobs, req.params.id),
  );

  app.get(
    '/imports/:id/errors',
    {
      schema: { tags, params: importParams, description: 'Todos los errores de la revisión (XLSX)' },
      preHandler: guard('imports.run'),
    },
    async (req, reply) => {
      const row = await importRow(app.deps.db, req.params.id);
      if (!row?.errorsKey) throw new AppError('not_found', importMessages.notFound);
      const { prefix, chunks } = parseErrorsKey(row.errorsKey);
      const stream = await openChunked(fileStoreFor(app.deps), prefix, chunks);
      if (!stream) throw new AppError('not_found', importMessages.notFound);
      return reply
        .header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('Content-Disposition', attachment(`errores_importacion_${row.id}.xlsx`))
        .header('Cache-Control', 'no-store')
        .send(stream);
    },
  );

  app.post(
    '/imports/:id/confirm',
    {
      schema: { tags, params: importParams, response: { 202: confirmed } },
      preHandler: guard('imports.run'),
    },
    async (req, reply) =>
      reply.code(202).send(await confirmImport(app.deps, jobs, req.authUser.id, req.params.id)),
  );
}
