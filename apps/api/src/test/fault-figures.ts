// Issue 34's figures (docs/scale.md, faults), on a PostgreSQL 15 server of the script's own (port 5442,
// in a temporary directory; needs the server binaries and root, to run them as the user postgres):
//  1. the database restarted 10 times (`pg_ctl restart -m fast`) under the application's pool: the
//     time from the server accepting connections again to the first successful write through the
//     pool, polling every 50 ms (what a request sees: the pool reconnects on its next query);
//  2. an instance's death, 5 times with the default settings (JOB_LEASE_SECONDS 60, retry delay 5 s,
//     polling 2 s): what a killed instance leaves (its pg-boss job active, its row running, stamped at
//     the moment of death) and one live queue; the time from the death to the job done by the live
//     one. The deaths are 13 s apart, so they fall at different points of the sweep's cycle.
// Run (as root): npx tsx apps/api/src/test/fault-figures.ts
import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { jobProgress } from '../db/schema/index.js';
import { createJobQueue, PG_BOSS_SCHEMA } from '../jobs/index.js';

const PORT = 5442;
const bin = (name: string) => `/usr/lib/postgresql/15/bin/${name}`;
const run = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', bin(command), ...args], {
    stdio: 'ignore',
    timeout: 120_000,
  });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const stats = (xs: number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)!, all: sorted };
};

const dir = mkdtempSync(path.join(tmpdir(), 'bjp-bench-faults-'));
chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
const data = path.join(dir, 'data');
run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
appendFileSync(
  path.join(data, 'postgresql.conf'),
  `port = ${PORT}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\n`,
);
run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', 'start']);
try {
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${PORT}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE bjp');
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:${PORT}/bjp`;
  const handle = await openDatabase({ url, poolSize: 8 });
  await runMigrations(handle);
  await handle.db.execute(sql`CREATE TABLE bench_writes (at timestamptz NOT NULL DEFAULT now())`);

  const returns: number[] = [];
  for (let i = 0; i < 10; i++) {
    await handle.db.execute(sql`INSERT INTO bench_writes DEFAULT VALUES`);
    run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
    await handle.db.execute(sql`INSERT INTO bench_writes DEFAULT VALUES`).then(
      () => {
        throw new Error('a write succeeded while the server was stopped');
      },
      () => undefined,
    );
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-w', 'start']);
    const back = performance.now();
    for (;;) {
      const ok = await handle.db.execute(sql`INSERT INTO bench_writes DEFAULT VALUES`).then(
        () => true,
        () => false,
      );
      if (ok) break;
      await sleep(50);
    }
    returns.push(Math.round(performance.now() - back));
  }
  console.log('database back → first write (ms):', stats(returns));

  const kind = 'bench.lease';
  const dead = new PgBoss({
    connectionString: url,
    schema: PG_BOSS_SCHEMA,
    supervise: false,
    schedule: false,
  });
  dead.on('error', () => undefined);
  await dead.start();
  await dead.createQueue(kind);
  const deaths: { id: string; at: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const id = crypto.randomUUID();
    await handle.db
      .insert(jobProgress)
      .values({ id, kind, state: 'running', attempts: 1, worker: `muerto:${i}` });
    await dead.send(kind, {}, { id, retryLimit: 3, retryDelay: 5, expireInSeconds: 3_600 });
    await dead.fetch(kind);
    deaths.push({ id, at: Date.now() });
    if (i === 0) {
      const live = createJobQueue(handle.db, { url, env: {} });
      live.register(kind, (job) => handle.db.transaction((tx) => job.commit(tx, { ok: true })));
      await live.start();
    }
    await sleep(13_000);
  }
  const takeovers: number[] = [];
  for (const death of deaths) {
    for (;;) {
      const [row] = await handle.db.select().from(jobProgress).where(sql`id = ${death.id}`);
      if (row?.state === 'done') {
        takeovers.push(row.finishedAt!.getTime() - death.at);
        break;
      }
      await sleep(200);
    }
  }
  console.log('instance death → its job done by another (ms):', stats(takeovers));
  await dead.stop({ graceful: false, wait: true });
} finally {
  run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  rmSync(dir, { recursive: true, force: true });
}
process.exit(0);
