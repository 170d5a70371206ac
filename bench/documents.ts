// Documents off the event loop (issue 13, point 5): /health latency at 1 client while 8 school-report
// PDFs (the largest demo school) and national spreadsheets render without pause, beside the same
// /health on the idle server and the cost of one PDF on this machine, all in one run.
// Run: npm run bench -- documents   (PostgreSQL on 127.0.0.1:5432; BENCH_PG_URL for another server)
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type LoadResult, load, loginToken, root, waitUntilServing } from './support.js';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'bjp_bench_documents';
const databaseUrl = serverUrl.replace(/\/[^/]*$/, `/${database}`);
const PDFS = 8;
const SECONDS = 15;

async function freshDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
}

/** The real server (main.ts) in its own process: it migrates the scratch database and loads the demo data. */
async function startServer(port: number): Promise<{ baseUrl: string; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
      // All 8 PDFs of the one user render at once (the default of 2 would refuse 6 of them with 429):
      // the bench measures the pool at its busiest, not the per-user limit.
      DOCUMENTS_PER_USER: String(PDFS + 2),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, baseUrl, 600);
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}

async function largestSchool(): Promise<{ sie: number; students: number }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query<{ sie: number; students: number }>(`
    SELECT n.institution_id AS sie, count(*)::int AS students
    FROM inscriptions n JOIN institutions i ON i.id = n.institution_id
    WHERE n.year = (SELECT year FROM programme_settings WHERE id = 1) AND i.code_type IN (1, 4)
    GROUP BY 1 ORDER BY 2 DESC LIMIT 1`);
  await db.end();
  return rows[0]!;
}

type Downloads = { name: string; count: number; refused: number; p50: number; max: number; bytes: number };

/** Downloads one URL again and again until `until`; every answer must be a whole document. */
async function keepDownloading(
  name: string,
  urls: string[],
  headers: Record<string, string>,
  until: number,
): Promise<Downloads> {
  const times: number[] = [];
  let refused = 0;
  let bytes = 0;
  for (let i = 0; Date.now() < until; i++) {
    const started = performance.now();
    const res = await fetch(urls[i % urls.length]!, { headers });
    const body = await res.arrayBuffer();
    if (res.status === 429) {
      refused++;
      continue;
    }
    if (!res.ok) throw new Error(`${name}: ${res.status} ${Buffer.from(body).toString()}`);
    times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  return {
    name,
    count: times.length,
    refused,
    p50: Math.round(times[Math.floor(times.length / 2)] ?? 0),
    max: Math.round(times.at(-1) ?? 0),
    bytes,
  };
}

const load1 = () => loadavg()[0]!.toFixed(1);
console.log(`cores ${availableParallelism()}, load average ${load1()} at start`);
await freshDatabase();
const started = Date.now();
const server = await startServer(3950 + Math.floor(Math.random() * 40));
console.log(`server with demo data up in ${((Date.now() - started) / 1000).toFixed(0)} s`);
const loads: LoadResult[] = [];
let downloads: Downloads[] = [];
let school: { sie: number; students: number };
let onePdf: { p50: number; max: number };
try {
  school = await largestSchool();
  const ministerio = { authorization: `Bearer ${await loginToken(server.baseUrl, 'ministerio', 1)}` };
  const admin = { authorization: `Bearer ${await loginToken(server.baseUrl, 'admin', 1)}` };
  const api = `${server.baseUrl}/api/v1`;
  const pdfUrl = `${api}/reports/institutions/${school.sie}/document?format=pdf`;
  const xlsxUrls = [`${api}/reports/national/document?format=xlsx`, `${api}/adjustments/progress`];
  console.log(`largest school: SIE ${school.sie}, ${school.students} students`);

  // The machine's own figures: /health on the idle server (the floor any load can only raise), and
  // one school PDF at a time (what each of the 8 costs the one worker thread).
  await keepDownloading('warm-up', [pdfUrl, ...xlsxUrls], admin, Date.now() + 3_000);
  loads.push(await load('idle: GET /health ×1', { url: `${api}/health`, connections: 1, duration: SECONDS }));
  const single = await keepDownloading('one school PDF at a time', [pdfUrl], ministerio, Date.now() + 8_000);
  onePdf = { p50: single.p50, max: single.max };
  console.log(`one school PDF at a time: p50 ${single.p50} ms, max ${single.max} ms, ${single.bytes} bytes`);

  // The measure: 8 clients of the read-only user each download the school PDF without pause, one
  // administrator downloads the national spreadsheets, and /health is timed meanwhile.
  const until = Date.now() + (SECONDS + 2) * 1_000;
  const busy = [
    ...Array.from({ length: PDFS }, (_, i) =>
      keepDownloading(`school PDF client ${i + 1}`, [pdfUrl], ministerio, until),
    ),
    keepDownloading('national XLSX (report + progress)', xlsxUrls, admin, until),
  ];
  await new Promise((r) => setTimeout(r, 1_000));
  loads.push(
    await load(`${PDFS} PDFs + national XLSX: GET /health ×1`, {
      url: `${api}/health`,
      connections: 1,
      duration: SECONDS,
    }),
  );
  downloads = await Promise.all(busy);
} finally {
  server.stop();
}
const pdfCount = downloads.slice(0, PDFS).reduce((s, d) => s + d.count, 0);
const xlsx = downloads.at(-1)!;
console.log(
  `during the measure: ${pdfCount} school PDFs (${downloads.slice(0, PDFS).reduce((s, d) => s + d.refused, 0)} refused), ` +
    `${xlsx.count} national XLSX; PDF p50 ${Math.round(
      downloads.slice(0, PDFS).reduce((s, d) => s + d.p50, 0) / PDFS,
    )} ms each while queued behind the others`,
);
console.log(`load average ${load1()} at end`);
writeFileSync(
  path.join(root, 'bench/results/documents.json'),
  JSON.stringify({ school, onePdf, loads, downloads, loadAverageEnd: loadavg()[0] }, null, 2),
);
