import { eventFileKinds, eventMessages, idParam, isPublishedState, PUBLIC_READ_RATE } from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { currentEventFile, eventFileVersion } from './queries/files.js';

const fileParams = z.object({ id: idParam, kind: z.enum(eventFileKinds) });
const versionParams = fileParams.extend({ version: idParam });
/** Only ASCII in the header; the stored original name may hold anything. */
const safeName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'archivo';

/**
 * The files of an event, served back from the store. Anyone may read the current files of a published
 * event (active or concluded: the public page shows the banner); a created or cancelled event's files,
 * and the earlier versions of any event's files ('Historial'), only its managers.
 */
export async function fileRoutes(app: AppInstance) {
  app.get(
    '/events/:id/files/:kind',
    {
      schema: { tags: ['events'], params: fileParams },
      config: { public: true, rateLimit: PUBLIC_READ_RATE },
    },
    async (req, reply) => {
      const row = await currentEventFile(app.deps.db, req.params.id, req.params.kind);
      const published = row && isPublishedState(row.state);
      if (!row || !(published || req.user?.permissions.has('events.manage'))) {
        throw new AppError('not_found', eventMessages.fileNotFound);
      }
      const stream = await fileStoreFor(app.deps).open(row.storageKey);
      if (!stream) throw new AppError('not_found', eventMessages.fileNotFound);
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.sizeBytes)
        .header('content-disposition', `inline; filename="${safeName(row.originalName)}"`)
        .header('cache-control', published ? 'public, max-age=300' : 'private, no-store')
        .send(stream);
    },
  );

  app.get(
    '/events/:id/files/:kind/versions/:version',
    { schema: { tags: ['events'], params: versionParams }, preHandler: guard('events.manage') },
    async (req, reply) => {
      const row = await eventFileVersion(app.deps.db, req.params.id, req.params.kind, req.params.version);
      const stream = row && (await fileStoreFor(app.deps).open(row.storageKey));
      if (!row || !stream) throw new AppError('not_found', eventMessages.fileNotFound);
      return reply
        .header('content-type', row.contentType)
        .header('content-length', row.sizeBytes)
        .header('content-disposition', `attachment; filename="${safeName(row.originalName)}"`)
        .header('cache-control', 'private, no-store')
        .send(stream);
    },
  );
}
