import { z } from 'zod';
import { pageOf, pageParam } from '../common/index.js';
import { type BonusState, bonusStateLabels, discrepancyEffects } from '../payments/index.js';
import { documentFormat } from './schemas.js';

/**
 * 'Conciliación Banco – DDJJ': the students of a place whose bonus the bank and the school's sworn
 * declaration in force disagree on (discrepancyBonusStates of the one payment truth), with what each
 * disagreement means for the money. Read by a district accountant who signs off the amounts.
 */

/** The three discrepancy states, in the report's order (the one to be returned first). */
export const reconciliationStates = [
  'NO_PAGADO_DECLARADO',
  'PAGADO_SIN_DECLARAR',
  'DECLARADO_SIN_PAGO',
] as const satisfies readonly BonusState[];
export type ReconciliationState = (typeof reconciliationStates)[number];

export const reconciliationMessages = {
  title: 'Conciliación Banco – DDJJ',
  invalidState:
    'Estado no válido: elija NO PAGADO DECLARADO, PAGADO POR BANCO SIN DECLARAR o DECLARADO PAGADO SIN PAGO DEL BANCO.',
  noRows: 'Sin discrepancias: el banco y las declaraciones juradas en vigor coinciden en este lugar.',
  noRowsForState: 'No hay estudiantes en este estado.',
  notDeclared: 'NO DECLARADO',
  toReturn: 'Total a devolver al programa',
  signature: 'Firma y sello del responsable de la conciliación',
  reviewed: 'Firma y sello de quien revisa',
} as const;

/** What the declaration in force says of the student: delivered, not delivered, or nothing. */
export const declaredLabel = (declared: 'PAGADO' | 'NO_PAGADO' | null): string =>
  declared === 'PAGADO'
    ? 'PAGADO'
    : declared === 'NO_PAGADO'
      ? 'NO PAGADO'
      : reconciliationMessages.notDeclared;

export const reconciliationStateLabel = (state: ReconciliationState) => bonusStateLabels[state];
export const reconciliationEffect = (state: ReconciliationState) => discrepancyEffects[state];

const stateFilter = z
  .enum(reconciliationStates, { error: reconciliationMessages.invalidState })
  .optional()
  .describe('Solo las filas de este estado de discrepancia');

/** `?page=&state=` of the screen's table. */
export const reconciliationQuery = z.object({
  page: pageParam.describe('Página, desde 1'),
  state: stateFilter,
});
export type ReconciliationQuery = z.infer<typeof reconciliationQuery>;

/** `?format=pdf|xlsx&state=` of the downloads: every row of the place (or of one state). */
export const reconciliationDocumentQuery = documentFormat.extend({ state: stateFilter });
export type ReconciliationDocumentQuery = z.infer<typeof reconciliationDocumentQuery>;

export const reconciliationLevels = ['national', 'department', 'district', 'institution'] as const;
export type ReconciliationLevel = (typeof reconciliationLevels)[number];

export const reconciliationPlace = z.object({
  level: z.enum(reconciliationLevels),
  id: z.number().int().nullable().describe('Departamento, distrito o SIE; null a nivel nacional'),
  name: z.string(),
  departmentName: z.string().nullable(),
  districtName: z.string().nullable(),
});
export type ReconciliationPlace = z.infer<typeof reconciliationPlace>;

export const reconciliationStateFigure = z.object({
  state: z.enum(reconciliationStates),
  label: z.string(),
  effect: z.string().describe('Qué significa para el dinero (discrepancyEffects)'),
  description: z.string(),
  students: z.number().int(),
  amount: z.number().describe('Bs.: monto por estudiante de la declaración (o de la configuración)'),
});
export type ReconciliationStateFigure = z.infer<typeof reconciliationStateFigure>;

export const reconciliationSummary = z.object({
  consolidatedSchools: z.number().int().describe('UE/CEE del lugar con declaración de pagados en vigor'),
  states: z.array(reconciliationStateFigure).length(3),
  students: z.number().int(),
  amount: z.number().describe('Bs.'),
  toReturn: z.number().describe('Bs. a devolver al programa (NO PAGADO DECLARADO)'),
});
export type ReconciliationSummary = z.infer<typeof reconciliationSummary>;

export const reconciliationRow = z.object({
  rowNumber: z.number().int(),
  departmentName: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  sie: z.number().int(),
  schoolName: z.string(),
  rude: z.string(),
  studentName: z.string().describe('Paterno Materno Nombre'),
  course: z.string().describe("'{nivel} · {grado} - {paralelo} · {turno}'"),
  titularCarnet: z.string().nullable(),
  titularName: z.string().nullable(),
  titularType: z.string().nullable(),
  bankPaid: z.boolean(),
  paidOn: z.string().nullable().describe('aaaa-mm-dd'),
  bank: z.string().nullable(),
  mode: z.string().nullable(),
  declared: z.enum(['PAGADO', 'NO_PAGADO']).nullable().describe('null: el estudiante no figura en la DDJJ'),
  declaredLabel: z.string(),
  declarationVersion: z.number().int().nullable().describe('Versión de la DDJJ de pagados en vigor'),
  declarationDate: z.string().nullable().describe('Fecha y hora (ISO) de la DDJJ en vigor'),
  state: z.enum(reconciliationStates),
  stateLabel: z.string(),
  effect: z.string(),
  amount: z.number().describe('Bs.'),
});
export type ReconciliationRow = z.infer<typeof reconciliationRow>;

export const reconciliationReport = pageOf(reconciliationRow).extend({
  place: reconciliationPlace,
  year: z.number().int(),
  amountPerStudent: z.number().int(),
  state: z.enum(reconciliationStates).nullable().describe('Filtro aplicado a las filas'),
  summary: reconciliationSummary,
});
export type ReconciliationReport = z.infer<typeof reconciliationReport>;

/** 'Departamento: La Paz (2)', 'Distrito: …', 'UE/CEE: … (SIE …)': the place line of screen and documents. */
export function reconciliationPlaceLabel(place: ReconciliationPlace): string {
  switch (place.level) {
    case 'national':
      return 'Nacional: Bolivia';
    case 'department':
      return `Departamento: ${place.name} (${place.id})`;
    case 'district':
      return `Distrito: ${place.name} (${place.id}) — Departamento: ${place.departmentName}`;
    default:
      return `UE/CEE: ${place.name} (SIE ${place.id}) — Distrito: ${place.districtName} — Departamento: ${place.departmentName}`;
  }
}
