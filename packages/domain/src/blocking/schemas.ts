import { z } from 'zod';
import { pageOf } from '../common/index.js';
import { blockingMessages, OBSERVATION_MIN_LENGTH } from './messages.js';

/** Block and unblock both ask for an observation of at least 10 characters (part 2 §5). */
export const blockObservation = z.object({
  observation: z
    .string({ error: blockingMessages.observationRequired })
    .trim()
    .min(1, blockingMessages.observationRequired)
    .min(OBSERVATION_MIN_LENGTH, blockingMessages.observationTooShort)
    .max(500, 'La longitud del campo es demasiado larga.')
    .describe('Motivo del bloqueo o desbloqueo'),
});
export type BlockObservation = z.infer<typeof blockObservation>;

/** The client-side check with the same messages, for the observation dialog. */
export function observationError(value: string): string | null {
  const result = blockObservation.shape.observation.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? blockingMessages.observationRequired);
}

export const activeBlock = z.object({
  id: z.number().int(),
  blockedAt: z.string(),
  observation: z.string(),
});

/** Part 2 §3 'Block candidate', plus whether the student is blocked now. */
export const blockCandidate = z.object({
  codigoRude: z.string(),
  studentId: z.number().int(),
  inscriptionId: z.number().int(),
  institutionId: z.number().int(),
  institutionName: z.string(),
  titularId: z.number().int().nullable().describe('Asignación de titular vigente'),
  personId: z.number().int().nullable().describe('Persona titular vigente'),
  titular: z.string().nullable(),
  ci: z.string().nullable().describe('Carnet del titular'),
  name: z.string(),
  paterno: z.string(),
  materno: z.string(),
  fechaNacimiento: z.string(),
  removed: z.boolean(),
  block: activeBlock.nullable(),
});
export type BlockCandidate = z.infer<typeof blockCandidate>;

export const blockResult = z.object({ message: z.string(), candidate: blockCandidate });
export type BlockResult = z.infer<typeof blockResult>;

/** 'Estudiantes con bloqueo temporal' (part 2 §3 'Blocked student'). */
export const blockedStudentRow = z.object({
  id: z.number().int().describe('Bloqueo'),
  rude: z.string(),
  student: z.string(),
  observation: z.string(),
  inscriptionId: z.number().int(),
  institutionId: z.number().int(),
  personId: z.number().int().nullable(),
  blockedAt: z.string(),
});
export type BlockedStudentRow = z.infer<typeof blockedStudentRow>;
export const blockedStudentPage = pageOf(blockedStudentRow);
export type BlockedStudentPage = z.infer<typeof blockedStudentPage>;
