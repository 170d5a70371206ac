import { z } from 'zod';
import { calendarDate, idParam, intParam, pageOf, pageParam, sieParam, text } from '../common/index.js';
import { titularModalResponse } from '../holders/index.js';
import { rudeValue } from '../sereci/index.js';
import { adjustmentKinds } from './messages.js';

export const adjustmentKindEnum = z.enum(adjustmentKinds);

export const rudeInSchoolParams = z.object({
  sie: sieParam.describe('Código SIE'),
  rude: rudeValue,
});

/** The adjustment a student already has this year (once per student), if any. */
export const adjustmentSummary = z.object({
  id: z.number().int(),
  kind: adjustmentKindEnum,
  createdAt: z.string(),
});
export type AdjustmentSummary = z.infer<typeof adjustmentSummary>;

/** The 'Titular Cobro' card of the RUDE/RUDEE finder. */
export const adjustmentStudent = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  fullName: z.string(),
  course: z.string(),
  removed: z.boolean(),
  identityValidated: z.boolean(),
  blocked: z.boolean().describe('Con bloqueo temporal de pago abierto (no se envía a Síntesis)'),
  titular: z.object({ carnet: z.string(), fullName: z.string(), relationshipName: z.string() }).nullable(),
  adjustment: adjustmentSummary.nullable(),
  blocker: z.string().nullable().describe('Por qué no admite un ajuste; null si lo admite'),
});
export type AdjustmentStudent = z.infer<typeof adjustmentStudent>;

/** The 'Lista' of Ajuste Titulares: one course's students (all of the school without a course), 10 a page. */
export const adjustmentStudentsQuery = z.object({
  course: idParam.optional().describe('Curso elegido en la Lista'),
  page: pageParam,
});
export const adjustmentStudentRow = z.object({
  inscriptionId: z.number().int(),
  number: z.number().int().describe('ID en la lista'),
  rude: z.string(),
  student: z.string(),
  titularCarnet: z.string().nullable(),
  titular: z.string().nullable(),
  adjustmentKind: adjustmentKindEnum.nullable().describe('Ajuste ya registrado en la gestión, si hay'),
  removed: z.boolean(),
  blocked: z.boolean(),
});
export type AdjustmentStudentRow = z.infer<typeof adjustmentStudentRow>;
export const adjustmentStudentPage = pageOf(adjustmentStudentRow);
export type AdjustmentStudentPage = z.infer<typeof adjustmentStudentPage>;

/** The titular modal in its adjustment variant: the holders modal plus the adjustment state. */
export const adjustmentModalResponse = titularModalResponse.extend({
  adjustment: adjustmentSummary.nullable(),
  blocker: z.string().nullable(),
});
export type AdjustmentModalResponse = z.infer<typeof adjustmentModalResponse>;

export const adjustmentInstitutionState = z.object({
  sie: z.number().int(),
  year: z.number().int().describe('Gestión'),
  consolidatedAt: z.string().nullable(),
  adjustments: z.number().int().describe('Ajustes registrados en la gestión'),
});
export type AdjustmentInstitutionState = z.infer<typeof adjustmentInstitutionState>;

const isoDay = calendarDate('Fecha no válida.');

/** 'Historial Ajustes Solicitados' filters; 10 a page on the server. */
export const adjustmentHistoryQuery = z.object({
  page: pageParam,
  sie: sieParam.optional().describe('Solo esta institución'),
  search: text({ max: 80 }).optional().describe('Nombre o RUDE del estudiante'),
  carnet: text({ max: 15 }).toUpperCase().optional().describe('CI del titular'),
  holderType: intParam(1, 3).optional().describe('1 APODERADO, 2 MAESTRO, 3 DIRECTOR'),
  kind: adjustmentKindEnum.optional().describe('Tipo de solicitud'),
  date: isoDay.optional().describe('Día de la solicitud (hora de Bolivia)'),
});
export type AdjustmentHistoryQuery = z.output<typeof adjustmentHistoryQuery>;

export const adjustmentHistoryRow = z.object({
  id: z.number().int(),
  rude: z.string(),
  student: z.string(),
  sie: z.number().int(),
  titularCarnet: z.string().describe('NRO DOCUMENTO IDENTIDAD TITULAR'),
  titular: z.string(),
  holderType: z.string(),
  kind: adjustmentKindEnum.describe('SOLICITUD'),
  requestedAt: z.string().describe('FECHA SOLICITUD'),
  reenabledAt: z.string().nullable().describe('Habilitada nuevamente'),
});
export type AdjustmentHistoryRow = z.infer<typeof adjustmentHistoryRow>;
export const adjustmentHistoryPage = pageOf(adjustmentHistoryRow);
export type AdjustmentHistoryPage = z.infer<typeof adjustmentHistoryPage>;

export const reenableRequest = z.object({ rude: rudeValue });
export const reenableResult = z.object({
  message: z.string(),
  rude: z.string(),
  student: z.string(),
  adjustmentId: z.number().int(),
});
export type ReenableResult = z.infer<typeof reenableResult>;
