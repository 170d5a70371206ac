import { z } from 'zod';
import { idParam, intParam, pageOf, pageQuery, sieParam, text } from '../common/index.js';

/** Tracking state of a school (part 2 §4): CONCLUIDO once its holder list is consolidated. */
export const trackingStatuses = ['PENDIENTE', 'CONCLUIDO'] as const;
export type TrackingStatus = (typeof trackingStatuses)[number];

export const trackingLevels = ['department', 'district'] as const;
export type TrackingLevel = (typeof trackingLevels)[number];

export const trackingLevelParams = z.object({ level: z.enum(trackingLevels).describe('Nivel del lugar') });
export const departmentParams = z.object({
  departmentId: intParam(1, 99, 'Ingrese un código de Departamento'),
});
export const districtParams = z.object({ districtId: idParam });
export const institutionCodeParams = z.object({
  sie: sieParam.describe('Código SIE'),
});

/** Filters of the tracking table; everything is applied on the server. */
export const trackingQuery = pageQuery.omit({ search: true }).extend({
  code: z
    .string()
    .trim()
    .regex(/^\d{0,10}$/, 'Ingrese un código válido.')
    .optional()
    .describe('Código SIE (prefijo)'),
  name: text({ max: 100 }).optional().describe('Nombre de la institución (contiene)'),
  districtId: idParam.optional().describe('Distrito (solo nivel departamento)'),
  subsystem: text({ max: 40 }).optional().describe('Subsistema'),
  status: z
    .enum(['TODOS', ...trackingStatuses])
    .default('TODOS')
    .describe('Estado'),
});
export type TrackingQuery = z.infer<typeof trackingQuery>;

export const trackingPlace = z.object({
  level: z.enum(trackingLevels),
  id: z.number().int(),
  name: z.string().describe('lugar'),
  departmentId: z.number().int(),
  departmentName: z.string(),
});
export type TrackingPlace = z.infer<typeof trackingPlace>;

export const trackingCounts = z.object({
  total: z.number().int(),
  concluded: z.number().int().describe('Concluidos'),
  pending: z.number().int().describe('Pendientes'),
});
export type TrackingCounts = z.infer<typeof trackingCounts>;

export const trackingOverview = z.object({
  place: trackingPlace,
  year: z.number().int().describe('Gestión'),
  counts: trackingCounts,
  subsystems: z.array(z.string()),
  districts: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .describe('Distritos del departamento'),
});
export type TrackingOverview = z.infer<typeof trackingOverview>;

export const trackingRow = z.object({
  rowNumber: z.number().int().describe('id (número de fila)'),
  institutionId: z.number().int().describe('Código SIE'),
  name: z.string(),
  districtId: z.number().int(),
  districtName: z.string(),
  subsystem: z.string(),
  status: z.enum(trackingStatuses),
  consolidatedAt: z.string().nullable(),
});
export type TrackingRow = z.infer<typeof trackingRow>;

export const trackingPage = pageOf(trackingRow);
export type TrackingPage = z.infer<typeof trackingPage>;

/** SIE level: one school's tracking state with its place. */
export const trackingInstitution = z.object({
  row: trackingRow,
  departmentId: z.number().int(),
  departmentName: z.string(),
  year: z.number().int(),
});
export type TrackingInstitution = z.infer<typeof trackingInstitution>;
