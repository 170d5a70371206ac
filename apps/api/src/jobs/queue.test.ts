import { register } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.js';
import { jobProgress } from '../db/schema/index.js';
import { AppError } from '../lib/errors.js';
import { type OpsLogger, useOpsLogger } from '../lib/log.js';
import { createTestDatabase } from '../test/database.js';
import { createJobQueue, type JobQueue, type JobStatus } from './index.js';

let handle: DatabaseHandle;
let queue: JobQueue;
const ran: string[] = [];
// What the jobs log, as the server's JSON logger would receive it (lib/log.ts).
const logged: Array<{ level: string; fields: Record<string, unknown>; msg: string }> = [];
const capture =
  (level: string) =>
  (fields: unknown, msg?: string): void => {
    logged.push({ level, fields: fields as Record<string, unknown>, msg: msg ?? '' });
  };
useOpsLogger({ info: capture('info'), warn: capture('warn'), error: capture('error') } as OpsLogger);

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

  it('logs each start and end as one line with id, kind, attempt, duration, and a refusal with its cause', () => {
    const done = logged.find((l) => l.msg === 'job done' && l.fields.kind === 'count');
    expect(done?.fields).toMatchObject({ kind: 'count', attempt: 1, outcome: 'done' });
    expect(done?.fields.durationMs).toEqual(expect.any(Number));
    expect(logged).toContainEqual(
      expect.objectContaining({
        msg: 'job started',
        fields: expect.objectContaining({ jobId: done?.fields.jobId }),
      }),
    );
    expect(logged).toContainEqual({
      level: 'warn',
      msg: 'job refused',
      fields: expect.objectContaining({
        kind: 'refuse',
        code: 'upstream_failure',
        cause: 'Síntesis rechazó la solicitud.',
      }),
    });
  });

  it('counts unfinished jobs by state, and attempts by kind and outcome, on the default registry', async () => {
    const text = await register.getSingleMetricAsString('bjp_jobs');
    expect(text).toContain('bjp_jobs{state="running"} 0');
    expect(text).toContain('bjp_jobs{state="stalled"} 0');
    const attempts = await register.getSingleMetricAsString('bjp_job_attempts_total');
    expect(attempts).toMatch(/bjp_job_attempts_total\{kind="count",outcome="done"\} [1-9]/);
    expect(attempts).toMatch(/bjp_job_attempts_total\{kind="refuse",outcome="refused"\} [1-9]/);
    expect(await register.getSingleMetricAsString('bjp_job_queue_depth')).toContain(
      'bjp_job_queue_depth{queue="count"} 0',
    );
  });
});
