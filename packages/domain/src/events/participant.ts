import { z } from 'zod';
import { boliviaDay, messages } from '../common/index.js';
import { normalizeDocument } from '../holders/index.js';
import { departments } from '../structure/index.js';
import { isIsoDay } from './dates.js';
import { birthDateError, complementError, documentError, FOREIGN_DOCUMENT_LENGTH } from './identity.js';
import { eventMessages } from './messages.js';

const LETTERS_AND_SPACES = /^[\p{L} ]+$/u;

/** A required text of letters and spaces with a minimum length (part 1 §5 'alpha_spaces'). */
const lettersAndSpaces = (min: number, max = 80) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .regex(LETTERS_AND_SPACES, messages.alphaSpaces)
    .min(min, messages.tooShort)
    .max(max, messages.tooLong);

/**
 * The minimum data of every enrollment ('Formulario Base de inscripción'), with the rules of part 1 §5:
 * letters-and-spaces names, phone of at least 7, a valid e-mail. The document's rule depends on the
 * nationality (identity.ts), so it is checked on the whole object: use participant, or
 * participantIdentity on a schema extended from this one.
 */
export const participantBase = z.object({
  document: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(FOREIGN_DOCUMENT_LENGTH.max, messages.tooLong)
    .transform(normalizeDocument)
    .describe('CI (5 a 10 dígitos) o, para extranjeros, pasaporte o documento (6 a 20 letras y números)'),
  complement: z
    .string()
    .trim()
    .max(2, messages.tooLong)
    .refine((v) => complementError(v) === null, eventMessages.invalidComplement)
    .transform(normalizeDocument)
    .default('')
    .describe("Complemento del CI: vacío o dos letras o números ('1A')"),
  nationality: z.coerce
    .number({ error: messages.required })
    .int()
    .refine((n) => n === 1 || n === 2, messages.required)
    .describe('1 Nacional, 2 Extranjero'),
  firstLastName: lettersAndSpaces(3).describe('Apellido Paterno'),
  secondLastName: lettersAndSpaces(3).describe('Apellido Materno'),
  name: lettersAndSpaces(3).describe('Nombre(s)'),
  phone: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .regex(/^\d+$/, eventMessages.digitsOnly)
    .min(7, messages.tooShort)
    .max(12, messages.tooLong),
  email: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(120, messages.tooLong)
    .pipe(z.email(messages.email)),
  job: lettersAndSpaces(5).describe('Ocupación'),
  institution: lettersAndSpaces(3, 120).describe('Institución'),
  position: lettersAndSpaces(3).describe('Cargo'),
  birthDate: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .refine((d) => isIsoDay(d) && d >= '1900-01-01', eventMessages.invalidDate)
    .describe('Fecha de Nacimiento (aaaa-mm-dd)'),
  department: lettersAndSpaces(3).refine(
    (d) => departments.some((p) => p.name === d),
    eventMessages.invalidOption,
  ),
});
export type ParticipantBase = z.infer<typeof participantBase>;
export type ParticipantBaseInput = z.input<typeof participantBase>;

export const emptyParticipant: Record<keyof ParticipantBase, string> = {
  document: '',
  complement: '',
  nationality: '1',
  firstLastName: '',
  secondLastName: '',
  name: '',
  phone: '',
  email: '',
  job: '',
  institution: '',
  position: '',
  birthDate: '',
  department: '',
};

/**
 * The document against the nationality chosen (a CI, or a foreigner's document), for a superRefine
 * on participantBase or a schema extended from it. The birth date's upper bound (today) needs the
 * caller's clock: see birthDateError.
 */
export function participantIdentity(value: { document: string; nationality: number }, ctx: z.RefinementCtx) {
  const problem = documentError(value.document, value.nationality);
  if (problem) ctx.addIssue({ code: 'custom', path: ['document'], message: problem });
}

/** The participant with every rule that needs no clock. */
export const participant = participantBase.superRefine(participantIdentity);

/**
 * One field's message under the participant rules, or null (for validation on blur and change). The
 * document is read under `context.nationality` (default Nacional) and the birth date may not be after
 * `context.today` (default Bolivia's today), the same rules the server applies.
 */
export function participantFieldError(
  field: keyof ParticipantBase,
  value: string,
  context: { nationality?: number | string; today?: string } = {},
): string | null {
  if (field === 'document') return documentError(value, context.nationality ?? 1);
  if (field === 'birthDate') return birthDateError(value, context.today ?? boliviaDay());
  const result = participantBase.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}
