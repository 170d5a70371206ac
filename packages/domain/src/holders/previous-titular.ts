import { z } from 'zod';
import { isAdultOn } from '../common/index.js';
import { holderMessages } from './messages.js';
import {
  previousGuardian,
  previousGuardianRefusal,
  previousGuardiansMessages,
} from './previous-guardians.js';

/** What the titular modal says of last year's titular (issue 18). */
export const previousTitularMessages = {
  choice: (year: number) => `Titular de la gestión ${year}`,
  choose: 'Elegir',
  confirm: (name: string, year: number) =>
    `${name} fue titular del estudiante en la gestión ${year}. ¿Registrarlo como titular de esta gestión?`,
  none: 'El estudiante no tuvo titular en la gestión anterior.',
  alreadyTitular: 'Ya es el titular de esta gestión.',
  notVerified: previousGuardiansMessages.notVerified,
} as const;

/**
 * Last year's titular of the same student, offered in this year's modal as a one-click choice: one
 * of that year's guardians (the same person's columns as `previousGuardian`) with the year. The
 * choice goes through the rules of this year, as any guardian would: `refusal` is the first rule
 * that refuses the person now (the choice is shown disabled with it), or null.
 */
export const previousTitular = z.object({
  year: z.number().int().describe('La gestión cerrada en que fue titular'),
  ...previousGuardian.shape,
  refusal: z
    .string()
    .nullable()
    .describe('Por qué las reglas de esta gestión no lo admiten; null si se puede elegir'),
});
export type PreviousTitular = z.infer<typeof previousTitular>;

/**
 * Why last year's titular cannot be chosen now, or null: not already this year's titular, of age on
 * `today`, then the rules that admit any of last year's guardians (identity confirmed by SEGIP, a
 * relationship this school admits).
 */
export function previousTitularRefusal(
  input: Parameters<typeof previousGuardianRefusal>[0] & {
    birthDate: string;
    today: string;
    alreadyTitular: boolean;
  },
): string | null {
  if (input.alreadyTitular) return previousTitularMessages.alreadyTitular;
  if (!isAdultOn(input.birthDate, input.today)) return holderMessages.notAdult;
  return previousGuardianRefusal(input);
}
