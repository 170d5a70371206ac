import {
  eventMessages,
  idParam,
  participantCancel,
  participantCancelResult,
  participantDetail,
  participantExportQuery,
  participantFileParams,
  participantListQuery,
  participantPage,
  participantParams,
} from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { exportParticipants } from './participant-export.js';
import * as participants from './participant-service.js';

const eventParams = z.object({ id: idParam });

/** Only ASCII in the header; the stored original name may hold anything. */
const safeName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'archivo';

/** The participants of an event (issue 15), for whoever manages events. */
export async function participantRoutes(app: AppInstance) {
  app.get(
    '/events/:id/participants',
    {
      schema: {
        tags: ['events'],
        params: eventParams,
        querystring: participantListQuery,
        response: { 200: participantPage },
      },
      preHandler: guard('events.manage'),
    },
    async (req) => participants.listParticipants(app.deps, req.params.id, req.query),
  );

  app.get(
    '/events/:id/participants/export',
    {
      schema: {
        tags: ['events'],
        params: eventParams,
        querystring: participantExportQuery,
        description:
          'Descarga XLSX o CSV (UTF-8 con BOM) de las inscripciones con los mismos filtros de la lista.',
      },
      preHandler: guard('events.manage'),
    },
    async (req, reply) => {
      const file = await exportParticipants(app.deps, req.params.id, req.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.get(
    '/events/:id/participants/:enrollmentId',
    {
      schema: { tags: ['events'], params: participantParams, response: { 200: participantDetail } },
      preHandler: guard('events.manage'),
    },
    async (req) => participants.getParticipant(app.deps, req.params.id, req.params.enrollmentId),
  );

  app.get(
    '/events/:id/participants/:enrollmentId/files/:fileId',
    {
      schema: { tags: ['events'], params: participantFileParams },
      preHandler: guard('events.manage'),
    },
    async (req, reply) => {
      const { id, enrollmentId, fileId } = req.params;
      const file = await participants.participantFile(app.deps, id, enrollmentId, fileId);
      const stream = await fileStoreFor(app.deps).open(file.storage_key);
      if (!stream) throw new AppError('not_found', eventMessages.fileNotFound);
      return reply
        .header('content-type', file.content_type)
        .header('content-length', file.size_bytes)
        .header('content-disposition', `attachment; filename="${safeName(file.original_name)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(stream);
    },
  );

  app.post(
    '/events/:id/participants/:enrollmentId/cancel',
    {
      schema: {
        tags: ['events'],
        params: participantParams,
        body: participantCancel,
        response: { 200: participantCancelResult },
      },
      preHandler: guard('events.manage'),
    },
    async (req) =>
      participants.cancelParticipant(
        app.deps,
        req.authUser,
        req.params.id,
        req.params.enrollmentId,
        req.body.reason,
        req.ip,
      ),
  );
}
