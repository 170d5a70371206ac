// Issue 12: what storing the frozen declaration adds to 'Consolidar Estudiantes' (docs/scale.md,
// "Frozen declarations"). On a seeded database (demo by default), RUNS times each, it consolidates
// the largest school whose holder list is still open, and a 1,500-student school it builds, inside
// a transaction rolled back at the end (every run consolidates the same school from the same state).
// The consolidation renders the PDF before its transaction (consolidateWithDeclaration): the hook
// reports the rolled-back first pass, the render, the consolidating transaction and, within it,
// the declaration's part (re-reading its data, comparing, storing the row) — what storing adds to
// the time the school's row is locked. Then, on a server over the same database, a stored
// declaration is downloaded by 20 clients (autocannon), beside the machine's own figures of the same
// run: /health at 20 clients and pgbench select-only.
// Run: npm run bench -- declarations postgres://postgres@127.0.0.1:5432/<seeded database> [runs]
// biome-ignore lint/suspicious/noExplicitAny: the bench type-checks apart from the API
type Mod = Record<string, any>;
const api = (p: string): Promise<Mod> => import(new URL(`../apps/api/src/${p}`, import.meta.url).href);

const url = process.argv[2] ?? process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('usage: npm run bench -- declarations <postgres url of a seeded database> [runs]');
const runs = Number(process.argv[3] ?? 5);

const { openDatabase } = await api('db/client.ts');
const { loadConfig } = await api('config.ts');
const { fixedClock } = await api('lib/clock.ts');
const { DocumentService } = await api('documents/service.ts');
const { consolidate } = await api('modules/holders/consolidation.ts');
const { registrationPeriod } = await api('modules/holders/context.ts');
const { consolidationHooks } = await api('modules/declarations/consolidate.ts');
const { sql } = await import('drizzle-orm');

const handle = await openDatabase({ url, poolSize: 4 });
const { period } = await registrationPeriod(handle.db);
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
const documents = new DocumentService({ threads: 1, perUser: 2, maxQueue: 20 });
const render = (template: string, input: unknown) => documents.render(template, input);
const [school] = (
  await handle.db.execute(sql`
    SELECT n.institution_id AS sie, count(*)::int AS students FROM inscriptions n
    JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NULL
    WHERE n.removed_at IS NULL GROUP BY n.institution_id ORDER BY count(*) DESC LIMIT 1`)
).rows as Array<{ sie: number; students: number }>;
const [admin] = (await handle.db.execute(sql`SELECT id FROM users WHERE username = 'admin'`)).rows as Array<{
  id: number;
}>;
if (!school || !admin) throw new Error('no open school or no admin user: is the database seeded?');
const user = { id: admin.id, name: 'Bench', firstLastName: 'Bench' };
const clock = fixedClock(`${period.startsOn}T14:00:00Z`);

class Rollback extends Error {}
type Times = {
  total: number;
  prepare: number;
  render: number;
  transaction: number;
  storing: number;
  attempt: number;
};
let last: Omit<Times, 'total'> | null = null;
consolidationHooks.onTimings = (_sie: number, _kind: string, t: Omit<Times, 'total'>) => {
  last = t;
};

// A 1,500-student school (no demo school is that large), open, 9 in 10 students with a titular.
const SYNTHETIC = 99000001;
async function build1500(tx: Mod) {
  await tx.execute(sql`INSERT INTO institutions (id, name, code_type, dependency, area, subsystem, district_id, department_id)
    SELECT ${SYNTHETIC}, 'UNIDAD EDUCATIVA DE PRUEBA 1500', 1, 1, 'U', 'Regular', id, department_id FROM districts ORDER BY id LIMIT 1`);
  await tx.execute(sql`INSERT INTO courses (institution_id, year, level_id, grade_id, parallel_id, shift_id)
    SELECT ${SYNTHETIC}, (SELECT year FROM programme_settings WHERE id = 1), l, g, p, s
    FROM unnest(ARRAY[12, 13]) l, generate_series(1, 6) g, generate_series(1, 3) p, generate_series(1, 2) s
    WHERE p <= 2 OR s = 1`);
  await tx.execute(sql`INSERT INTO students (rude, first_last_name, second_last_name, name, gender, birth_date, segip_id)
    SELECT 'BENCH1500' || lpad(x::text, 5, '0'), 'MAMANI', 'QUISPE', 'ESTUDIANTE ' || x, 1 + x % 2, DATE '2014-01-01', 1
    FROM generate_series(1, 1500) x`);
  await tx.execute(sql`INSERT INTO inscriptions (student_id, course_id, institution_id, year)
    SELECT s.id, c.id, ${SYNTHETIC}, (SELECT year FROM programme_settings WHERE id = 1)
    FROM (SELECT id, row_number() OVER (ORDER BY id) AS r FROM students WHERE rude LIKE 'BENCH1500%') s
    JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k, count(*) OVER () AS n FROM courses
          WHERE institution_id = ${SYNTHETIC}) c ON c.k = s.r % c.n`);
  await tx.execute(sql`INSERT INTO persons (carnet, first_last_name, second_last_name, name, birth_date, gender, segip_verified_at)
    SELECT (97000000 + n.id)::text, 'QUISPE', 'MAMANI', 'MADRE', DATE '1985-01-01', 2, now()
    FROM inscriptions n WHERE n.institution_id = ${SYNTHETIC} AND n.id % 10 <> 0`);
  await tx.execute(sql`INSERT INTO guardians (inscription_id, person_id, relationship_id)
    SELECT n.id, p.id, 1 FROM inscriptions n JOIN persons p ON p.carnet = (97000000 + n.id)::text
    WHERE n.institution_id = ${SYNTHETIC}`);
  await tx.execute(sql`INSERT INTO titular_assignments (inscription_id, person_id, relationship_id, holder_type_id, registered_institution_id)
    SELECT inscription_id, person_id, 1, 1, ${SYNTHETIC} FROM guardians g JOIN inscriptions n ON n.id = g.inscription_id
    WHERE n.institution_id = ${SYNTHETIC}`);
}

async function measure(sie: number, build?: (tx: Mod) => Promise<void>): Promise<Times[]> {
  const times: Times[] = [];
  for (let i = 0; i <= runs; i++) {
    let t: Times | null = null;
    try {
      await handle.db.transaction(async (outer: Mod) => {
        if (build) await build(outer);
        const deps = { db: outer, config, clock };
        last = null;
        const start = performance.now();
        await consolidate(deps, user, sie, '127.0.0.1', render);
        t = { total: performance.now() - start, ...(last as unknown as Omit<Times, 'total'>) };
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    if (i > 0) times.push(t!); // run 0 starts the worker
  }
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (n: number) => `${n.toFixed(0)} ms`;
const report = (label: string, times: Times[]) => {
  console.log(`${label}; ${runs} runs (rolled back)`);
  console.table(
    times.map((r) => ({
      'request (whole consolidation)': ms(r.total),
      'first pass (rolled back)': ms(r.prepare),
      'render (no lock)': ms(r.render),
      transaction: ms(r.transaction),
      'of which storing': ms(r.storing),
      attempt: r.attempt,
    })),
  );
  const m = (k: keyof Times) => ms(median(times.map((r) => r[k])));
  console.log(
    `median: request ${m('total')}, first pass ${m('prepare')}, render ${m('render')}, transaction ${m('transaction')}, storing in it ${m('storing')}`,
  );
  return {
    label,
    median: Object.fromEntries(
      (['total', 'prepare', 'render', 'transaction', 'storing'] as const).map((k) => [
        k,
        median(times.map((r) => r[k])),
      ]),
    ),
    times,
  };
};

const { loadavg } = await import('node:os');
const load1 = () => loadavg()[0]!.toFixed(1);
console.log(`start ${new Date().toISOString()}, load average ${load1()}`);
const results: Mod = {};
results.demo = report(`School ${school.sie}, ${school.students} students`, await measure(school.sie));
results.synthetic = report(
  'School 99000001, 1,500 students (built in the rolled-back transaction)',
  await measure(SYNTHETIC, build1500),
);
consolidationHooks.onTimings = undefined;
await documents.close();

// Downloads of a stored declaration, 20 clients, on a server over this database; beside them the
// machine's own figures of the same run.
process.env.DATABASE_URL = url;
const { startServer, startBareBytesServer, load, loginToken } = await import('./support.js');
const server = await startServer(3960 + Math.floor(Math.random() * 30));
try {
  const [stored] = (
    await handle.db.execute(sql`
      SELECT n.institution_id AS sie, count(*)::int AS students FROM inscriptions n
      JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NOT NULL
      WHERE n.removed_at IS NULL GROUP BY n.institution_id ORDER BY count(*) DESC LIMIT 1`)
  ).rows as Array<{ sie: number; students: number }>;
  const headers = { authorization: `Bearer ${await loginToken(server.baseUrl, 'admin', 1)}` };
  const docUrl = `${server.baseUrl}/api/v1/holders/institutions/${stored!.sie}/declaration`;
  const first = await fetch(docUrl, { headers }); // stores it if the school has none yet (backfill)
  const pdf = Buffer.from(await first.arrayBuffer());
  const bytes = pdf.byteLength;
  console.log(
    `stored declaration of ${stored!.sie} (${stored!.students} students): ${first.status}, ${bytes} bytes, ${first.headers.get('x-declaration-version')}`,
  );
  results.download = { sie: stored!.sie, students: stored!.students, bytes };
  results.health = await load('machine: GET /health ×20', {
    url: `${server.baseUrl}/api/v1/health`,
    connections: 20,
    duration: 10,
  });
  results.downloads = await load('stored declaration ×20', {
    url: docUrl,
    headers,
    connections: 20,
    duration: 15,
  });
  // The same bytes from a bare node:http server: what this machine can do for an answer of this
  // size at 20 clients, with no route, no authentication and no database.
  const bare = await startBareBytesServer(pdf, server.port + 100, 'application/pdf');
  try {
    results.bareBytes = await load('machine: the same bytes, bare node:http ×20', {
      url: `${bare.baseUrl}/declaration.pdf`,
      connections: 20,
      duration: 15,
    });
  } finally {
    bare.stop();
  }
} finally {
  server.stop();
}
// pgbench select-only on a scratch database of the same PostgreSQL server, 5 s, 2 clients.
const { execFileSync } = await import('node:child_process');
const pgb = url.replace(/\/[^/]+$/, '/bjp_bench_pgbench');
const adminUrl = url.replace(/\/[^/]+$/, '/postgres');
execFileSync('psql', [adminUrl, '-qc', 'DROP DATABASE IF EXISTS bjp_bench_pgbench WITH (FORCE)']);
execFileSync('psql', [adminUrl, '-qc', 'CREATE DATABASE bjp_bench_pgbench']);
execFileSync('pgbench', ['-i', '-q', '-s', '1', pgb], { stdio: 'ignore' });
const out = execFileSync('pgbench', ['-S', '-c', '2', '-j', '2', '-T', '5', pgb], { encoding: 'utf8' });
results.pgbenchTps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
console.log(`machine: pgbench select-only, 2 clients, 5 s: ${results.pgbenchTps} tps`);
execFileSync('psql', [adminUrl, '-qc', 'DROP DATABASE bjp_bench_pgbench WITH (FORCE)']);
console.log(`end ${new Date().toISOString()}, load average ${load1()}`);
console.log(JSON.stringify({ at: new Date().toISOString(), ...results }));
await handle.close();
