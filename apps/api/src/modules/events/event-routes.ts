import {
  type EventFileKind,
  eventCreateFields,
  eventDetail,
  eventFileKinds,
  eventFormOptions,
  eventHistory,
  eventListQuery,
  eventPage,
  eventRow,
  eventStateChange,
  eventUpdateFields,
  idParam,
  placeCreate,
  placeListQuery,
  placePage,
  placeRow,
  placeUpdate,
} from '@bjp/domain';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.js';
import { guard } from '../../auth/guard.js';
import * as catalog from './catalog-service.js';
import { updateEvent } from './event-edit.js';
import { getEventDetail, getEventHistory } from './event-history.js';
import * as eventsService from './event-service.js';
import { readMultipart } from './multipart.js';
import * as placeService from './place-service.js';
import { type CheckedFile, checkUpload, isFieldError } from './uploads.js';
import { type FieldError, fieldErrors, parseOrThrow } from './validation.js';

const idParams = z.object({ id: idParam });
const fileRules = { banner: 'image', poster: 'image', regulation: 'pdf' } as const;
const isEventFileKind = (field: string): field is EventFileKind =>
  (eventFileKinds as readonly string[]).includes(field);

/**
 * Banner and poster: optional images; regulation: a PDF, required on creation (on an edit every file
 * is optional: one sent replaces the current); each at most 1024 KB, sniffed.
 */
function checkEventFiles(
  files: Awaited<ReturnType<typeof readMultipart>>['files'],
  regulationRequired = true,
): CheckedFile[] {
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
  if (regulationRequired && !files.some((f) => f.field === 'regulation'))
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
      const created = await eventsService.createEvent(app.deps, req.authUser, fields, files, req.ip);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/events/:id',
    {
      schema: { tags: ['events'], params: idParams, response: { 200: eventDetail } },
      preHandler: guard('events.manage'),
    },
    async (req) => getEventDetail(app.deps, req.params.id),
  );

  app.put(
    '/events/:id',
    {
      schema: {
        tags: ['events'],
        params: idParams,
        consumes: ['multipart/form-data'],
        description:
          'Los campos de eventCreateFields con sus reglas; banner, poster y regulation opcionales: uno enviado reemplaza al vigente, que queda como versión anterior.',
        response: { 200: eventRow },
      },
      preHandler: guard('events.manage'),
    },
    async (req) => {
      const body = await readMultipart(req, 3);
      const fields = parseOrThrow(eventUpdateFields, body.fields);
      const files = checkEventFiles(body.files, false);
      return updateEvent(app.deps, req.authUser, req.params.id, fields, files, req.ip);
    },
  );

  app.get(
    '/events/:id/history',
    {
      schema: { tags: ['events'], params: idParams, response: { 200: eventHistory } },
      preHandler: guard('events.manage'),
    },
    async (req) => getEventHistory(app.deps, req.params.id),
  );

  app.post(
    '/events/:id/cancel',
    {
      schema: { tags: ['events'], params: idParams, response: { 200: eventStateChange } },
      preHandler: guard('events.manage'),
    },
    async (req) => eventsService.cancelEvent(app.deps, req.authUser, req.params.id, req.ip),
  );

  app.post(
    '/events/:id/send',
    {
      schema: { tags: ['events'], params: idParams, response: { 200: eventStateChange } },
      preHandler: guard('events.manage'),
    },
    async (req) => eventsService.sendEvent(app.deps, req.authUser, req.params.id, req.ip),
  );

  app.post(
    '/events/:id/conclude',
    {
      schema: { tags: ['events'], params: idParams, response: { 200: eventStateChange } },
      preHandler: guard('events.manage'),
    },
    async (req) => eventsService.concludeEvent(app.deps, req.authUser, req.params.id, req.ip),
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
      reply.code(201).send(await placeService.createPlace(app.deps, req.authUser, req.body, req.ip)),
  );

  app.get(
    '/events/places',
    {
      schema: { tags: ['events'], querystring: placeListQuery, response: { 200: placePage } },
      preHandler: guard('events.manage'),
    },
    async (req) => placeService.listPlaces(app.deps, req.query),
  );

  app.put(
    '/events/places/:id',
    {
      schema: { tags: ['events'], params: idParams, body: placeUpdate, response: { 200: placeRow } },
      preHandler: guard('events.manage'),
    },
    async (req) => placeService.updatePlace(app.deps, req.authUser, req.params.id, req.body, req.ip),
  );

  for (const [action, state] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.post(
      `/events/places/:id/${action}`,
      {
        schema: { tags: ['events'], params: idParams, response: { 200: placeRow } },
        preHandler: guard('events.manage'),
      },
      async (req) => placeService.setPlaceState(app.deps, req.authUser, req.params.id, state, req.ip),
    );
  }
}
