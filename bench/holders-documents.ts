// The sworn-declaration timings of bench/holders.ts: a school's PDF downloaded 20 times, and a
// 1,500-student school built in a scratch database.
import { type ChildProcess, spawn } from 'node:child_process';
import pg from 'pg';
import { loginToken, nationalUrl, root, waitUntilServing } from './support.js';

/** Twenty sequential downloads of one school's declaration: p50, p95 and max in ms. */
export async function timePdf(baseUrl: string, token: string, sie: number, name: string) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/v1/holders/institutions/${sie}/declaration`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (!res.ok) throw new Error(`declaration ${sie}: ${res.status} ${await res.text()}`);
    bytes = (await res.arrayBuffer()).byteLength;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]!);
  const summary = { name, sie, bytes, p50: at(0.5), p95: at(0.95), max: Math.round(times.at(-1)!) };
  console.log(
    `${name.padEnd(60)} p50 ${summary.p50} ms  p95 ${summary.p95} ms  max ${summary.max} ms  ${bytes} bytes`,
  );
  return summary;
}

/**
 * No national school reaches 1,500 students, so one is built in a scratch database (the server
 * migrates it and loads the demo data), consolidated with 10% pending, and its declaration timed.
 */
export async function syntheticDeclaration() {
  const admin = new pg.Client({ connectionString: nationalUrl.replace(/\/[^/]+$/, '/postgres') });
  await admin.connect();
  await admin.query('DROP DATABASE IF EXISTS bjp_bench_holders WITH (FORCE)');
  await admin.query('CREATE DATABASE bjp_bench_holders');
  await admin.end();
  const url = nationalUrl.replace(/\/[^/]+$/, '/bjp_bench_holders');
  const scratch = await startOn(url, 4040 + Math.floor(Math.random() * 50));
  const sdb = new pg.Client({ connectionString: url });
  await sdb.connect();
  try {
    await sdb.query(`INSERT INTO institutions (id, name, code_type, dependency, area, subsystem, district_id, department_id, holders_consolidated_at)
      SELECT 99000001, 'UNIDAD EDUCATIVA DE PRUEBA 1500', 1, 1, 'U', 'Regular', id, department_id, now() FROM districts ORDER BY id LIMIT 1`);
    await sdb.query(`INSERT INTO courses (institution_id, year, level_id, grade_id, parallel_id, shift_id)
      SELECT 99000001, 2025, l, g, p, s FROM unnest(ARRAY[12, 13]) l, generate_series(1, 6) g, generate_series(1, 3) p, generate_series(1, 2) s
      WHERE p <= 2 OR s = 1`);
    await sdb.query(`INSERT INTO students (rude, first_last_name, second_last_name, name, gender, birth_date, segip_id)
      SELECT 'BENCH1500' || lpad(x::text, 5, '0'), 'MAMANI', 'QUISPE', 'ESTUDIANTE ' || x, 1 + x % 2, DATE '2014-01-01', 1 FROM generate_series(1, 1500) x`);
    await sdb.query(`INSERT INTO inscriptions (student_id, course_id, institution_id, year)
      SELECT s.id, c.id, 99000001, 2025 FROM (SELECT id, row_number() OVER (ORDER BY id) AS r FROM students WHERE rude LIKE 'BENCH1500%') s
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM courses WHERE institution_id = 99000001) c ON c.k = s.r % c.n`);
    await sdb.query(`INSERT INTO persons (carnet, first_last_name, second_last_name, name, birth_date, gender, segip_verified_at)
      SELECT (17000000 + n.id)::text, 'QUISPE', 'MAMANI', 'MADRE', DATE '1985-01-01', 2, now() FROM inscriptions n WHERE n.institution_id = 99000001 AND n.id % 10 <> 0`);
    await sdb.query(`INSERT INTO guardians (inscription_id, person_id, relationship_id)
      SELECT n.id, p.id, 1 FROM inscriptions n JOIN persons p ON p.carnet = (17000000 + n.id)::text WHERE n.institution_id = 99000001`);
    await sdb.query(`INSERT INTO titular_assignments (inscription_id, person_id, relationship_id, holder_type_id, registered_institution_id)
      SELECT inscription_id, person_id, 1, 1, 99000001 FROM guardians g JOIN inscriptions n ON n.id = g.inscription_id WHERE n.institution_id = 99000001`);
    const token = await loginToken(scratch.baseUrl);
    return await timePdf(
      scratch.baseUrl,
      token,
      99000001,
      'declaration PDF, 1,500-student school (scratch database)',
    );
  } finally {
    await sdb.end();
    scratch.stop();
  }
}

/** main.ts on another database and port (the shared harness starts it on the national one). */
async function startOn(databaseUrl: string, port: number): Promise<{ baseUrl: string; stop(): void }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, baseUrl, 300);
  return { baseUrl, stop: () => child.kill('SIGTERM') };
}
