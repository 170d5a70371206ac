// 'Pagos observados' on national data (2.3 M students): the first page of each level, one request at
// a time, then the national first page at 10 clients (the goal: p95 < 300 ms, issue 33 §4).
// Run: npm run bench -- observed-payments   (after `npx tsx bench/load-national.ts`)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type LoadResult, load, loginToken, root, startServer } from './support.js';

type Timed = { name: string; samples: number; p50: number; max: number; total: number };

/** Sequential requests: the time of one user's first page, without a queue. */
async function timed(
  name: string,
  url: string,
  headers: Record<string, string>,
  samples = 5,
): Promise<Timed> {
  const times: number[] = [];
  let total = 0;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as { total?: number };
    if (!res.ok) throw new Error(`${name}: ${res.status} ${JSON.stringify(body)}`);
    times.push(performance.now() - started);
    total = body.total ?? 0;
  }
  times.sort((a, b) => a - b);
  const result = {
    name,
    samples,
    p50: Math.round(times[Math.floor(times.length / 2)]!),
    max: Math.round(times.at(-1)!),
    total,
  };
  console.log(`${name.padEnd(44)} p50 ${result.p50} ms  max ${result.max} ms  ${result.total} observed`);
  return result;
}

const server = await startServer(3907);
const singles: Timed[] = [];
const loads: LoadResult[] = [];
try {
  const headers = { authorization: `Bearer ${await loginToken(server.baseUrl)}` };
  const api = `${server.baseUrl}/api/v1/reports/observed-payments`;
  for (const [name, url] of [
    ['national', '/national'],
    ['national, one kind', '/national?kind=BLOQUEADO'],
    ['department 2', '/departments/2'],
    ['district 2001', '/districts/2001'],
  ] as const)
    singles.push(await timed(`GET ${name}`, `${api}${url}`, headers));
  // Long answers: autocannon's 10 s timeout would count them as errors rather than as latency, and a
  // short run would end before ten queued answers do.
  loads.push(
    await load('GET national ×10', {
      url: `${api}/national`,
      connections: 10,
      headers,
      duration: 60,
      timeout: 120,
    }),
  );
} finally {
  server.stop();
}
const out = path.join(root, 'bench/results/observed-payments.json');
writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), singles, loads }, null, 2)}\n`);
console.log(`written ${out}`);
