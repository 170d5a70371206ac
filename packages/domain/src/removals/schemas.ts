import { z } from 'zod';
import { idParam, intParam, pageOf, pageParam, sieParam, text } from '../common/index.js';
import { rudeValue } from '../sereci/index.js';
import { removalMessages, removalSources } from './messages.js';

export const removalDepartmentParams = z.object({
  departmentId: intParam(1, 9, 'Ingrese un código de Departamento').describe('Código de departamento (1–9)'),
});
export const removalRudeParams = removalDepartmentParams.extend({ rude: rudeValue });

export const removalDepartment = z.object({
  departmentId: z.number().int(),
  name: z.string(),
  year: z.number().int().describe('Gestión, de la configuración del programa'),
  removals: z.number().int().describe('Bajas registradas en el departamento'),
});
export type RemovalDepartment = z.infer<typeof removalDepartment>;

/** The RUDE/RUDEE finder's found student, with the 'Baja Beneficiario' button's state. */
export const removalCandidate = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  fullName: z.string(),
  sie: z.number().int(),
  institution: z.string(),
  course: z.string(),
  titularCarnet: z.string().nullable(),
  titular: z.string().nullable(),
  removedAt: z.string().nullable().describe('Fecha de baja; null si sigue siendo beneficiario'),
});
export type RemovalCandidate = z.infer<typeof removalCandidate>;

/** Limits of the reason a removal must give (it cannot be undone, so it says why). */
export const REMOVAL_REASON_MIN = 5;
export const REMOVAL_REASON_MAX = 300;
export const removalReason = text({
  min: REMOVAL_REASON_MIN,
  max: REMOVAL_REASON_MAX,
  message: removalMessages.reasonRequired,
}).describe('Motivo de la baja (5 a 300 caracteres)');

/** 'Baja Beneficiario': the body of the removal, with its reason. */
export const removalRequest = z.object({ reason: removalReason });
export type RemovalRequest = z.infer<typeof removalRequest>;

export const removalResult = z.object({ message: z.string(), removalId: z.number().int(), rude: z.string() });
export type RemovalResult = z.infer<typeof removalResult>;

/** Table 1: a course's (or a special centre's) students with their titular and the request button. */
export const removalStudentsQuery = z.object({
  course: idParam.optional(),
  page: pageParam,
});
export const removalStudentRow = z.object({
  inscriptionId: z.number().int(),
  number: z.number().int().describe('ID en la lista'),
  rude: z.string(),
  student: z.string(),
  titularCarnet: z.string().nullable(),
  titular: z.string().nullable(),
  removedAt: z.string().nullable(),
  blocked: z.boolean().describe('Con bloqueo temporal de pago abierto (no se envía a Síntesis)'),
});
export type RemovalStudentRow = z.infer<typeof removalStudentRow>;
export const removalStudentPage = pageOf(removalStudentRow);
export type RemovalStudentPage = z.infer<typeof removalStudentPage>;

/** Table 2 'Historial Baja Beneficiarios' with the state badge. */
export const removalHistoryQuery = z.object({
  sie: sieParam.optional(),
  page: pageParam,
});
export const removalHistoryRow = z.object({
  id: z.number().int(),
  rude: z.string(),
  student: z.string(),
  sie: z.number().int(),
  titularCarnet: z.string().nullable(),
  titular: z.string().nullable(),
  request: z.enum(removalSources).describe('SOLICITUD'),
  reason: z.string().nullable().describe('MOTIVO; null en bajas por ajuste o anteriores al motivo'),
  stateId: z.number().int().describe('1 registrada, 2 enviada a Síntesis'),
  state: z.string(),
  removedAt: z.string(),
});
export type RemovalHistoryRow = z.infer<typeof removalHistoryRow>;
export const removalHistoryPage = pageOf(removalHistoryRow);
export type RemovalHistoryPage = z.infer<typeof removalHistoryPage>;
