import { z } from 'zod';
import { fieldDefinition } from './form-definition.js';
import { participantBase, participantIdentity } from './participant.js';

/** What the public enrollment page needs of an event: no counts, no internal ids beyond the event's. */
export const publicEvent = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  detail: z.string(),
  startsOn: z.string(),
  endsOn: z.string(),
  duration: z.number().int(),
  placeName: z.string(),
  open: z.boolean().describe('Acepta inscripciones hoy'),
  full: z.boolean().describe('Alcanzó el máximo de inscritos'),
  files: z.object({
    banner: z.string().nullable(),
    poster: z.string().nullable(),
    regulation: z.string().nullable(),
  }),
  fields: z.array(fieldDefinition).describe('Campos dinámicos del formulario del evento'),
});
export type PublicEvent = z.infer<typeof publicEvent>;

/** The dynamic values travel under `extra`, keyed by each field's name; files travel as multipart parts of that name. */
export const publicEnrollmentRequest = participantBase
  .extend({
    extra: z.record(z.string().max(50), z.unknown()).default({}),
  })
  .superRefine(participantIdentity);
export type PublicEnrollmentRequest = z.infer<typeof publicEnrollmentRequest>;

export const publicEnrollmentResult = z.object({ id: z.number().int(), eventId: z.number().int() });
export type PublicEnrollmentResult = z.infer<typeof publicEnrollmentResult>;
