import { z } from 'zod';
import { messages } from '../common/messages.js';
import { departments } from '../structure/constants.js';
import { isIsoDay } from './dates.js';
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
 * the 7-digit document mask, letters-and-spaces names, phone of at least 7, a valid e-mail.
 */
export const participantBase = z.object({
  document: z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .regex(/^\d+$/, eventMessages.digitsOnly)
    .min(7, messages.tooShort)
    .max(7, messages.tooLong)
    .describe('Carnet de identidad, 7 dígitos'),
  complement: z
    .string()
    .trim()
    .max(2, messages.tooLong)
    .regex(/^[0-9A-Za-z]*$/, eventMessages.patternDefault)
    .transform((v) => v.toUpperCase())
    .default(''),
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

/** One field's message under the participant rules, or null (for validation on blur and change). */
export function participantFieldError(field: keyof ParticipantBase, value: string): string | null {
  const result = participantBase.shape[field].safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? messages.required);
}
