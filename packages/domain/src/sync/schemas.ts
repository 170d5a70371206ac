import { z } from 'zod';
import { calendarDate, idParam, pageOf, pageParam } from '../common/index.js';
import { observedRecordCounts } from '../reports/index.js';

/** One row of the consolidation history (part 2 §3), i.e. one day's synchronisation record. */
export const syncBatch = z.object({
  id: z.number().int(),
  day: z.string().describe('Día de la sincronización (aaaa-mm-dd, hora de Bolivia)'),
  periodFrom: z.string().describe('Inicio del periodo de cambios reunidos'),
  periodTo: z.string().describe('Corte del periodo de cambios reunidos'),
  createdAt: z.string(),
  isSend: z.boolean().describe('Paso 1 hecho: modificaciones consolidadas'),
  sentAt: z.string().nullable(),
  isSendChange: z.boolean().describe('Paso 2 hecho: cambios enviados a Síntesis'),
  changedAt: z.string().nullable(),
  isSendCopy: z.boolean().describe('Paso 3 hecho: copia sincronizada recibida'),
  copiedAt: z.string().nullable(),
  user: z.string().describe('Usuario del último paso ejecutado'),
  itemCount: z.number().int(),
  copyCount: z.number().int(),
  cut: z.string().nullable().describe('Corte asignado por Síntesis al recibir el lote'),
});
export type SyncBatch = z.infer<typeof syncBatch>;
export const syncBatchPage = pageOf(syncBatch);
export type SyncBatchPage = z.infer<typeof syncBatchPage>;

export const opennessCheck = z.object({ open: z.boolean(), reason: z.string().nullable() });

export const syncStatus = z.object({
  today: z.string(),
  batch: syncBatch.nullable().describe('Registro de hoy, si existe'),
  checks: z.object({ changes: opennessCheck, changeSync: opennessCheck, copy: opennessCheck }),
  steps: z.object({ consolidate: z.boolean(), send: z.boolean(), copy: z.boolean() }),
});
export type SyncStatus = z.infer<typeof syncStatus>;

export const syncStepResult = z.object({ message: z.string(), batch: syncBatch });
export type SyncStepResult = z.infer<typeof syncStepResult>;

export const stepListQuery = z.object({
  page: pageParam,
  rude: z.string().trim().toUpperCase().max(30).optional().describe('Filtro por código RUDE'),
  batch: idParam.optional().describe('Lote del historial (por omisión, el último)'),
});
export type StepListQuery = z.infer<typeof stepListQuery>;

/** 'Lista Paso 1' row (part 2 §3): a change of the batch. */
export const stepOneRow = z.object({
  id: z.number().int(),
  codigoRude: z.string(),
  paternoEst: z.string(),
  maternoEst: z.string(),
  nombreEst: z.string(),
  descripcion: z.string(),
});
export type StepOneRow = z.infer<typeof stepOneRow>;
export const stepOnePage = pageOf(stepOneRow).extend({ batchDay: z.string().nullable() });
export type StepOnePage = z.infer<typeof stepOnePage>;

/** 'Lista Paso 2' row (part 2 §3): a change as Síntesis received it. */
export const stepTwoRow = z.object({
  id: z.number().int(),
  cut: z.string(),
  rude: z.string(),
  nombreBeneficiario: z.string(),
  estado: z.string().nullable().describe('Estado en la copia sincronizada (paso 3), si ya se recibió'),
});
export type StepTwoRow = z.infer<typeof stepTwoRow>;
export const stepTwoPage = pageOf(stepTwoRow).extend({ batchDay: z.string().nullable() });
export type StepTwoPage = z.infer<typeof stepTwoPage>;

export const calendarDay = z.object({
  date: z.string(),
  status: z.enum(['complete', 'incomplete', 'pending', 'none']),
  label: z.string(),
  isToday: z.boolean(),
  changes: z.number().int().describe('Cambios del lote del día (0 sin sincronización)'),
  synced: z.boolean().describe('Hay un registro de sincronización ese día'),
});

/** A day of the calendar opened: what was synchronised that day (Bolivian day). */
export const syncDayParams = z.object({ day: calendarDate() });
export const syncDay = z.object({ day: z.string(), batches: z.array(syncBatch) });
export type SyncDay = z.infer<typeof syncDay>;
export const syncCalendar = z.object({
  start: z.string(),
  today: z.string(),
  months: z.array(z.object({ key: z.string(), name: z.string(), days: z.array(calendarDay) })),
});
export type SyncCalendar = z.infer<typeof syncCalendar>;

/** 'Sincronizar Datos de Pago de Síntesis' result. */
export const paymentSyncResult = z.object({
  message: z.string(),
  runId: z.number().int(),
  beneficiaries: z.number().int().describe('Beneficiarios consultados a Síntesis'),
  received: z.number().int().describe('Pagos informados por Síntesis'),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  seconds: z.number(),
  // Optional: a run committed before 'Pagos observados' answers without it.
  observed: observedRecordCounts.optional(),
});
export type PaymentSyncResult = z.infer<typeof paymentSyncResult>;

/**
 * The last completed payment sync, for the result panel that stays on the page (issue 16). A failed
 * run changes nothing and is not stored: its error shows while the page follows the job.
 */
export const lastPaymentSync = z.object({
  run: z
    .object({
      runId: z.number().int(),
      startedAt: z.string(),
      finishedAt: z.string().describe('Cuándo terminó'),
      by: z.string().nullable().describe('Quién la ejecutó'),
      beneficiaries: z.number().int(),
      received: z.number().int(),
      inserted: z.number().int().describe('Pagos nuevos'),
      updated: z.number().int().describe('Pagos que cambiaron'),
      unchanged: z.number().int().describe('Pagos sin cambios'),
      errors: z.number().int().describe('Errores (una corrida con error no guarda nada)'),
    })
    .nullable()
    .describe('null si nunca se sincronizó'),
});
export type LastPaymentSync = z.infer<typeof lastPaymentSync>;
