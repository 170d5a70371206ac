import { z } from 'zod';
import { pageOf, pageParam, yearField } from '../common/index.js';
import { reconciliationPlace } from './reconciliation.js';

/**
 * 'Pagos observados' (issue 33 §4): the current payments of a place an auditor must look at, each
 * with every reason it is observed. A payment is one student's current ledger entry paid by the bank
 * (the `payments` view); a student appears once, with all its kinds.
 */

/** The kinds of observation, in the report's order. */
export const observedKinds = [
  'ANTES_DEL_INICIO',
  'DESPUES_DE_RECIBIDO',
  'ANTES_DEL_TITULAR',
  'OTRO_TITULAR',
  'MONTO_DISTINTO',
  'PAGO_REPETIDO',
  'BAJA',
  'BLOQUEADO',
  'FUERA_DEL_PADRON',
] as const;
export type ObservedKind = (typeof observedKinds)[number];

export const observedKindLabels: Record<ObservedKind, string> = {
  ANTES_DEL_INICIO: 'Fecha de pago anterior al inicio de pagos de la gestión',
  DESPUES_DE_RECIBIDO: 'Fecha de pago posterior al día en que se recibió',
  ANTES_DEL_TITULAR: 'Pago anterior al registro del titular',
  OTRO_TITULAR: 'Pago a quien no era el titular en la fecha de pago',
  MONTO_DISTINTO: 'Monto distinto al de la gestión',
  PAGO_REPETIDO: 'Más de un pago para el estudiante',
  BAJA: 'Pago a un estudiante dado de baja',
  BLOQUEADO: 'Pago a un estudiante bloqueado',
  FUERA_DEL_PADRON: 'Pago por un RUDE que no está en el padrón de la gestión',
};

/** What each kind means, as the screen's cards and the spreadsheet's summary explain it. */
export const observedKindDescriptions: Record<ObservedKind, string> = {
  ANTES_DEL_INICIO: 'El banco fechó el pago antes del inicio del calendario de pagos de la gestión.',
  DESPUES_DE_RECIBIDO: 'La fecha de pago es posterior al día en que el banco informó el pago.',
  ANTES_DEL_TITULAR: 'En la fecha de pago el estudiante no tenía titular registrado.',
  OTRO_TITULAR: 'El titular vigente en la fecha de pago no es el titular vigente hoy.',
  MONTO_DISTINTO: 'El monto registrado no es el monto por estudiante de la gestión.',
  PAGO_REPETIDO: 'El banco informó pagos con más de una fecha para el mismo estudiante.',
  BAJA: 'El estudiante está dado de baja como beneficiario.',
  BLOQUEADO: 'El estudiante tiene un bloqueo vigente.',
  FUERA_DEL_PADRON: 'El último padrón importado de la gestión ya no incluye al estudiante (retirado).',
};

export const observedMessages = {
  title: 'Pagos observados',
  invalidKind: 'Observación no válida: elija una de las observaciones del reporte.',
  noRows: 'Sin pagos observados en este lugar.',
  noRowsForKind: 'No hay pagos con esta observación.',
  download: 'Descargar XLSX',
  allKinds: 'Todas las observaciones',
} as const;

const kindFilter = z
  .enum(observedKinds, { error: observedMessages.invalidKind })
  .optional()
  .describe('Solo los pagos con esta observación');

/** `?page=&kind=&year=` of the screen's table. */
export const observedQuery = z.object({
  page: pageParam.describe('Página, desde 1'),
  kind: kindFilter,
  year: yearField,
});
export type ObservedQuery = z.infer<typeof observedQuery>;

/** `?kind=&year=` of the spreadsheet: every observed payment of the place (or of one kind). */
export const observedDocumentQuery = z.object({ kind: kindFilter, year: yearField });
export type ObservedDocumentQuery = z.infer<typeof observedDocumentQuery>;

export const observedKindFigure = z.object({
  kind: z.enum(observedKinds),
  label: z.string(),
  description: z.string(),
  students: z.number().int(),
  amount: z.number().describe('Bs. pagados a esos estudiantes'),
});
export type ObservedKindFigure = z.infer<typeof observedKindFigure>;

export const observedSummary = z.object({
  kinds: z.array(observedKindFigure).length(observedKinds.length),
  students: z.number().int().describe('Estudiantes con al menos una observación'),
  amount: z.number().describe('Bs. pagados a esos estudiantes'),
});
export type ObservedSummary = z.infer<typeof observedSummary>;

export const observedRow = z.object({
  rowNumber: z.number().int(),
  departmentName: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  sie: z.number().int(),
  schoolName: z.string(),
  rude: z.string(),
  studentName: z.string().describe('Paterno Materno Nombre'),
  titularCarnet: z.string().nullable(),
  titularName: z.string().nullable(),
  paidOn: z.string().nullable().describe('aaaa-mm-dd'),
  receivedOn: z.string().describe('aaaa-mm-dd, día (Bolivia) en que se recibió el pago'),
  bank: z.string().nullable(),
  mode: z.string().nullable(),
  amount: z.number().nullable().describe('Bs.'),
  kinds: z.array(z.enum(observedKinds)).min(1),
  kindLabels: z.array(z.string()),
});
export type ObservedRow = z.infer<typeof observedRow>;

export const observedReport = pageOf(observedRow).extend({
  place: reconciliationPlace,
  year: z.number().int(),
  amountPerStudent: z.number().int(),
  paymentStart: z.string().describe('aaaa-mm-dd, inicio del calendario de pagos de la gestión'),
  kind: z.enum(observedKinds).nullable().describe('Filtro aplicado a las filas'),
  summary: observedSummary,
});
export type ObservedReport = z.infer<typeof observedReport>;

/** What a sync run or an import brought that is observed: records per kind, only the kinds found. */
export const observedRecordCounts = z
  .array(z.object({ kind: z.enum(observedKinds), label: z.string(), records: z.number().int() }))
  .describe(
    'Pagos escritos por esta ejecución que quedan observados, por observación (solo las que tienen alguno)',
  );
export type ObservedRecordCounts = z.infer<typeof observedRecordCounts>;
