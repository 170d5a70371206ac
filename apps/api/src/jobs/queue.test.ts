import { register } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { jobProgress } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { createTestDatabase } from '../test/database.js';
import { createJobQueue, type JobQueue, type JobStatus } from './index.js';

let handle: DatabaseHandle;
let queue: JobQueue;
const ran: string[] = [];

const finished = async (id: string): Promise<JobStatus> => {
  await expect.poll(async () => (await queue.status(id))?.state).toMatch(/done|failed/);
  return (await queue.status(id))!;
};

beforeAll(async () => {
  handle = await createTestDatabase();
  // A job a previous process left running (it stopped mid-way): start() takes it up again.
  await handle.db.insert(jobProgress).values({
    id: '3c3f1d2e-8a51-4a52-9c1e-5d0f7e6b2a10',
    kind: 'count',
    singletonKey: 'count',
    state: 'running',
  });
  // In-process whatever the driver: the pg-boss runner is exercised by resume.pg.test.ts.
  queue = createJobQueue(handle.db);
  queue.register<{ upTo?: number }>('count', async (run) => {
    ran.push(run.id);
    const upTo = run.data.upTo ?? 2;
    for (let i = 1; i <= upTo; i++) await run.report({ done: i, total: upTo, message: `${i} de ${upTo}` });
    return handle.db.transaction(async (tx) => {
      const earlier = await run.committed(tx);
      if (earlier) return earlier;
      await run.commit(tx, { counted: upTo });
      return { counted: upTo };
    });
  });
  queue.register('refuse', async () => {
    throw new AppError('upstream_failure', 'Síntesis rechazó la solicitud.');
  });
  await queue.start();
});
afterAll(async () => {
  await queue.stop();
  await handle.close();
});

describe('the in-process job queue', () => {
  it('runs again, after a restart, a job the table shows unfinished', async () => {
    const status = await finished('3c3f1d2e-8a51-4a52-9c1e-5d0f7e6b2a10');
    expect(status).toMatchObject({ state: 'done', result: { counted: 2 } });
  });

  it('runs a job once, keeping its last progress with its result', async () => {
    const job = await queue.enqueue('count', { upTo: 3 }, { singletonKey: 'count' });
    expect(job.created).toBe(true);
    expect(await finished(job.id)).toEqual({
      id: job.id,
      kind: 'count',
      state: 'done',
      progress: { done: 3, total: 3, message: '3 de 3' },
      result: { counted: 3 },
    });
    expect(ran.filter((id) => id === job.id)).toHaveLength(1);
  });

  it('records an AppError as the job’s failure, with its message', async () => {
    const job = await queue.enqueue('refuse', {});
    expect(await finished(job.id)).toMatchObject({
      state: 'failed',
      error: 'Síntesis rechazó la solicitud.',
    });
  });

  it('counts jobs by state on the default metrics registry', async () => {
    const text = await register.getSingleMetricAsString('bjp_jobs');
    expect(text).toContain('bjp_jobs{state="done"} 2');
    expect(text).toContain('bjp_jobs{state="running"} 0');
  });
});
