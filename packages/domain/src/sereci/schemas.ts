import { z } from 'zod';
import { pageOf } from '../common/index.js';
import { sereciMessages } from './messages.js';
import { normalizeRude } from './status.js';

/** A RUDE in a path or body: trimmed, upper-cased, not empty ('Ingrese un RUDE válido'). */
export const rudeValue = z
  .string()
  .transform(normalizeRude)
  .pipe(z.string().min(1, sereciMessages.enterValidRude).max(30, sereciMessages.enterValidRude))
  .describe('Código RUDE del estudiante');

export const rudeParams = z.object({ rude: rudeValue });

const certificateField = (label: string) =>
  z
    .string({ error: `${label}: ${'El campo es obligatorio.'}` })
    .trim()
    .min(1, `${label}: El campo es obligatorio.`)
    .max(20, `${label}: La longitud del campo es demasiado larga.`);

/** 'Datos de Validación SERECI': the four certificate fields, all required after trimming. */
export const sereciCertificate = z.object({
  oficialia: certificateField('Oficialía').describe('Oficialía de Registro Civil'),
  libro: certificateField('Libro').describe('Número de libro'),
  partida: certificateField('Partida').describe('Número de partida'),
  folio: certificateField('Folio').describe('Número de folio'),
});
export type SereciCertificate = z.infer<typeof sereciCertificate>;

export const sereciStatusEnum = z.enum(['segip', 'sereci', 'pending']);

/** The student card of 'Validación SERECI' (part 2 §3 'Birth-registry lookup'). */
export const sereciStudent = z.object({
  id: z.number().int(),
  rude: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  birthDate: z.string().describe('Fecha de nacimiento (aaaa-mm-dd)'),
  segipId: z.number().int(),
  emparejaSereci: z.boolean(),
  status: sereciStatusEnum,
  statusLabel: z.string(),
  institution: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  certificate: sereciCertificate
    .nullable()
    .describe('Datos del certificado registrados (RUDE o validación previa), para prellenar el formulario'),
  validatedAt: z.string().nullable(),
});
export type SereciStudent = z.infer<typeof sereciStudent>;

export const sereciValidationResult = z.object({ message: z.string(), student: sereciStudent });
export type SereciValidationResult = z.infer<typeof sereciValidationResult>;

export const sereciValidationRow = z.object({
  id: z.number().int(),
  rude: z.string(),
  student: z.string(),
  validatedAt: z.string(),
});
export type SereciValidationRow = z.infer<typeof sereciValidationRow>;
export const sereciValidationPage = pageOf(sereciValidationRow);
export type SereciValidationPage = z.infer<typeof sereciValidationPage>;
