import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { jobProgress } from '../db/schema/index.js';
import { createTestDatabase } from '../test/database.js';
import { createJobQueue, JOB_INTERRUPTED_MESSAGE, type JobQueue, PG_BOSS_SCHEMA } from './index.js';

/**
 * Issue 34 §2: a job whose instance died. The dead instance is simulated as what it leaves behind:
 * its pg-boss job 'active' (fetched by a pg-boss that then does nothing) and its row 'running' with
 * a heartbeat five minutes old. A live instance takes it over once the lease has run out, without
 * waiting for pg-boss' one-hour expiry, and applies it once; 'Confirmar' (an enqueue of the same
 * singleton key) meeting the dead job closes it with a message saying so and starts a new one.
 */
const KIND = 'lease.mark';
let handle: DatabaseHandle;
let url = '';
let dead: PgBoss;
const queues: JobQueue[] = [];

type Rows<T> = { rows: T[] };
const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as Rows<T>).rows;

beforeAll(async () => {
  handle = await createTestDatabase();
  url = (handle.pool!.options as { connectionString: string }).connectionString;
  await handle.db.execute(sql`CREATE TABLE lease_marks (job_id uuid NOT NULL, label text NOT NULL)`);
  dead = new PgBoss({ connectionString: url, schema: PG_BOSS_SCHEMA, supervise: false, schedule: false });
  dead.on('error', () => undefined);
  await dead.start();
  await dead.createQueue(KIND);
});

afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await dead?.stop({ graceful: false, wait: true });
  await handle?.close();
});

/** A live instance: its job writes one mark and commits its result with it. */
async function liveInstance(env: Record<string, string>, more?: (queue: JobQueue) => void) {
  const queue = createJobQueue(handle.db, {
    url,
    env: { JOB_POLLING_SECONDS: '0.5', JOB_RETRY_DELAY_SECONDS: '0', ...env },
  });
  queue.register<{ label: string }>(KIND, (run) =>
    handle.db.transaction(async (tx) => {
      const earlier = await run.committed(tx);
      if (earlier) return earlier;
      await tx.execute(sql`INSERT INTO lease_marks VALUES (${run.id}, ${run.data.label})`);
      const result = { marked: run.data.label };
      await run.commit(tx, result);
      return result;
    }),
  );
  more?.(queue);
  await queue.start();
  queues.push(queue);
  return queue;
}

/** What a killed instance leaves: the pg-boss job active, the row running with an old heartbeat. */
async function jobOfDeadInstance(label: string, singletonKey?: string) {
  const id = randomUUID();
  await handle.db.insert(jobProgress).values({
    id,
    kind: KIND,
    singletonKey,
    state: 'running',
    attempts: 1,
    worker: 'muerto:4242',
    message: 'Importando pagos: 0 de 24984',
    updatedAt: sql`now() - interval '5 minutes'` as unknown as Date,
  });
  await dead.send(KIND, { label }, { id, retryLimit: 3, retryDelay: 0, expireInSeconds: 3_600 });
  const [fetched] = (await dead.fetch(KIND)) ?? [];
  expect(fetched?.id).toBe(id);
  expect((await dead.getJobById(KIND, id))?.state).toBe('active');
  return id;
}

const marks = (label: string) =>
  rows<{ job_id: string }>(sql`SELECT job_id FROM lease_marks WHERE label = ${label}`);

describe('a job whose instance died', () => {
  it("'Confirmar' on it says so, closes it and starts it again, applied once", async () => {
    const deadId = await jobOfDeadInstance('confirmar', 'import|7');
    // A long lease: its sweep has not run yet, so the enqueue is the one that meets the dead job.
    const queue = await liveInstance({ JOB_LEASE_SECONDS: '600' });
    // The row is five minutes old: its lease (600 s) has not run out, so the job counts as alive.
    expect(await queue.enqueue(KIND, { label: 'confirmar' }, { singletonKey: 'import|7' })).toEqual({
      id: deadId,
      created: false,
    });
    expect(await queue.counts()).toMatchObject({ running: 1, stalled: 0 });
    await handle.db.execute(
      sql`UPDATE job_progress SET updated_at = now() - interval '1 hour' WHERE id = ${deadId}`,
    );
    // bjp_jobs tells the operator apart a job that runs from one whose instance is gone (issue 35 §6).
    expect(await queue.counts()).toMatchObject({ running: 0, stalled: 1 });

    const again = await queue.enqueue(KIND, { label: 'confirmar' }, { singletonKey: 'import|7' });
    expect(again).toMatchObject({ created: true, replaced: deadId });
    expect(again.id).not.toBe(deadId);
    expect(await queue.status(deadId)).toMatchObject({ state: 'failed', error: JOB_INTERRUPTED_MESSAGE });
    expect((await dead.getJobById(KIND, deadId))?.state).toBe('cancelled');
    await expect.poll(async () => (await queue.status(again.id))?.state, { timeout: 15_000 }).toBe('done');
    expect(await marks('confirmar')).toEqual([{ job_id: again.id }]);
  });

  it('is taken over once its lease has run out, and applied once', async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    const deadId = await jobOfDeadInstance('relevo');
    const queue = await liveInstance({ JOB_LEASE_SECONDS: '2' });
    await expect.poll(async () => (await queue.status(deadId))?.state, { timeout: 20_000 }).toBe('done');
    expect(await queue.status(deadId)).toMatchObject({ result: { marked: 'relevo' } });
    expect(await marks('relevo')).toEqual([{ job_id: deadId }]);
    const [row] = await rows<{ attempts: number; worker: string }>(
      sql`SELECT attempts, worker FROM job_progress WHERE id = ${deadId}`,
    );
    expect(row).toMatchObject({ attempts: 2, worker: expect.stringMatching(new RegExp(`:${process.pid}$`)) });
  });

  it('is not taken over while its instance renews the lease', async () => {
    for (const queue of queues.splice(0)) await queue.stop();
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    let attempts = 0;
    const queue = await liveInstance({ JOB_LEASE_SECONDS: '2' }, (q) =>
      q.register('lease.slow', async (run) => {
        attempts++;
        await slow;
        return handle.db.transaction(async (tx) => {
          await run.commit(tx, { attempts });
          return { attempts };
        });
      }),
    );
    const { id } = await queue.enqueue('lease.slow', {});
    await expect.poll(async () => (await queue.status(id))?.state, { timeout: 10_000 }).toBe('running');
    const stamp = async () =>
      (await rows<{ t: string }>(sql`SELECT updated_at::text AS t FROM job_progress WHERE id = ${id}`))[0]!.t;
    // The heartbeat renews the lease (every 0.5 s) while the work, silent, goes on for three leases.
    const first = await stamp();
    await expect.poll(stamp, { timeout: 10_000 }).not.toBe(first);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await queue.status(id)).toMatchObject({ state: 'running' });
    release();
    await expect.poll(async () => (await queue.status(id))?.state, { timeout: 10_000 }).toBe('done');
    expect(attempts).toBe(1);
  }, 30_000);
});
