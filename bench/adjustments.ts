// Adjustment figures on national data (2.3 M students): 'Historial Ajustes Solicitados' with filters
// (target p95 < 50 ms) and the national 'Reporte de avance de entrega' spreadsheet (target < 60 s,
// server memory growth < 200 MB). Run: npx tsx bench/adjustments.ts   (after bench/load-national.ts)
// A database loaded before issue 4 gets the adjustment history of the generator first (its own table
// only: nothing other benchmarks read changes).
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { type LoadResult, load, loginToken, nationalUrl, root, startServer } from './support.js';

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

type Seeder = {
  openDatabase(o: { url: string; poolSize: number }): Promise<{
    db: { transaction<T>(work: (tx: unknown) => Promise<T>): Promise<T> };
    close(): Promise<void>;
  }>;
  loadAdjustmentHistory(tx: unknown, seed: number, today: string, admin: number | null): Promise<void>;
};

/** Loaded at run time, so the bench project type-checks on its own (as the e2e project does). */
async function seeder(): Promise<Seeder> {
  const api = (file: string) => import(pathToFileURL(path.join(root, 'apps/api/src', file)).href);
  const [client, seed] = await Promise.all([api('db/client.ts'), api('db/seed/adjustments.ts')]);
  return { openDatabase: client.openDatabase, loadAdjustmentHistory: seed.loadAdjustmentHistory };
}

async function ensureHistory(): Promise<number> {
  const pool = new pg.Pool({ connectionString: nationalUrl, max: 1 });
  const count = async () =>
    ((await pool.query('SELECT count(*)::int AS n FROM titular_adjustments')).rows[0] as { n: number }).n;
  try {
    const existing = await count();
    // Settled tables, as after the national load's VACUUM ANALYZE (index-only counts need the visibility map).
    await pool.query('VACUUM ANALYZE titular_adjustments');
    if (existing > 0) return existing;
    const started = performance.now();
    const { openDatabase, loadAdjustmentHistory } = await seeder();
    const handle = await openDatabase({ url: nationalUrl, poolSize: 2 });
    const admin = (
      (await pool.query(`SELECT min(id) AS id FROM users WHERE username = 'admin'`)).rows[0] as {
        id: number | null;
      }
    ).id;
    await handle.db.transaction((tx) => loadAdjustmentHistory(tx, 2025, '2025-11-20', admin));
    await handle.close();
    await pool.query('ANALYZE titular_adjustments');
    const added = await count();
    console.log(`added ${added} adjustment rows in ${Math.round(performance.now() - started)} ms`);
    return added;
  } finally {
    await pool.end();
  }
}

/** One request at a time: p50 / p95 of `samples` runs. */
async function sequential(name: string, url: string, headers: Record<string, string>, samples = 200) {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${url}`, { headers });
    const body = (await res.json()) as { total: number };
    if (!res.ok) throw new Error(`${name}: ${res.status}`);
    times.push(performance.now() - t0);
    total = body.total;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.ceil(q * times.length) - 1]! * 10) / 10;
  const result = { name, samples, total, p50: at(0.5), p95: at(0.95), max: Math.round(times.at(-1)!) };
  console.log(
    `${name.padEnd(52)} rows ${String(total).padStart(6)}  p50 ${result.p50} ms  p95 ${result.p95} ms  max ${result.max} ms`,
  );
  return result;
}

// The server migrates the database on start (issue 4's tables), then the history is added if missing.
// Port of its own: other benchmarks use 3900.
const server = await startServer(3907);
const { baseUrl } = server;
const rows = await ensureHistory();
const pid = server.pid;
try {
  const admin = { authorization: `Bearer ${await loginToken(baseUrl)}` };
  const depto = { authorization: `Bearer ${await loginToken(baseUrl, 'depto', 2)}` };
  const sample = (await (
    await fetch(`${baseUrl}/api/v1/adjustments/history?page=3`, { headers: admin })
  ).json()) as { items: Array<{ rude: string; titularCarnet: string; requestedAt: string; sie: number }> };
  const one = sample.items[0]!;
  const day = new Date(Date.parse(one.requestedAt) - 4 * 3_600_000).toISOString().slice(0, 10);
  const loadBefore = loadavg();
  const lists = [
    await sequential('history, no filter (admin, national)', '/api/v1/adjustments/history', admin),
    await sequential('history, page 50', '/api/v1/adjustments/history?page=50', admin),
    await sequential('history, name contains "MAMANI"', '/api/v1/adjustments/history?search=MAMANI', admin),
    await sequential('history, RUDE', `/api/v1/adjustments/history?search=${one.rude}`, admin),
    await sequential(
      'history, titular CI prefix',
      `/api/v1/adjustments/history?carnet=${one.titularCarnet.slice(0, 5)}`,
      admin,
    ),
    await sequential(
      `history, day ${day} + type + kind`,
      `/api/v1/adjustments/history?date=${day}&holderType=1&kind=CAMBIO%20PARENTESCO`,
      admin,
    ),
    await sequential('history, one school', `/api/v1/adjustments/history?sie=${one.sie}`, admin),
    await sequential('history, department user (La Paz)', '/api/v1/adjustments/history', depto),
  ];
  const loads: LoadResult[] = [
    await load('history, no filter, 5 clients', {
      url: `${baseUrl}/api/v1/adjustments/history`,
      headers: admin,
      connections: 5,
      duration: 10,
    }),
    await load('history, name filter, 5 clients', {
      url: `${baseUrl}/api/v1/adjustments/history?search=QUISPE`,
      headers: admin,
      connections: 5,
      duration: 10,
    }),
  ];

  // The national progress spreadsheet, read to the end while the server's memory is sampled.
  const baseline = rssMb(pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  const t0 = performance.now();
  const res = await fetch(`${baseUrl}/api/v1/adjustments/progress`, { headers: admin });
  let bytes = 0;
  let firstByte = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!firstByte) firstByte = performance.now() - t0;
    bytes += chunk.byteLength;
  }
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  clearInterval(sampler);
  const sheet = {
    status: res.status,
    seconds,
    firstByteMs: Math.round(firstByte),
    kb: Math.round(bytes / 1024),
    rssBaselineMb: Math.round(baseline),
    rssPeakMb: Math.round(peak),
    growthMb: Math.round(peak - baseline),
    name: decodeURIComponent(
      /filename\*=UTF-8''([^;]+)/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? '',
    ),
  };
  console.log('progress spreadsheet', sheet);
  const out = path.join(root, 'bench/results/adjustments.json');
  writeFileSync(
    out,
    JSON.stringify(
      { at: new Date().toISOString(), rows, loadBefore, loadAfter: loadavg(), lists, loads, sheet },
      null,
      2,
    ),
  );
  console.log(
    `load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} finally {
  server.stop();
}
