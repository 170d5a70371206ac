import { z } from 'zod';
import { MAX_DB_INT, messages, pageOf, pageParam } from '../common/index.js';
import { eventDays, isIsoDay } from './dates.js';
import { eventMessages } from './messages.js';

const isoDay = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .refine(isIsoDay, eventMessages.invalidDate);
const id = z.coerce
  .number({ error: messages.required })
  .int(messages.required)
  .positive(messages.required)
  .max(MAX_DB_INT, messages.required);
const requiredText = (max: number) =>
  z.string({ error: messages.required }).trim().min(1, messages.required).max(max, messages.tooLong);
/** A whole count; an empty text is a missing value, not zero. */
const count = (min: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: messages.required })
      .int(messages.required)
      .min(min, messages.required)
      .max(1_000_000, messages.tooLong),
  );
/** Multipart sends every field as text: 'true'/'on'/'1' is on, anything else off. */
const flag = z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean());

/**
 * The fields of 'Formulario de Registro de Eventos' (part 1 §3, §5). The server computes the days
 * itself; the files travel beside these fields in the same multipart request.
 */
export const eventCreateFields = z
  .object({
    title: requiredText(200),
    description: requiredText(1000),
    startsOn: isoDay.describe('init_date'),
    endsOn: isoDay.describe('end_date'),
    placeId: id.describe('place_code: un ambiente activo'),
    kindEventId: id.describe('kind_event_code: un periodo y etapa activo'),
    minimum: count(0),
    maximum: count(1),
    withLimitControl: flag.describe('true: se rechazan inscripciones pasado el máximo'),
    detail: requiredText(2000).describe('Detalle / observaciones'),
    enrollmentFormId: id.describe('enrollment: un formulario de inscripción activo'),
  })
  .superRefine((e, ctx) => {
    if (isIsoDay(e.startsOn) && isIsoDay(e.endsOn) && eventDays(e.startsOn, e.endsOn) === null) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: eventMessages.endBeforeStart });
    }
    if (e.minimum > e.maximum)
      ctx.addIssue({ code: 'custom', path: ['minimum'], message: eventMessages.minimumAboveMaximum });
  });
export type EventCreateFields = z.infer<typeof eventCreateFields>;

/** 'Editar': every field again, with the rules of creation; the files are optional (a new one replaces). */
export const eventUpdateFields = eventCreateFields;
export type EventUpdateFields = EventCreateFields;

export const eventListQuery = z.object({
  tab: z.enum(['created', 'active', 'concluded', 'cancelled', 'all']).default('created'),
  page: pageParam,
  search: z.string().trim().max(100).optional(),
});
export type EventListQuery = z.infer<typeof eventListQuery>;

export const eventRow = z.object({
  id: z.number().int(),
  title: z.string().describe('Evento'),
  description: z.string().describe('Detalle'),
  minimum: z.number().int(),
  maximum: z.number().int(),
  withLimitControl: z.boolean(),
  state: z.number().int().describe('1 creado, 2 activo, 3 concluido, 4 desactivado'),
  inbox: z.number().int().describe('0: aún no enviado a comunicación'),
  enrolled: z.number().int().describe('Inscritos'),
  startsOn: z.string(),
  endsOn: z.string(),
  duration: z.number().int(),
  placeName: z.string(),
  kindEventName: z.string(),
  formName: z.string(),
  files: z.array(z.enum(['banner', 'poster', 'regulation'])),
});
export type EventRow = z.infer<typeof eventRow>;
export const eventPage = pageOf(eventRow);

export const eventFileInfo = z.object({
  kind: z.enum(['banner', 'poster', 'regulation']),
  version: z.number().int(),
  originalName: z.string(),
});

/** One event as the edit form needs it: the row plus the chosen ids, the detail and the current files. */
export const eventDetail = eventRow.extend({
  detail: z.string(),
  placeId: z.number().int(),
  kindEventId: z.number().int(),
  enrollmentFormId: z.number().int(),
  placeActive: z.boolean(),
  currentFiles: z.array(eventFileInfo),
});
export type EventDetail = z.infer<typeof eventDetail>;

/** 'Historial': who changed what and when, and every version of the files (each downloadable). */
export const eventHistory = z.object({
  changes: z.array(
    z.object({
      at: z.string(),
      action: z.string().describe('event.create, event.update, event.send, event.conclude, event.cancel'),
      userName: z.string().nullable(),
      fields: z.array(
        z.object({
          field: z.string(),
          before: z.unknown(),
          after: z.unknown(),
          beforeName: z
            .string()
            .nullable()
            .optional()
            .describe('Nombre del ambiente, tipo de evento o formulario del código anterior'),
          afterName: z.string().nullable().optional().describe('Nombre del código nuevo'),
        }),
      ),
    }),
  ),
  files: z.array(
    eventFileInfo.extend({ current: z.boolean(), createdAt: z.string(), userName: z.string().nullable() }),
  ),
});
export type EventHistory = z.infer<typeof eventHistory>;

export const eventStateChange = z.object({
  id: z.number().int(),
  state: z.number().int(),
  inbox: z.number().int(),
});
export type EventStateChange = z.infer<typeof eventStateChange>;

export const placeCreate = z.object({
  description: requiredText(200).describe('Nombre del ambiente'),
  capacity: z.coerce
    .number({ error: messages.required })
    .int(messages.required)
    .min(1, messages.required)
    .max(1_000_000),
  reference: isoDay.describe('Referencia (fecha)'),
});
export type PlaceCreate = z.infer<typeof placeCreate>;
export const placeUpdate = placeCreate;
export type PlaceUpdate = PlaceCreate;

export const placeListQuery = z.object({
  page: pageParam,
  search: z.string().trim().max(100).optional(),
  state: z.enum(['active', 'inactive', 'all']).default('all'),
});
export type PlaceListQuery = z.infer<typeof placeListQuery>;

export const placeRow = z.object({
  id: z.number().int(),
  description: z.string(),
  capacity: z.number().int(),
  reference: z.string(),
  state: z.boolean(),
});
export type PlaceRow = z.infer<typeof placeRow>;
export const placePage = pageOf(
  placeRow.extend({ events: z.number().int().describe('Eventos que lo usan') }),
);
export type PlacePage = z.infer<typeof placePage>;

const option = z.object({ id: z.number().int(), name: z.string() });

/**
 * What the event form offers: only active places, kinds of event and enrollment forms (part 1 §5).
 * A kind is a stage of an event period, named with its period ('Etapa institucional — Olimpiadas
 * 2025'); the holder registration period is not a kind of event.
 */
export const eventFormOptions = z.object({
  places: z.array(option.extend({ capacity: z.number().int() })),
  kinds: z.array(option),
  forms: z.array(option),
});
export type EventFormOptions = z.infer<typeof eventFormOptions>;
