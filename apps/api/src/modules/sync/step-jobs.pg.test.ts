import type { SyncStatus } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import {
  type Cluster,
  callInstance,
  type Instance,
  loginToInstance,
  startCluster,
} from '../../test/instances.js';
import type { StepJobStatus } from './step-jobs.js';

/**
 * Issue 14 for the three 'Sincronización Sintesis' steps: two real servers on one PostgreSQL
 * database (pg-boss). Both asked at once to consolidate, one starts the job and the other is
 * refused with its id; the job runs once, any server reads its outcome, and the day's three steps
 * go through as jobs with each write done once.
 */
let cluster: Cluster;
let handle: DatabaseHandle;
let instances: Instance[] = [];

type Rows<T> = { rows: T[] };
const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as Rows<T>).rows[0]!;

beforeAll(async () => {
  cluster = await startCluster({ env: { JOB_EXPIRE_SECONDS: '30', JOB_RETRY_LIMIT: '2' } });
  ({ handle, instances } = cluster);
}, 180_000);

afterAll(() => cluster?.close());

describe('the synchronisation steps as jobs across two instances', () => {
  it('runs each step once whichever server is asked, and any server shows its outcome', async () => {
    const [a, b] = instances as [Instance, Instance];
    const tokens = new Map([
      [a, await loginToInstance(a, 'admin', 'Demo2025!', 1)],
      [b, await loginToInstance(b, 'admin', 'Demo2025!', 1)],
    ]);
    const call = <T>(via: Instance, method: 'GET' | 'POST', url: string) =>
      callInstance<T>(via, method, url, tokens.get(via)!);
    const finished = async (via: Instance, id: string) => {
      await expect
        .poll(async () => (await call<StepJobStatus>(via, 'GET', `/sync/steps/jobs/${id}`)).body.state, {
          timeout: 60_000,
          interval: 500,
        })
        .toMatch(/done|failed/);
      return (await call<StepJobStatus>(via, 'GET', `/sync/steps/jobs/${id}`)).body;
    };

    // Two clicks on two servers at once: one job, the other refused with its id.
    const both = await Promise.all([
      call<{ jobId?: string; details?: { jobId: string } }>(a, 'POST', '/sync/steps/consolidate/jobs'),
      call<{ jobId?: string; details?: { jobId: string } }>(b, 'POST', '/sync/steps/consolidate/jobs'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const jobId = both.find((r) => r.status === 202)!.body.jobId!;
    expect(both.find((r) => r.status === 409)!.body).toMatchObject({
      message: 'Ya hay un proceso de sincronización en curso; espere a que termine.',
      details: { jobId },
    });
    const consolidated = await finished(b, jobId);
    expect(consolidated.state, consolidated.error).toBe('done');
    expect(consolidated.result?.message).toMatch(/^Modificaciones consolidadas: \d+ cambios/);
    expect(consolidated.progress.done).toBe(consolidated.progress.total);

    for (const [step, via] of [
      ['send', b],
      ['copy', a],
    ] as const) {
      const started = await call<{ jobId: string }>(via, 'POST', `/sync/steps/${step}/jobs`);
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const done = await finished(via === a ? b : a, started.body.jobId);
      expect(done.state, done.error).toBe('done');
    }

    const status = (await call<SyncStatus>(a, 'GET', '/sync/status')).body;
    expect(status.batch).toMatchObject({ isSend: true, isSendChange: true, isSendCopy: true });
    expect(
      await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM sync_batches WHERE day = ${status.today}`),
    ).toEqual({ n: 1 });
    expect(
      await one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action IN ('sync.consolidate', 'sync.send', 'sync.copy')
            AND entity_id = ${String(status.batch!.id)}`,
      ),
    ).toEqual({ n: 3 });
  }, 180_000);
});
