// Tracking and report figures on national data (2.3 M students): report + matrix, department
// tracking list, document downloads. Run: npm run bench -- reports   (after `npx tsx bench/load-national.ts`)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { type LoadResult, load, loginToken, root, startServer } from './support.js';

type Timed = { name: string; samples: number; p50: number; p95: number; max: number; bytes: number };

/** One request at a time, as a user clicking 'Descargar': the time until the last byte. */
async function timed(
  name: string,
  url: string,
  headers: Record<string, string>,
  samples = 20,
): Promise<Timed> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < samples; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    const body = await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: ${res.status}`);
    times.push(performance.now() - started);
    bytes = body.byteLength;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.ceil(q * times.length) - 1)]!);
  const result = { name, samples, p50: at(0.5), p95: at(0.95), max: Math.round(times.at(-1)!), bytes };
  console.log(
    `${name.padEnd(44)} p50 ${result.p50} ms  p95 ${result.p95} ms  max ${result.max} ms  ${Math.round(bytes / 1024)} KB`,
  );
  return result;
}

const server = await startServer(3901);
const loads: LoadResult[] = [];
const downloads: Timed[] = [];
try {
  const token = await loginToken(server.baseUrl);
  const headers = { authorization: `Bearer ${token}` };
  const api = `${server.baseUrl}/api/v1`;
  // The two figures with targets, at 1 and 5 concurrent clients (request latency) and at 20
  // (throughput, where the wait in the queue dominates the latency).
  for (const endpoint of ['/reports/national', '/tracking/departments/2/institutions?page=1']) {
    for (const connections of [1, 5, 20]) {
      loads.push(
        await load(`GET ${endpoint} ×${connections}`, { url: `${api}${endpoint}`, connections, headers }),
      );
    }
  }
  const others = [
    '/reports/departments/7',
    '/reports/districts/2001',
    '/tracking/departments/7/institutions?page=150&status=PENDIENTE',
    '/tracking/departments/2/institutions?page=1&name=santa&subsystem=Regular',
    '/tracking/departments/2',
    '/payments/summary',
  ];
  for (const endpoint of others) {
    loads.push(
      await load(`GET ${endpoint} ×10`, { url: `${api}${endpoint}`, connections: 10, headers, duration: 5 }),
    );
  }
  // Detalle Pago is an administrator's search: a few at a time.
  for (const endpoint of [
    '/payments?page=1',
    '/payments?page=1&bank=Sol&from=2025-11-01&to=2025-11-10',
    '/payments?page=1&rude=X',
  ]) {
    loads.push(
      await load(`GET ${endpoint} ×2`, { url: `${api}${endpoint}`, connections: 2, headers, duration: 5 }),
    );
  }
  downloads.push(await timed('national report PDF', `${api}/reports/national/document?format=pdf`, headers));
  downloads.push(
    await timed('national report XLSX', `${api}/reports/national/document?format=xlsx`, headers),
  );
  downloads.push(
    await timed('department 2 report PDF', `${api}/reports/departments/2/document?format=pdf`, headers),
  );
  downloads.push(await timed('district 2001 tracking PDF', `${api}/tracking/districts/2001/report`, headers));
  // The largest school of the national data set (1,203 students): 'Reporte Estudiantes-Tutores-Pagados'.
  downloads.push(
    await timed(
      'school 20140423 students PDF',
      `${api}/reports/institutions/20140423/document?format=pdf`,
      headers,
      5,
    ),
  );
  downloads.push(
    await timed(
      'department 2 tracking PDF (4,100 schools)',
      `${api}/tracking/departments/2/report`,
      headers,
      3,
    ),
  );
} finally {
  server.stop();
}
writeFileSync(path.join(root, 'bench/results/reports.json'), JSON.stringify({ loads, downloads }, null, 2));
