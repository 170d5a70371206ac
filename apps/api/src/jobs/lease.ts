import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { jobProgress } from '../db/schema/index.js';
import { opsLog } from '../lib/log.js';
import { worker } from './store.js';

/** Shown for a job whose instance stopped answering, when 'Confirmar' starts it again. */
export const JOB_INTERRUPTED_MESSAGE =
  'El proceso anterior se interrumpió porque su servidor dejó de responder; se inició de nuevo.';

/**
 * The lease of a running job (issue 34 §2): while an attempt runs, its instance stamps the job's
 * row (updated_at) every quarter of the lease, whether or not the work reports progress. A row left
 * 'running' without a stamp for a whole lease belongs to an instance that died (kill -9, a lost
 * machine): another instance takes it over (pgBossQueue's sweep, or 'Confirmar') instead of waiting
 * for pg-boss' expiry (JOB_EXPIRE_SECONDS, an hour), which remains the bound on a live run.
 */
export const heartbeatMs = (leaseSeconds: number) => Math.max(250, (leaseSeconds * 1000) / 4);

/** Stamps the row every `everyMs` until the returned function is called; a failed stamp is retried next time. */
export function startHeartbeat(db: Database, id: string, everyMs: number): () => void {
  const timer = setInterval(() => {
    db.update(jobProgress)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(jobProgress.id, id), eq(jobProgress.state, 'running'), eq(jobProgress.worker, worker)))
      .catch((error: Error) =>
        opsLog().warn({ jobId: id, cause: error.message }, 'job heartbeat not written'),
      );
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** Running rows whose lease ran out (no stamp for `leaseSeconds`): their instance is gone. */
export async function expiredLeases(db: Database, leaseSeconds: number) {
  return db
    .select({ id: jobProgress.id, kind: jobProgress.kind, worker: jobProgress.worker })
    .from(jobProgress)
    .where(
      and(
        eq(jobProgress.state, 'running'),
        lt(jobProgress.updatedAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
      ),
    );
}

/**
 * Claims an expired lease for this instance: one UPDATE that only one instance wins (the row is
 * stamped, so the others see a live lease). True when this instance took it over.
 */
export async function claimExpiredLease(db: Database, id: string, leaseSeconds: number): Promise<boolean> {
  const rows = await db
    .update(jobProgress)
    .set({ updatedAt: sql`now()`, worker })
    .where(
      and(
        eq(jobProgress.id, id),
        eq(jobProgress.state, 'running'),
        lt(jobProgress.updatedAt, sql`now() - make_interval(secs => ${leaseSeconds})`),
      ),
    )
    .returning({ id: jobProgress.id });
  return rows.length > 0;
}
