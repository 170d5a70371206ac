import {
  type EventFileKind,
  eventCreateFields,
  eventFileKinds,
  eventFormOptions,
  eventListQuery,
  eventPage,
  eventRow,
  eventStateChange,
  idParam,
  placeCreate,
  placeRow,
} from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app.js';
import { guard } from '../../auth/guard.js';
import * as catalog from './catalog-service.js';
import * as eventsService from './event-service.js';
import { readMultipart } from './multipart.js';
import { type CheckedFile, checkUpload, isFieldError } from './uploads.js';
import { type FieldError, fieldErrors, parseOrThrow } from './validation.js';

const idParams = z.object({ id: idParam });
const fileRules = { banner: 'image', poster: 'image', regulation: 'pdf' } as const;
const isEventFileKind = (field: string): field is EventFileKind =>
  (eventFileKinds as readonly string[]).includes(field);

/** Banner and poster: optional images; regulation: a required PDF; each at most 1024 KB, sniffed. */
function checkEventFiles(files: Awaited<ReturnType<typeof readMultipart>>['files']): CheckedFile[] {
  const problems: FieldError[] = [];
  const checked: CheckedFile[] = [];
  for (const file of files) {
    if (!isEventFileKind(file.field) || checked.some((c) => c.field === file.field)) {
      problems.push({ field: file.field, message: 'Archivo no esperado.' });
      continue;
    }
    const result = checkUpload(file, fileRules[file.field]);
    if (isFieldError(result)) problems.push(result);
    else checked.push(result);
  }
  if (!files.some((f) => f.field === 'regulation'))
    problems.push({ field: 'regulation', message: 'El campo es obligatorio.' });
  if (problems.length > 0) throw fieldErrors(problems);
  return checked;
}

export async function eventRoutes(app: AppInstance) {
  app.get(
    '/events',
    {
      schema: { tags: ['events'], querystring: eventListQuery, response: { 200: eventPage } },
      preHandler: guard('events.manage'),
    },
    async (req) => eventsService.listEvents(app.deps, req.query),
  );

  app.post(
    '/events',
    {
      schema: {
        tags: ['events'],
        consumes: ['multipart/form-data'],
        description:
          'Campos de eventCreateFields y los archivos banner, poster (imágenes) y regulation (PDF), de hasta 1024 KB.',
        response: { 201: eventRow },
      },
      preHandler: guard('events.manage'),
    },
    async (req, reply) => {
      const body = await readMultipart(req, 3);
      const fields = parseOrThrow(eventCreateFields, body.fields);
      const files = checkEventFiles(body.files);
      const created = await eventsService.createEvent(app.deps, req.user!, fields, files, req.ip);
      return reply.code(201).send(created);
    },
  );

  app.post(
    '/events/:id/send',
    {
      schema: { tags: ['events'], params: idParams, response: { 200: eventStateChange } },
      preHandler: guard('events.manage'),
    },
    async (req) => eventsService.sendEvent(app.deps, req.user!, req.params.id, req.ip),
  );

  app.post(
    '/events/:id/conclude',
    {
      schema: { tags: ['events'], params: idParams, response: { 200: eventStateChange } },
      preHandler: guard('events.manage'),
    },
    async (req) => eventsService.concludeEvent(app.deps, req.user!, req.params.id, req.ip),
  );

  app.get(
    '/events/options',
    { schema: { tags: ['events'], response: { 200: eventFormOptions } }, preHandler: guard('events.manage') },
    async () => catalog.eventFormOptions(app.deps),
  );

  app.post(
    '/places',
    {
      schema: { tags: ['events'], body: placeCreate, response: { 201: placeRow } },
      preHandler: guard('events.manage'),
    },
    async (req, reply) =>
      reply.code(201).send(await catalog.createPlace(app.deps, req.user!, req.body, req.ip)),
  );
}
