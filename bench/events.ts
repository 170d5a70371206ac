// Public enrollment figures on PostgreSQL: 200 enrollments/s with p99 < 200 ms on one event (the worst
// case: every enrollment raises the same counter), the ceiling without a rate, and the exact maximum
// under 100 concurrent clients. Uses its own database (bjp_bench_events), created afresh each run.
// Run: npm run bench -- events   (PostgreSQL on 127.0.0.1:5432; BENCH_PG_URL to use another server)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

const serverUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'bjp_bench_events';
const benchUrl = Object.assign(new URL(serverUrl), { pathname: `/${dbName}` }).toString();
const migrationsFolder = path.resolve(import.meta.dirname, '../apps/api/src/db/migrations');

/** Two fields, as the builder saves them (packages/domain formDefinition). */
const field = (kind: 'input' | 'select', id: string, name: string, label: string) => ({
  id,
  kind,
  name,
  label,
  showLabel: true,
  labelWidth: 100,
  placeholder: '',
  required: true,
  rules: [],
  ...(kind === 'input'
    ? { inputType: 'text', defaultValue: '' }
    : {
        defaultValue: '',
        options: {
          source: 'static',
          items: [
            { label: 'Mañana', value: '1' },
            { label: 'Tarde', value: '2' },
          ],
          url: '',
          method: 'GET',
          labelKey: 'label',
          valueKey: 'value',
        },
      }),
});
const definition = {
  config: { modelName: 'formData', refName: 'elForm', showButtons: true, gutter: 15, labelWidth: 100 },
  fields: [
    field('input', 'campo_Coleg', 'colegio', 'Colegio'),
    field('select', 'campo_Turno', 'turno', 'Turno'),
  ],
};

/** A new database with the project's migrations and the fixtures: two active events. */
async function freshDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: benchUrl, max: 2 });
  await migrate(drizzle(pool), { migrationsFolder });
  // One staff user without access, so the server does not load the demo data into this database.
  await pool.query(
    `INSERT INTO users (username, password_hash, name, type, has_access) VALUES ('bench', 'x', 'Bench', 1, false)`,
  );
  const place = await pool.query<{ id: number }>(
    `INSERT INTO places (description, capacity, reference) VALUES ('Coliseo', 5000, '2025-11-01') RETURNING id`,
  );
  const form = await pool.query<{ id: number }>(
    `INSERT INTO enrollment_forms (name) VALUES ('Bench') RETURNING id`,
  );
  await pool.query(
    `INSERT INTO enrollment_form_versions (form_id, version, name, definition) VALUES ($1, 1, 'Bench', $2)`,
    [form.rows[0]!.id, JSON.stringify(definition)],
  );
  const event = async (title: string, maximum: number) => {
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO events (title, description, detail, starts_on, ends_on, duration, place_id, kind_event_id,
         enrollment_form_id, enrollment_form_version, minimum, maximum, with_limit_control, state, inbox)
       VALUES ($1, $1, $1, '2099-01-01', '2099-01-02', 2, $2, 1, $3, 1, 0, $4, true, 2, 1) RETURNING id`,
      [title, place.rows[0]!.id, form.rows[0]!.id, maximum],
    );
    const id = rows[0]!.id;
    // Its free places in 16 shards, as the API does for a new event (seats.ts).
    await pool.query(
      `INSERT INTO event_seats (event_id, shard, remaining)
       SELECT $1, s, $2 / 16 + CASE WHEN s < $2 % 16 THEN 1 ELSE 0 END FROM generate_series(0, 15) AS s`,
      [id, maximum],
    );
    return id;
  };
  return {
    pool,
    throughputId: await event('Rendimiento', 1_000_000),
    exactId: await event('Máximo exacto', 500),
  };
}

const { pool, throughputId, exactId } = await freshDatabase();
process.env.DATABASE_URL = benchUrl;
// The participants come from many addresses through X-Forwarded-For, which the server reads only
// behind a trusted proxy (TRUST_PROXY, off by default).
process.env.TRUST_PROXY = 'true';
const { load, root, startServer } = await import('./support.js');

/**
 * Every request a new participant from a new address: a unique 7-digit document and its own
 * X-Forwarded-For (the server trusts the proxy), so neither the one-per-document rule nor the
 * per-address limit refuses it.
 */
let sequence = 0;
function nextParticipant() {
  const n = ++sequence;
  const body = {
    document: String(1_000_000 + n),
    complement: '',
    nationality: 1,
    firstLastName: 'Mamani',
    secondLastName: 'Quispe',
    name: 'Juana',
    phone: '71234567',
    email: `p${n}@example.com`,
    job: 'Docente',
    institution: 'Unidad Educativa',
    position: 'Profesora',
    birthDate: '1990-04-12',
    department: 'La Paz',
    extra: { colegio: 'Colegio Ayacucho', turno: '1' },
  };
  return {
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: JSON.stringify(body),
  };
}

function participantRequest(eventId: number): autocannon.Request {
  return {
    method: 'POST',
    path: `/api/v1/public/events/${eventId}/enrollments`,
    setupRequest: (req) => ({ ...req, ...nextParticipant() }),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/**
 * Open-loop load: enrollments arrive at random (Poisson) times at `rate` a second, as people filling a
 * form would, whatever the server's answers. Latency counts from the planned start, so a slow server
 * cannot hide its queue (no coordinated omission), unlike a closed loop of fixed connections.
 */
async function openLoop(name: string, url: string, eventId: number, rate: number, seconds: number) {
  const latencies: number[] = [];
  const codes = new Map<number, number>();
  let errors = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  let planned = started;
  while (planned - started < seconds * 1000) {
    planned += -Math.log(1 - Math.random()) * (1000 / rate);
    const wait = planned - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const at = planned;
    const request = nextParticipant();
    pending.push(
      fetch(`${url}/api/v1/public/events/${eventId}/enrollments`, { method: 'POST', ...request })
        .then(async (res) => {
          await res.arrayBuffer();
          latencies.push(performance.now() - at);
          codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
        })
        .catch(() => {
          errors++;
        }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const result = {
    name,
    requests: latencies.length,
    requestsPerSecond: Math.round(latencies.length / elapsed),
    p50: Math.round(percentile(latencies, 50)),
    p95: Math.round(percentile(latencies, 95)),
    p99: Math.round(percentile(latencies, 99)),
    max: Math.round(latencies.at(-1) ?? 0),
    status: Object.fromEntries(codes),
    errors,
  };
  console.log(
    `${name.padEnd(48)} ${String(result.requestsPerSecond).padStart(6)} req/s  p50 ${result.p50} ms  p95 ${result.p95} ms  p99 ${result.p99} ms  max ${result.max} ms  status ${JSON.stringify(result.status)}  errors ${errors}`,
  );
  return result;
}

const count = async (eventId: number) => {
  const { rows } = await pool.query<{ enrolled: number; rows: number }>(
    `SELECT (SELECT count(*)::int FROM event_enrollments x WHERE x.event_id = e.id) AS rows,
       e.maximum - (SELECT sum(remaining)::int FROM event_seats s WHERE s.event_id = e.id) AS enrolled
     FROM events e WHERE e.id = $1`,
    [eventId],
  );
  return rows[0]!;
};

const server = await startServer(3910);
const results: unknown[] = [];
try {
  const url = server.baseUrl;
  // Warm up the connection pool and the JIT.
  await load('warm-up', { url, connections: 10, duration: 3, requests: [participantRequest(throughputId)] });
  results.push(
    await openLoop('POST enrollment, Poisson arrivals at 200/s (one event)', url, throughputId, 200, 30),
  );
  results.push(
    await load('POST enrollment at 200/s (one event, 50 clients)', {
      url,
      connections: 50,
      duration: 20,
      overallRate: 200,
      requests: [participantRequest(throughputId)],
    }),
  );
  results.push(
    await load('POST enrollment, no rate (one event, 100 clients)', {
      url,
      connections: 100,
      duration: 10,
      requests: [participantRequest(throughputId)],
    }),
  );
  const counted = await count(throughputId);
  console.log(`throughput event: places taken ${counted.enrolled}, enrollment rows ${counted.rows}`);

  const burst = await autocannon({
    url,
    connections: 100,
    amount: 2000,
    requests: [participantRequest(exactId)],
  });
  const exact = await count(exactId);
  const summary = {
    name: 'maximum 500 under 100 concurrent clients, 2000 attempts',
    created: burst.statusCodeStats?.['201']?.count ?? 0,
    refused: burst.statusCodeStats?.['409']?.count ?? 0,
    errors: burst.errors,
    placesTaken: exact.enrolled,
    enrollmentRows: exact.rows,
  };
  console.log(summary);
  if (summary.created !== 500 || exact.enrolled !== 500 || exact.rows !== 500)
    throw new Error('over- or under-enrollment');
  results.push(summary);
} finally {
  server.stop();
  await pool.end();
}
writeFileSync(path.join(root, 'bench/results/events.json'), JSON.stringify(results, null, 2));
