// Participants of an event (issue 15) on PostgreSQL: one event with 100,000 enrollments; p95 of the
// list at 10 clients for the first page, a deep page, the middle page, searches, the institution,
// department and cancelled filters (target < 50 ms), the XLSX export's time and the server's RSS growth (targets < 15 s, < 100 MB),
// beside pgbench select-only of the same run (the machine's limit at that moment).
// Uses its own database (bjp_bench_participants), created afresh each run.
// Run: npm run bench -- participants   (PostgreSQL on 127.0.0.1:5432; BENCH_PG_URL for another server)
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'bjp_bench_participants';
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const root = path.resolve(import.meta.dirname, '..');
const migrationsFolder = path.join(root, 'apps/api/src/db/migrations');
const ENROLLMENTS = Number(process.env.BENCH_ENROLLMENTS ?? 100_000);

const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

const option = (label: string, value: string) => ({ label, value });
const field = (id: string, name: string, label: string, extra: object) => ({
  id,
  name,
  label,
  showLabel: true,
  labelWidth: 100,
  placeholder: '',
  required: true,
  rules: [],
  ...extra,
});
const definition = {
  config: { modelName: 'formData', refName: 'elForm', showButtons: true, gutter: 15, labelWidth: 100 },
  fields: [
    field('campo_Coleg', 'colegio', 'Colegio', { kind: 'input', inputType: 'text', defaultValue: '' }),
    field('campo_Turno', 'turno', 'Turno', {
      kind: 'select',
      defaultValue: '',
      options: {
        source: 'static',
        items: [option('Mañana', '1'), option('Tarde', '2')],
        url: '',
        method: 'GET',
        labelKey: 'label',
        valueKey: 'value',
      },
    }),
    field('campo_Acept', 'acepta', 'Acepta el reglamento', { kind: 'switch', defaultValue: false }),
  ],
};

/** A new database with the migrations, an events manager who can log in, and the event with its enrollments. */
async function freshDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
  await migrate(drizzle(pool), { migrationsFolder });
  const { hashPassword } = await import(pathToFileURL(path.join(root, 'apps/api/src/auth/password.ts')).href);
  // Not a demo user, so the server does not load the demo data into this database.
  const user = await pool.query<{ id: number }>(
    `INSERT INTO users (username, password_hash, name, type, has_access) VALUES ('admin', $1, 'Bench', 1, true) RETURNING id`,
    [await hashPassword('Demo2025!')],
  );
  await pool.query(`INSERT INTO user_roles (user_id, role_id) VALUES ($1, 1)`, [user.rows[0]!.id]);
  const place = await pool.query<{ id: number }>(
    `INSERT INTO places (description, capacity, reference) VALUES ('Coliseo', 5000, '2025-11-01') RETURNING id`,
  );
  // The definition lives in the form's versions (issue 15); the event keeps version 1.
  const form = await pool.query<{ id: number }>(
    `INSERT INTO enrollment_forms (name) VALUES ('Bench') RETURNING id`,
  );
  await pool.query(
    `INSERT INTO enrollment_form_versions (form_id, version, name, definition) VALUES ($1, 1, 'Bench', $2)`,
    [form.rows[0]!.id, JSON.stringify(definition)],
  );
  const { rows } = await pool.query<{ id: number }>(
    `INSERT INTO events (title, description, detail, starts_on, ends_on, duration, place_id, kind_event_id,
       enrollment_form_id, enrollment_form_version, minimum, maximum, with_limit_control, state, inbox)
     VALUES ('Congreso', 'Congreso', 'Congreso', '2099-01-01', '2099-01-02', 2, $1, 1, $2, 1, 0, 200000, true, 2, 1)
     RETURNING id`,
    [place.rows[0]!.id, form.rows[0]!.id],
  );
  const eventId = rows[0]!.id;
  const t0 = performance.now();
  // 100,000 people over 30 days, nine departments, accented surnames, 2 % cancelled, one file in 5 %.
  await pool.query(
    `INSERT INTO event_enrollments (event_id, document, complement, nationality, first_last_name, second_last_name,
       name, phone, email, job, institution, position, birth_date, department, extra, created_at,
       cancelled_at, cancelled_by, cancel_reason)
     SELECT $1, (2000000 + g)::text, '', 1,
       (ARRAY['Mamani','Quispe','Condori','Pérez','Gutiérrez','Flores','Choque','Rodríguez','Núñez','Vargas'])[1 + g % 10],
       (ARRAY['Huanca','López','Ramírez','Apaza','Céspedes','Torrez','Limachi','Ticona','Yujra','Suárez'])[1 + (g / 10) % 10],
       (ARRAY['Juana','José','María','Luis','Ana','Jesús','Rosa','Raúl','Sofía','Iván','Lucía','Hernán'])[1 + (g / 100) % 12]
         || ' ' || (ARRAY['Andrés','Beatriz','Carlos','Dora','Elías','Fátima','Germán'])[1 + (g / 7) % 7],
       (70000000 + g)::text, 'p' || g || '@correo.bo', 'Docente',
       'Unidad Educativa ' || (g % 500), 'Profesor', DATE '1970-01-01' + g % 12000,
       (ARRAY['Chuquisaca','La Paz','Cochabamba','Oruro','Potosí','Tarija','Santa Cruz','Beni','Pando'])[1 + g % 9],
       jsonb_build_object('colegio', 'Colegio ' || (g % 300), 'turno', (1 + g % 2)::text, 'acepta', true),
       now() - interval '30 days' + (g * interval '30 days') / $2,
       CASE WHEN g % 50 = 0 THEN now() END, CASE WHEN g % 50 = 0 THEN $3::int END,
       CASE WHEN g % 50 = 0 THEN 'Anulada por el banco de pruebas' END
     FROM generate_series(1, $2) AS g`,
    [eventId, ENROLLMENTS, user.rows[0]!.id],
  );
  await pool.query(
    `INSERT INTO enrollment_files (id, enrollment_id, field_name, storage_key, content_type, size_bytes, original_name)
     SELECT gen_random_uuid(), id, 'foto', 'enrollments/' || id || '.png', 'image/png', 1000, 'foto.png'
     FROM event_enrollments WHERE event_id = $1 AND id % 20 = 0`,
    [eventId],
  );
  const active = ENROLLMENTS - Math.floor(ENROLLMENTS / 50);
  await pool.query(
    `INSERT INTO event_seats (event_id, shard, remaining)
     SELECT $1, s, $2 / 16 + CASE WHEN s < $2 % 16 THEN 1 ELSE 0 END FROM generate_series(0, 15) AS s`,
    [eventId, 200_000 - active],
  );
  await pool.query('VACUUM ANALYZE event_enrollments');
  await pool.query('VACUUM ANALYZE enrollment_files');
  console.log(`seeded ${ENROLLMENTS} enrollments in ${Math.round(performance.now() - t0)} ms`);
  return { pool, eventId };
}

const { pool, eventId } = await freshDatabase();
process.env.DATABASE_URL = benchUrl;
const { load, loginToken, startServer } = await import('./support.js');

/** The plans of the list's statements, to decide on indexes from evidence. */
async function plans() {
  const where = (extra: string) => `e.event_id = ${eventId} ${extra}`;
  const cases: Record<string, string> = {
    'first page (active)': where('and e.cancelled_at is null'),
    'search quispe': where("and e.cancelled_at is null and e.search_text like '%quispe%'"),
    'search one document': where("and e.cancelled_at is null and e.search_text like '%2054321%'"),
    'department Oruro': where("and e.cancelled_at is null and e.department = 'Oruro'"),
    cancelled: where('and e.cancelled_at is not null'),
  };
  cases['institution (Educativa 12)'] = where(
    "and e.cancelled_at is null and e.institution ilike '%Educativa 12%'",
  );
  const out: Record<string, string> = {};
  const text = (r: pg.QueryResult) => r.rows.map((x) => x['QUERY PLAN']).join('\n');
  // Deep pages of the active list as the service reads them: the middle one (the worst: half the
  // entries skipped) and page 3,200, read from the oldest end (participant-service.ts).
  const active = ENROLLMENTS - Math.floor(ENROLLMENTS / 50);
  const middle = Math.floor(active / 2 / 25) * 25;
  const deepOffset = Math.floor((ENROLLMENTS * 0.8) / 25 - 1) * 25;
  for (const [name, direction, offset] of [
    [`middle page (offset ${middle}, newest first)`, 'DESC', middle],
    [
      `page ${deepOffset / 25 + 1} (offset ${active - deepOffset - 25} from the oldest end)`,
      'ASC',
      active - deepOffset - 25,
    ],
  ] as const) {
    const page = await pool.query(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT e.id FROM event_enrollments e WHERE ${where('and e.cancelled_at is null')}
       ORDER BY e.created_at ${direction}, e.id ${direction} LIMIT 25 OFFSET ${offset}`,
    );
    out[name] = text(page);
    console.log(`\n== ${name}\n${out[name]}`);
  }
  for (const [name, w] of Object.entries(cases)) {
    const page = await pool.query(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT e.id FROM event_enrollments e WHERE ${w}
       ORDER BY e.created_at DESC, e.id DESC LIMIT 25 OFFSET 0`,
    );
    const total = await pool.query(
      `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) SELECT count(*) FROM event_enrollments e WHERE ${w}`,
    );
    out[name] = `${text(page)}\n--- count\n${text(total)}`;
    console.log(`\n== ${name}\n${out[name]}`);
  }
  return out;
}

const loadBefore = loadavg();
const explained = await plans();
const server = await startServer(3912);
const results: Record<string, unknown> = {
  at: new Date().toISOString(),
  enrollments: ENROLLMENTS,
  loadBefore,
};
try {
  const url = server.baseUrl;
  const headers = { authorization: `Bearer ${await loginToken(url)}` };
  const base = `${url}/api/v1/events/${eventId}/participants`;
  const deep = Math.floor((ENROLLMENTS * 0.8) / 25);
  // The worst page: half of the active entries skipped from either end.
  const middle = Math.ceil((ENROLLMENTS - Math.floor(ENROLLMENTS / 50)) / 2 / 25);
  const cases: Array<[string, string]> = [
    ['first page', ''],
    [`deep page (${deep} of 25)`, `?page=${deep}`],
    [`middle page (${middle} of 25)`, `?page=${middle}`],
    ['search surname (quispe)', '?q=quispe'],
    ['search accented name (jesus)', '?q=jesus'],
    ['search a document (2054321)', '?q=2054321'],
    ['institution filter (educativa 12)', '?institution=educativa%2012'],
    ['department filter (Oruro)', '?department=Oruro'],
    ['cancelled filter', '?status=cancelled'],
  ];
  await load('warm-up', { url: base, headers, connections: 10, duration: 3 });
  const lists = [];
  for (const [name, query] of cases) {
    lists.push(
      await load(`${name}, 10 clients`, { url: `${base}${query}`, headers, connections: 10, duration: 10 }),
    );
  }
  results.lists = lists;

  // The XLSX of every active enrollment, read to the end while the server's memory is sampled.
  const baseline = rssMb(server.pid);
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
  const t0 = performance.now();
  const res = await fetch(`${base}/export?format=xlsx`, { headers });
  let bytes = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
  clearInterval(sampler);
  results.export = {
    status: res.status,
    seconds: Math.round((performance.now() - t0) / 100) / 10,
    mb: Math.round(bytes / 1024 / 102.4) / 10,
    rssBaselineMb: Math.round(baseline),
    rssPeakMb: Math.round(peak),
    growthMb: Math.round(peak - baseline),
  };
  console.log('XLSX export', results.export);
} finally {
  server.stop();
  await pool.end();
}

// pgbench select-only on a scratch database of the same server, 5 s, 2 clients: the machine now.
const scratch = Object.assign(new URL(serverUrl), { pathname: '/bjp_bench_pgbench' }).toString();
execFileSync('psql', [serverUrl, '-qc', 'DROP DATABASE IF EXISTS bjp_bench_pgbench WITH (FORCE)']);
execFileSync('psql', [serverUrl, '-qc', 'CREATE DATABASE bjp_bench_pgbench']);
execFileSync('pgbench', ['-i', '-q', '-s', '1', scratch], { stdio: 'ignore' });
const out = execFileSync('pgbench', ['-S', '-c', '2', '-j', '2', '-T', '5', scratch], { encoding: 'utf8' });
results.pgbenchTps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
execFileSync('psql', [serverUrl, '-qc', 'DROP DATABASE bjp_bench_pgbench WITH (FORCE)']);
results.loadAfter = loadavg();
console.log(
  `pgbench select-only, 2 clients, 5 s: ${results.pgbenchTps} tps; load ${loadavg().map((l) => l.toFixed(1))}`,
);
writeFileSync(
  path.join(root, 'bench/results/participants.json'),
  JSON.stringify({ ...results, plans: explained }, null, 2),
);
