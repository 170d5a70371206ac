import { z } from 'zod';
import { calendarDate, yearField } from '../common/index.js';

const isoDate = calendarDate('Fecha no válida (aaaa-mm-dd).');
const rangeFields = { from: isoDate.optional(), to: isoDate.optional() };
const rangeInOrder = (r: { from?: string; to?: string }) => !r.from || !r.to || r.from <= r.to;
const rangeOutOfOrder = { message: 'La fecha final debe ser posterior a la inicial.' };

/** The dashboard's payment-date range of a gestión (the open one without `year`, decision 040). */
export const dashboardRangeQuery = z
  .object({ ...rangeFields, year: yearField })
  .refine(rangeInOrder, rangeOutOfOrder);

export const departmentPaidRow = z.object({
  departmentId: z.number().int(),
  code: z.string(),
  depto: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
});
export const departmentPaidStats = z.object({
  rows: z.array(departmentPaidRow),
  amountPerStudent: z.number(),
});

const bySystem = z.object({
  special: z.number().int().describe('Educación Especial'),
  primary: z.number().int().describe('Primaria'),
  secondary: z.number().int().describe('Secundaria'),
});
/** Paid students by education system, with the beneficiaries of each system in `totals`. */
export const systemStats = bySystem.extend({ totals: bySystem });

export const institutionCompletionRow = z.object({
  departmentId: z.number().int(),
  code: z.string(),
  depto: z.string(),
  total: z.number().int(),
  completed: z.number().int(),
});
export const institutionCompletionStats = z.object({ rows: z.array(institutionCompletionRow) });

export type DepartmentPaidRow = z.infer<typeof departmentPaidRow>;
export type SystemStats = z.infer<typeof systemStats>;
export type InstitutionCompletionRow = z.infer<typeof institutionCompletionRow>;
