import { paymentSyncResult } from '@bjp/domain';
import { z } from 'zod';

/** What GET /sync/jobs/:id answers about a payment sync job. */
export const syncJobStatus = z.object({
  id: z.string(),
  kind: z.string().describe("'sync.payments': Sincronizar Datos de Pago de Síntesis"),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.object({ done: z.number(), total: z.number(), message: z.string() }),
  result: paymentSyncResult.optional().describe('When done'),
  error: z.string().optional().describe('When failed: the message to show'),
});

export type SyncJobStatus = z.infer<typeof syncJobStatus>;
