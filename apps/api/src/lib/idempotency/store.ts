import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';

/** Timings, in one object so a test can shorten them. */
export const idempotencySettings = {
  /** A key is remembered a day; a resubmission after that runs again. */
  ttlMs: 24 * 3_600_000,
  /** How long a repeat waits for the first request still running before answering 409. */
  waitMs: 10_000,
  pollMs: 50,
  /** A key still running after this long belongs to a request that died (process ended): taken over. */
  staleMs: 2 * 60_000,
  /** Expired keys are deleted at most this often per process, when a new key arrives. */
  cleanupEveryMs: 60_000,
};

export const idempotencyMessages = {
  badKey: 'La clave Idempotency-Key debe ser un UUID.',
  otherRequest:
    'La clave Idempotency-Key ya se usó con otra solicitud. Vuelva a abrir el formulario e inténtelo de nuevo.',
  stillRunning: 'La misma solicitud ya se está procesando.',
};

export type StoredAnswer = { statusCode: number; contentType: string | null; body: string };
export type ClaimOutcome = { kind: 'owned' } | { kind: 'replay'; answer: StoredAnswer };

let lastCleanup = 0;

async function removeExpired(db: Database, clock: Clock) {
  const now = clock.now().getTime();
  if (Date.now() - lastCleanup < idempotencySettings.cleanupEveryMs) return;
  lastCleanup = Date.now();
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - idempotencySettings.ttlMs)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims (owner, key) for a request with this hash. The INSERT … ON CONFLICT DO NOTHING is atomic on
 * PostgreSQL: of two requests arriving together exactly one inserts and runs; the other finds the
 * row and replays its answer once stored, waiting for it at most `waitMs`. If the first fails, its row
 * is deleted and the waiting one claims the key itself.
 */
export async function claimKey(
  db: Database,
  clock: Clock,
  id: { owner: string; key: string },
  hash: string,
): Promise<ClaimOutcome> {
  const deadline = Date.now() + idempotencySettings.waitMs;
  const match = and(eq(idempotencyKeys.owner, id.owner), eq(idempotencyKeys.key, id.key));
  for (;;) {
    const now = clock.now();
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...id, requestHash: hash, createdAt: now })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) {
      await removeExpired(db, clock);
      return { kind: 'owned' };
    }
    const [row] = await db.select().from(idempotencyKeys).where(match);
    if (!row) continue; // the first request failed and released the key in between
    const age = now.getTime() - row.createdAt.getTime();
    if (age > idempotencySettings.ttlMs) {
      await db.delete(idempotencyKeys).where(and(match, eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (row.requestHash !== hash) throw new AppError('unprocessable', idempotencyMessages.otherRequest);
    if (row.statusCode !== null) {
      return {
        kind: 'replay',
        answer: { statusCode: row.statusCode, contentType: row.contentType, body: row.responseBody ?? '' },
      };
    }
    if (age > idempotencySettings.staleMs) {
      await db
        .delete(idempotencyKeys)
        .where(and(match, isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.createdAt, row.createdAt)));
      continue;
    }
    if (Date.now() >= deadline) throw new AppError('conflict', idempotencyMessages.stillRunning);
    await sleep(idempotencySettings.pollMs);
  }
}

/** The owner's request answered 2xx/3xx: its answer is what repeats of the key get. */
export async function storeAnswer(
  db: Database,
  clock: Clock,
  id: { owner: string; key: string },
  answer: StoredAnswer,
) {
  await db
    .update(idempotencyKeys)
    .set({
      statusCode: answer.statusCode,
      contentType: answer.contentType,
      responseBody: answer.body,
      completedAt: clock.now(),
    })
    .where(and(eq(idempotencyKeys.owner, id.owner), eq(idempotencyKeys.key, id.key)));
}

/** The owner's request failed: the key is free again, so the user can correct and resubmit. */
export async function releaseKey(db: Database, id: { owner: string; key: string }) {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.owner, id.owner), eq(idempotencyKeys.key, id.key)));
}
