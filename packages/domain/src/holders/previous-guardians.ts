import { z } from 'zod';
import { idSchema } from '../common/index.js';
import { holderMessages } from './messages.js';
import { relationshipsAllowedFor } from './relationships.js';

/** What the titular modal says of last year's guardians (issue 18, decision 041). */
export const previousGuardiansMessages = {
  title: (year: number) => `Tutores de la gestión ${year}`,
  addAll: (year: number) => `Agregar los tutores de ${year}`,
  addOne: 'Agregar',
  confirm: (count: number, year: number) =>
    count === 1
      ? `Se agregará 1 tutor de la gestión ${year} a la lista de este estudiante. ¿Continuar?`
      : `Se agregarán ${count} tutores de la gestión ${year} a la lista de este estudiante. ¿Continuar?`,
  added: (count: number) =>
    count === 0
      ? 'Los tutores de la gestión anterior ya figuran en la lista.'
      : count === 1
        ? 'Se agregó 1 tutor de la gestión anterior.'
        : `Se agregaron ${count} tutores de la gestión anterior.`,
  none: 'El estudiante no tuvo tutores en la gestión anterior.',
  notPrevious: 'La persona no fue tutor del estudiante en la gestión anterior.',
  notVerified: 'Su identidad no fue validada por SEGIP: búsquelo con «Adicionar Titular».',
} as const;

/**
 * One guardian of the student's inscription of the closest earlier year who is not an active
 * guardian of this year's: offered in this year's modal. `refusal` is the first rule of this year
 * that refuses them (the row shows it, and the copy leaves them out), or null. Its columns are
 * also last year's titular's (`previousTitular`, which adds the year).
 */
export const previousGuardian = z.object({
  personId: z.number().int(),
  carnet: z.string(),
  complemento: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  relationshipId: z.number().int(),
  relationshipName: z.string(),
  refusal: z
    .string()
    .nullable()
    .describe('Por qué las reglas de esta gestión no lo admiten; null si se puede agregar'),
});
export type PreviousGuardian = z.infer<typeof previousGuardian>;

export const previousGuardians = z.object({
  year: z.number().int().describe('La gestión anterior más cercana en que el estudiante estuvo inscrito'),
  candidates: z.array(previousGuardian).min(1),
});
export type PreviousGuardians = z.infer<typeof previousGuardians>;

/**
 * 'Agregar los tutores de 2025' (all the admitted ones) or 'Agregar' of one row: `personIds` names
 * which; absent, every candidate the rules admit.
 */
export const previousGuardiansRequest = z.object({
  personIds: z
    .array(idSchema)
    .min(1, 'Indique al menos un tutor.')
    .max(50, 'Demasiados tutores en una solicitud.')
    .optional()
    .describe('Personas a agregar; sin este campo, todos los tutores admitidos de la gestión anterior'),
});
export type PreviousGuardiansRequest = z.infer<typeof previousGuardiansRequest>;

/**
 * Why last year's guardian cannot join this year's list, or null: the rules of adding a found person
 * by hand ('Adicionar Titular'), which confirms their identity with SEGIP first and admits only the
 * relationships of this school. An unconfirmed person is left to that path, where SEGIP is asked.
 * Last year's titular passes these rules too (`previousTitularRefusal`), after its own.
 */
export function previousGuardianRefusal(input: {
  verified: boolean;
  relationshipId: number;
  codeType: number;
}): string | null {
  if (!input.verified) return previousGuardiansMessages.notVerified;
  if (!relationshipsAllowedFor(input.codeType).includes(input.relationshipId))
    return holderMessages.relationshipNotAllowed;
  return null;
}
