import { z } from 'zod';
import { idSchema } from '../common/index.js';
import { holderMessages } from './messages.js';
import { previousTitularMessages, previousTitularRefusal } from './previous-titular.js';

/**
 * 'Titulares de la gestión anterior' (issue 37 §1, decision 062): every returning student of the
 * school whose previous year's titular this year's rules still admit, designated in one confirmation.
 */
export const previousTitularsMessages = {
  open: 'Titulares de la gestión anterior',
  title: (year: number) => `Titulares de la gestión ${year}`,
  intro: (count: number, year: number) =>
    count === 1
      ? `1 estudiante vuelve con su titular de la gestión ${year}, que las reglas de esta gestión admiten.`
      : `${count} estudiantes vuelven con su titular de la gestión ${year}, que las reglas de esta gestión admiten.`,
  none: 'Ningún estudiante de la unidad educativa tiene un titular de la gestión anterior que se pueda designar.',
  alreadyDone: (count: number) =>
    count === 1
      ? '1 estudiante ya tiene como titular al de la gestión anterior.'
      : `${count} estudiantes ya tienen como titular al de la gestión anterior.`,
  excludedTitle: (count: number) => `Excepciones, no se designan (${count})`,
  designate: (count: number) => (count === 1 ? 'Designar 1 titular' : `Designar ${count} titulares`),
  designated: (count: number) =>
    count === 0
      ? 'No se designó ningún titular.'
      : count === 1
        ? 'Se designó 1 titular de la gestión anterior.'
        : `Se designaron ${count} titulares de la gestión anterior.`,
  notDesignatedTitle: (count: number) =>
    count === 1 ? '1 estudiante no fue designado:' : `${count} estudiantes no fueron designados:`,
  truncated: (cap: number) =>
    `Se muestran los primeros ${cap} estudiantes: después de designarlos, vuelva a abrir esta lista para el resto.`,
  failed: 'No se pudo leer la lista de titulares de la gestión anterior.',
  // Why a returning student is left out: each names what the director can do about it.
  identityNotValidated: 'Su identidad (CI o certificado de nacimiento) no está validada.',
  blocked: 'El estudiante tiene un bloqueo vigente.',
  otherTitular: 'Ya tiene otro titular registrado en esta gestión.',
  declaredWithout: 'Fue registrado sin titular en esta gestión.',
  guardianRemoved: 'El titular anterior fue retirado de la lista de tutores en esta gestión.',
  paidDeclared:
    'La validación de pagados está consolidada con este titular maestro o director: se requiere «Habilitar UE/CEE».',
  notOfSchool: (ids: number[]) =>
    `No son estudiantes de esta unidad educativa en la gestión vigente: ${ids.join(', ')}.`,
  duplicated: 'Un estudiante figura más de una vez en la solicitud.',
} as const;

/** The most students one review list shows and one request designates (a large school fits whole). */
export const PREVIOUS_TITULARS_CAP = 2000;

const studentOfBatch = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  fullName: z.string(),
  course: z.string(),
});

export const previousTitularsRow = studentOfBatch.extend({
  titular: z.object({
    personId: z.number().int(),
    carnet: z.string(),
    complemento: z.string(),
    fullName: z.string(),
    relationshipName: z.string(),
  }),
  reason: z.string().nullable().describe('Por qué no se designa; null si se designa con la confirmación'),
});
export type PreviousTitularsRow = z.infer<typeof previousTitularsRow>;

/** The review list: who one confirmation designates, and the exceptions with their reasons. */
export const previousTitularsReview = z.object({
  year: z.number().int().describe('La gestión anterior'),
  eligible: z.array(previousTitularsRow),
  excluded: z.array(previousTitularsRow),
  alreadyDesignated: z
    .number()
    .int()
    .describe('Estudiantes que ya tienen como titular al de la gestión anterior (no se listan)'),
  truncated: z.boolean().describe(`true si hubo más de ${PREVIOUS_TITULARS_CAP} estudiantes para listar`),
});
export type PreviousTitularsReview = z.infer<typeof previousTitularsReview>;

export const previousTitularsRequest = z.object({
  inscriptionIds: z
    .array(idSchema)
    .min(1, 'Indique al menos un estudiante.')
    .max(PREVIOUS_TITULARS_CAP, 'Demasiados estudiantes en una solicitud.')
    .refine((ids) => new Set(ids).size === ids.length, previousTitularsMessages.duplicated)
    .describe('Las inscripciones de la lista de revisión a designar'),
});
export type PreviousTitularsRequest = z.infer<typeof previousTitularsRequest>;

export const previousTitularsResult = z.object({
  designated: z.number().int(),
  notDesignated: z.array(studentOfBatch.extend({ reason: z.string() })),
});
export type PreviousTitularsResult = z.infer<typeof previousTitularsResult>;

/** What the batch knows of one returning student and their previous year's titular, read under the locks. */
export type PreviousTitularCandidate = {
  removed: boolean;
  identityValidated: boolean;
  blocked: boolean;
  /** This year's active titular, or null. */
  titularPersonId: number | null;
  /** The school declared this year that the student has no titular. */
  declaredWithout: boolean;
  /** The previous titular was this year's guardian and was removed from the list. */
  guardianRemoved: boolean;
  /** The paid validation is consolidated and last year's titular is a teacher or director (decision 046). */
  paidDeclared: boolean;
  personId: number;
  birthDate: string;
  verified: boolean;
  relationshipId: number;
};

/**
 * Why one returning student is not designated by the batch, or null. The student's own state first
 * (what refuses any change to them: removed, identity, block), then what the director decided this
 * year (a batch never overrides it), then the rules a single 'Elegir' of last year's titular applies
 * (`previousTitularRefusal`: age today, SEGIP, relationship admitted), then decision 046's guard.
 */
export function previousTitularExclusion(
  c: PreviousTitularCandidate,
  context: { codeType: number; today: string },
): string | null {
  if (c.removed) return holderMessages.studentRemoved;
  if (!c.identityValidated) return previousTitularsMessages.identityNotValidated;
  if (c.blocked) return previousTitularsMessages.blocked;
  if (c.titularPersonId === c.personId) return previousTitularMessages.alreadyTitular;
  if (c.titularPersonId !== null) return previousTitularsMessages.otherTitular;
  if (c.declaredWithout) return previousTitularsMessages.declaredWithout;
  if (c.guardianRemoved) return previousTitularsMessages.guardianRemoved;
  const refusal = previousTitularRefusal({
    birthDate: c.birthDate,
    verified: c.verified,
    relationshipId: c.relationshipId,
    codeType: context.codeType,
    today: context.today,
    alreadyTitular: false,
  });
  if (refusal) return refusal;
  if (c.paidDeclared) return previousTitularsMessages.paidDeclared;
  return null;
}
