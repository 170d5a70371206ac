import { statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { AppInstance, ReadinessCheck } from '../app-types.js';

export type { ReadinessCheck };

type CheckResult = 'ok' | 'failed' | 'timeout';

/** A check that takes longer than this counts as down: a load balancer must not wait on it. */
const CHECK_TIMEOUT_MS = 2_000;

async function run(check: () => Promise<unknown>): Promise<{ result: CheckResult; error?: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), CHECK_TIMEOUT_MS);
  });
  try {
    const outcome = await Promise.race([check().then(() => 'ok' as const), timeout]);
    return { result: outcome };
  } catch (error) {
    return { result: 'failed', error };
  } finally {
    clearTimeout(timer);
  }
}

/** Fails when the disk of DATA_DIR (uploads, the embedded database) has less than `minMb` free. */
export async function enoughFreeSpace(dir: string, minMb: number): Promise<void> {
  const { bavail, bsize } = await statfs(dir);
  const freeMb = (bavail * bsize) / (1024 * 1024);
  if (freeMb < minMb) throw new Error(`${Math.floor(freeMb)} MB free under ${dir}, less than ${minMb}`);
}

/**
 * /health/live: the process answers (a restart is the cure otherwise); it touches nothing else, so a
 * database outage does not get every instance restarted. /health/ready: the database and every
 * registered dependency answer; a 503 takes the instance out of the load balancer until they do.
 * The answer names each check and its result, never the error's text (it can hold host names).
 */
export function registerHealth(app: AppInstance): void {
  const routeOptions = { logLevel: 'warn' as const, schema: { hide: true } };
  app.get('/health/live', routeOptions, async () => ({ status: 'ok' }));
  app.get('/health/ready', routeOptions, async (req, reply) => {
    const checks: ReadinessCheck[] = [
      { name: 'database', check: async () => void (await app.deps.db.execute(sql`SELECT 1`)) },
      {
        name: 'disk',
        check: () => enoughFreeSpace(app.deps.config.DATA_DIR, app.deps.config.DISK_MIN_FREE_MB),
      },
      ...(app.deps.readinessChecks ?? []),
    ];
    const results = await Promise.all(
      checks.map(async ({ name, check }) => ({ name, ...(await run(check)) })),
    );
    for (const { name, result, error } of results) {
      if (result !== 'ok') req.log.warn({ check: name, result, err: error }, 'readiness check failed');
    }
    const ready = results.every(({ result }) => result === 'ok');
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ok' : 'unavailable',
      checks: Object.fromEntries(results.map((r) => [r.name, r.result])),
    });
  });
}
