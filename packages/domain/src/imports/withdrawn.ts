import { z } from 'zod';
import { intParam, pageOf, pageParam, SEARCH_MAX_LENGTH, text } from '../common/index.js';

/**
 * 'Estudiantes retirados': the open year's inscriptions a roll import no longer lists, for the data
 * team to review (docs/imports.md). They keep titular, payment and declaration; only a 'Baja
 * Beneficiario' takes a student off the programme.
 */
export const WITHDRAWN_PAGE_SIZE = 25;

export const withdrawnQuery = z.object({
  page: pageParam.describe('Página, desde 1'),
  departmentId: intParam(1, 9, 'Ingrese un código de Departamento')
    .optional()
    .describe('Código de departamento (1–9)'),
  search: text({ max: SEARCH_MAX_LENGTH })
    .optional()
    .describe('RUDE del estudiante o código SIE de la unidad educativa'),
});
export type WithdrawnQuery = z.infer<typeof withdrawnQuery>;

export const withdrawnStudent = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  student: z.string().describe('Apellidos y nombres'),
  sie: z.number().int(),
  institution: z.string(),
  department: z.string(),
  course: z.string().describe("'{nivel} · {grado} - {paralelo}' (courseLabel)"),
  withdrawnAt: z.string().describe('Cuándo la nómina importada dejó de listarlo (ISO 8601)'),
  importId: z.number().int().nullable().describe('La importación que lo marcó'),
  hasTitular: z.boolean(),
  paid: z.boolean().describe('El banco registró el pago'),
  declared: z.boolean().describe('Figura en la declaración jurada consolidada de su unidad educativa'),
  removed: z.boolean().describe('Ya tiene una Baja Beneficiario'),
});
export type WithdrawnStudent = z.infer<typeof withdrawnStudent>;

export const withdrawnPage = pageOf(withdrawnStudent);
export type WithdrawnPage = z.infer<typeof withdrawnPage>;
