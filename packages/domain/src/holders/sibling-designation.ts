import { z } from 'zod';
import { idSchema } from '../common/index.js';
import { holderMessages } from './messages.js';
import { previousGuardianRefusal } from './previous-guardians.js';
import {
  PREVIOUS_TITULARS_CAP,
  previousTitularsMessages,
  previousTitularsResult,
} from './previous-titulars-batch.js';

/**
 * Siblings (issue 37 §1, decision 062): an adult chosen as a student's titular who is also the
 * guardian of other students of the school is offered as their titular too, in the same confirmation.
 */
export const siblingMessages = {
  offer: (name: string, count: number) =>
    count === 1
      ? `${name} también es tutor de otro estudiante de esta unidad educativa. ¿Designarlo también como su titular?`
      : `${name} también es tutor de ${count} estudiantes más de esta unidad educativa. ¿Designarlo también como su titular?`,
  current: (name: string) => `Titular actual: ${name}`,
  designated: (count: number) =>
    count === 1 ? 'Titular registrado para 1 estudiante.' : `Titular registrado para ${count} estudiantes.`,
  notGuardian: (ids: number[]) =>
    `La persona no es tutor de estos estudiantes de la unidad educativa: ${ids.join(', ')}.`,
} as const;

/** One student of the school whose active guardian the person is, with why the person cannot be their titular. */
export const guardianStudent = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  fullName: z.string(),
  course: z.string(),
  relationshipName: z.string(),
  /** Already this student's titular: listed, never offered. */
  isTitular: z.boolean(),
  currentTitular: z.string().nullable().describe('Nombre del titular actual si es otra persona'),
  reason: z.string().nullable().describe('Por qué no se puede designar; null si se puede'),
});
export type GuardianStudent = z.infer<typeof guardianStudent>;

export const guardianStudentsResponse = z.object({
  personId: z.number().int(),
  fullName: z.string(),
  students: z.array(guardianStudent),
});
export type GuardianStudentsResponse = z.infer<typeof guardianStudentsResponse>;

export const titularDesignationsRequest = z.object({
  inscriptionIds: z
    .array(idSchema)
    .min(1, 'Indique al menos un estudiante.')
    .max(PREVIOUS_TITULARS_CAP, 'Demasiados estudiantes en una solicitud.')
    .refine((ids) => new Set(ids).size === ids.length, previousTitularsMessages.duplicated),
});
export type TitularDesignationsRequest = z.infer<typeof titularDesignationsRequest>;

/** The same answer as the batch of last year's titulars: designated count and who was not, and why. */
export const titularDesignationsResult = previousTitularsResult;

/**
 * Why the person cannot be designated this student's titular, or null: the student's own state
 * (removed, identity, block), then the single 'Registrar''s checks of a guardian (identity confirmed
 * by SEGIP, relationship admitted), then decision 046. Already the titular is not a refusal: the
 * batch leaves them as they are and says so.
 */
export function siblingRefusal(input: {
  removed: boolean;
  identityValidated: boolean;
  blocked: boolean;
  verified: boolean;
  relationshipId: number;
  codeType: number;
  /** The paid validation is consolidated and the change moves a teacher or director titular in or out. */
  paidDeclared: boolean;
}): string | null {
  if (input.removed) return holderMessages.studentRemoved;
  if (!input.identityValidated) return previousTitularsMessages.identityNotValidated;
  if (input.blocked) return previousTitularsMessages.blocked;
  const refusal = previousGuardianRefusal(input);
  if (refusal) return refusal;
  if (input.paidDeclared) return previousTitularsMessages.paidDeclared;
  return null;
}
