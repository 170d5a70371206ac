import { z } from 'zod';
import { idParam, pageOf, pageParam, sieParam } from '../common/index.js';
import { paidMessages } from './messages.js';
import { validationProblem } from './rules.js';

export const paidStateEnum = z.enum(['paid', 'not_paid', 'unvalidated']);

const counts = z.object({
  total: z.number().int().describe('Estudiantes pagados cuyo titular de cobro es maestro o director'),
  validated: z.number().int().describe('Validados (PAGADO o NO PAGADO)'),
  pending: z.number().int().describe('Por validar (SIN VALIDAR)'),
  delivered: z.number().int().describe('Validados PAGADO: el bono llegó al estudiante'),
  undelivered: z.number().int().describe('Validados NO PAGADO: el bono no llegó al estudiante'),
});
export type PaidCounts = z.infer<typeof counts>;

/** The page header: gestión, 'DETALLE ESTADO' and whether the operation is still open. */
export const paidInstitutionState = z.object({
  sie: z.number().int(),
  year: z.number().int().describe('Gestión del programa'),
  codeType: z.number().int().describe('1 UE regular (un reporte), 4 CEE (declaración jurada DDJJ)'),
  amountPerStudent: z.number().int().describe('Bolivianos por estudiante'),
  counts: counts.describe('Consolidado: lo declarado en la consolidación vigente; abierto: el estado actual'),
  paidAfterDeclaration: z
    .number()
    .int()
    .describe(
      'Consolidado: estudiantes pagados por el banco a un maestro o director después de la declaración (PAGADO POR BANCO SIN DECLARAR)',
    ),
  consolidation: z
    .object({ consolidatedAt: z.string(), consolidatedBy: z.string() })
    .nullable()
    .describe('Consolidación vigente del operativo; null mientras está abierto'),
  canValidate: z.boolean().describe('El usuario puede registrar validaciones ahora'),
  canConsolidate: z.boolean().describe('El usuario puede consolidar ahora'),
});
export type PaidInstitutionState = z.infer<typeof paidInstitutionState>;

export const paidPageQuery = z.object({ page: pageParam });

export const paidTitularParams = z.object({
  sie: sieParam.describe('Código SIE'),
  personId: idParam.describe('Persona titular de cobro'),
});
export const paidInscriptionParams = z.object({
  sie: sieParam.describe('Código SIE'),
  inscriptionId: idParam.describe('Inscripción del estudiante'),
});

/** A teacher or director who collected as titular, with their students' validation counts. */
export const paidTitularRow = z.object({
  personId: z.number().int(),
  carnet: z.string(),
  complemento: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  holderTypeId: z.number().int().describe('2 MAESTRO, 3 DIRECTOR'),
  holderTypeName: z.string(),
  ...counts.shape,
});
export type PaidTitularRow = z.infer<typeof paidTitularRow>;
export const paidTitularPage = pageOf(paidTitularRow);
export type PaidTitularPage = z.infer<typeof paidTitularPage>;

export const paidStudentRow = z.object({
  inscriptionId: z.number().int(),
  number: z.number().int().describe('Número de fila (ID en la lista)'),
  rude: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  nivel: z.string(),
  grado: z.string(),
  isPaid: z.boolean().nullable().describe('true PAGADO, false NO PAGADO, null SIN VALIDAR'),
  state: paidStateEnum,
  stateLabel: z.string(),
  blocked: z.boolean().describe('Con bloqueo temporal de pago abierto (no se envía a Síntesis)'),
});
export type PaidStudentRow = z.infer<typeof paidStudentRow>;
export const paidStudentPage = pageOf(paidStudentRow);
export type PaidStudentPage = z.infer<typeof paidStudentPage>;

/** The stored validation, loaded back when the modal is reopened. */
export const storedValidation = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  fullName: z.string(),
  isPaid: z.boolean().nullable(),
  observation: z.string().nullable(),
  validatedAt: z.string().nullable(),
  validatedBy: z.string().nullable().describe('Usuario que registró la validación'),
});
export type StoredValidation = z.infer<typeof storedValidation>;

/** 'Registrar' in 'Validación Estudiante'. The titular, school and user come from the server. */
export const saveValidationRequest = z
  .object({
    isPaid: z.boolean({ error: paidMessages.selectPaymentState }).describe('true PAGADO, false NO PAGADO'),
    observation: z
      .string()
      .max(500, paidMessages.observationTooLong)
      .nullish()
      .describe('Obligatoria si NO PAGADO; se descarta si PAGADO'),
  })
  .superRefine((value, ctx) => {
    const problem = validationProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', path: ['observation'], message: problem });
  });
export type SaveValidationRequest = z.input<typeof saveValidationRequest>;

export const saveValidationResult = storedValidation.extend({
  state: paidStateEnum,
  stateLabel: z.string(),
  message: z.string(),
});
export type SaveValidationResult = z.infer<typeof saveValidationResult>;

export const paidConsolidationResult = z.object({
  sie: z.number().int(),
  consolidatedAt: z.string(),
  students: z.number().int(),
  delivered: z.number().int(),
  undelivered: z.number().int(),
  amountPerStudent: z.number().int(),
  saldo: z.number().describe('Bolivianos a devolver'),
  message: z.string(),
});
export type PaidConsolidationResult = z.infer<typeof paidConsolidationResult>;

/** DDJJ titular row (part 2 §3): carnet, complemento, names, holder type, total, paid, pending. */
export const paidReportRow = z.object({
  personId: z.number().int(),
  carnet: z.string(),
  complemento: z.string(),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  holderTypeName: z.string().describe('Tipo de titular: MAESTRO o DIRECTOR'),
  total: z.number().int(),
  totalPaid: z.number().int().describe('Validados PAGADO'),
  totalPending: z.number().int().describe('Validados NO PAGADO: el bono no llegó al estudiante'),
  saldo: z.number().describe('Bolivianos a devolver por este titular'),
});
export type PaidReportRow = z.infer<typeof paidReportRow>;

/** The report that replaces the consolidate button: type 1 one report, type 4 the DDJJ. */
export const paidReport = z.object({
  sie: z.number().int(),
  name: z.string(),
  codeType: z.number().int(),
  typeName: z.string(),
  departmentName: z.string(),
  districtName: z.string(),
  year: z.number().int(),
  consolidatedAt: z.string(),
  consolidatedBy: z.string(),
  amountPerStudent: z.number().int().describe('Bolivianos por estudiante vigentes al consolidar'),
  rows: z.array(paidReportRow),
  totals: z.object({ total: z.number().int(), totalPaid: z.number().int(), totalPending: z.number().int() }),
  saldo: z.number(),
  saldoText: z.string().describe("Saldo con 2 decimales y separador de miles, p. ej. '1,200.00'"),
});
export type PaidReport = z.infer<typeof paidReport>;
