// Figures of issue 7 and issue 4's payment sync on national data (docs/scale.md, "SERECI, blocking
// and synchronisation"):
//  - RUDE lookup of 'Validación SERECI' and of the blocking page (target p95 < 20 ms);
//  - a day's synchronisation of 50,000 changes through the three steps (target < 60 s): 25,000
//    students are blocked and released again today, each a change of the batch; nothing stays blocked;
//  - 'Sincronizar Datos de Pago de Sintesis' over every beneficiary, twice: the first run writes what
//    the Síntesis simulator reports, the second must change nothing (target < 5 min).
// Run: npm run bench -- sync   (after `npx tsx bench/load-national.ts`). It writes blocks (released),
// a consolidation-history row for today and the simulator's payments into bjp_national.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type LoadResult, load, loginToken, nationalUrl, root, startServer } from './support.js';

const CHANGES = 50_000;
// `npm run bench -- sync lookups` measures only the lookups (no writes).
const lookupsOnly = process.argv[2] === 'lookups';
const results: Array<LoadResult | Record<string, unknown>> = [];
class Done extends Error {}
const machine = () => ({
  loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  cpus: os.cpus().length,
});

/** POST without a client-side timeout (fetch gives up on headers after 300 s). */
function post(
  baseUrl: string,
  url: string,
  token: string,
): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${url}`,
      { method: 'POST', headers: { authorization: `Bearer ${token}` } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body, ms: Math.round(performance.now() - started) }),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const db = new pg.Client({ connectionString: nationalUrl });
await db.connect();
const server = await startServer(3907);
try {
  const token = await loginToken(server.baseUrl);
  const headers = { authorization: `Bearer ${token}` };
  console.log('machine before', machine());

  const { rows: sample } = await db.query<{ rude: string }>(
    'SELECT rude FROM students TABLESAMPLE SYSTEM (0.1) LIMIT 2000',
  );
  let i = 0;
  const nextRude = () => sample[i++ % sample.length]!.rude;
  for (const [name, prefix, connections] of [
    ['SERECI RUDE lookup', '/api/v1/sereci/students/', 1],
    ['SERECI RUDE lookup', '/api/v1/sereci/students/', 10],
    ['blocking RUDE lookup', '/api/v1/blocking/students/', 1],
    ['blocking RUDE lookup', '/api/v1/blocking/students/', 10],
  ] as const) {
    results.push(
      await load(`${name} (${connections} client${connections > 1 ? 's' : ''})`, {
        url: server.baseUrl,
        connections,
        duration: 10,
        headers,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `${prefix}${nextRude()}` }) }],
      }),
    );
  }

  if (lookupsOnly) throw new Done();
  // Today's record is replaced so the steps can run again; the changes are blocks released at once.
  await db.query(
    `DELETE FROM sync_copy_items WHERE batch_id IN (SELECT id FROM sync_batches WHERE day = (now() AT TIME ZONE 'America/La_Paz')::date)`,
  );
  await db.query(
    `DELETE FROM sync_batch_items WHERE batch_id IN (SELECT id FROM sync_batches WHERE day = (now() AT TIME ZONE 'America/La_Paz')::date)`,
  );
  await db.query(`DELETE FROM sync_batches WHERE day = (now() AT TIME ZONE 'America/La_Paz')::date`);
  const staged = await db.query(
    `INSERT INTO student_blocks (inscription_id, student_id, institution_id, blocked_at, observation, unblocked_at, unblock_observation)
     SELECT n.id, n.student_id, n.institution_id, now() - interval '2 minutes', 'Bloqueo de prueba de carga (bench)',
       now() - interval '1 minute', 'Desbloqueo de prueba de carga (bench)'
     FROM inscriptions n TABLESAMPLE SYSTEM (2)
     WHERE n.removed_at IS NULL AND NOT EXISTS (SELECT 1 FROM student_blocks b WHERE b.inscription_id = n.id AND b.unblocked_at IS NULL)
     LIMIT ${CHANGES / 2}`,
  );
  console.log(`staged ${staged.rowCount} blocks and their releases`);
  const steps: Record<string, unknown> = {
    name: 'day sync (three steps)',
    changesStaged: (staged.rowCount ?? 0) * 2,
  };
  const before = performance.now();
  for (const step of ['consolidate', 'send', 'copy']) {
    const res = await post(server.baseUrl, `/api/v1/sync/steps/${step}`, token);
    if (res.status !== 200) throw new Error(`${step}: ${res.status} ${res.body}`);
    const batch = (JSON.parse(res.body) as { batch: { itemCount: number; copyCount: number } }).batch;
    steps[step] = { ms: res.ms, items: batch.itemCount, copied: batch.copyCount };
    console.log(`step ${step.padEnd(12)} ${res.ms} ms  items ${batch.itemCount}  copied ${batch.copyCount}`);
  }
  steps.totalSeconds = Math.round(performance.now() - before) / 1000;
  steps.machine = machine();
  results.push(steps);

  for (const run of ['first', 'second']) {
    const res = await post(server.baseUrl, '/api/v1/sync/payments', token);
    if (res.status !== 200) throw new Error(`payment sync: ${res.status} ${res.body}`);
    const body = JSON.parse(res.body) as Record<string, unknown>;
    console.log(`payment sync (${run} run) ${res.ms} ms`, body);
    results.push({ name: `payment sync (${run} run)`, seconds: res.ms / 1000, ...body, machine: machine() });
  }
} catch (error) {
  if (!(error instanceof Done)) throw error;
} finally {
  server.stop();
  await db.end();
}
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(
  path.join(root, `bench/results/${lookupsOnly ? 'sync-lookups' : 'sync'}.json`),
  `${JSON.stringify({ at: new Date().toISOString(), results }, null, 2)}\n`,
);
console.log('machine after', machine());
