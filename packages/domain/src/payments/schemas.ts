import { z } from 'zod';
import { calendarDate, pageQuery } from '../common/index.js';
import { bonusStates } from './bonus-state.js';

const isoDate = calendarDate('Fecha no válida.');

/** 'Resumen General': the national payment summary by department and by payment day. */
export const paymentGeneralSummary = z.object({
  year: z.number().int(),
  amountPerStudent: z.number().int(),
  departments: z.array(
    z.object({
      departmentId: z.number().int(),
      code: z.string(),
      name: z.string(),
      totalStudents: z.number().int(),
      paidStudents: z.number().int(),
      paidPercentage: z.string(),
      paidAmount: z.number(),
      totalAmount: z.number(),
    }),
  ),
  days: z.array(z.object({ paidOn: z.string(), paid: z.number().int() })).describe('Pagados por día'),
  totals: z.object({
    totalStudents: z.number().int(),
    paidStudents: z.number().int(),
    paidPercentage: z.string(),
  }),
});
export type PaymentGeneralSummary = z.infer<typeof paymentGeneralSummary>;

/** 'Detalle Pago' filters: RUDE, titular CI, bank and payment dates. */
export const paymentDetailQuery = pageQuery
  .omit({ search: true })
  .extend({
    rude: z.string().trim().toUpperCase().max(20).optional().describe('Código RUDE exacto'),
    ci: z.string().trim().toUpperCase().max(20).optional().describe('Carnet del titular (exacto)'),
    bank: z.string().trim().max(60).optional().describe('Banco (contiene)'),
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha final debe ser posterior a la inicial.',
    path: ['to'],
  });
export type PaymentDetailQuery = z.infer<typeof paymentDetailQuery>;

export const paymentDetailRow = z.object({
  inscriptionId: z.number().int(),
  rude: z.string(),
  student: z.string(),
  institutionId: z.number().int(),
  departmentCode: z.string(),
  titularCarnet: z.string().nullable(),
  titular: z.string().nullable(),
  paidOn: z.string().nullable(),
  bank: z.string().nullable(),
  mode: z.string().nullable(),
  state: z.enum(bonusStates).describe('Estado del bono (una sola definición: payments/bonus-state)'),
});
export type PaymentDetailRow = z.infer<typeof paymentDetailRow>;

/** total is the real number of payments matching the filters. */
export const paymentDetailPage = z.object({
  items: z.array(paymentDetailRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type PaymentDetailPage = z.infer<typeof paymentDetailPage>;
