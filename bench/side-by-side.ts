// Two builds of the console side by side: both servers up at once on the same national database,
// one client sending each request to one and then the other (the order alternating), so both meet
// the same machine at the same moment. On a machine whose speed drifts by 10–20 % from one minute to
// the next, this tells a change of a few percent apart from the drift; runs one after another cannot.
//
// Run: npm run bench -- side-by-side --before <checkout of the older commit> [--after <checkout>]
// after `npx tsx bench/load-national.ts` and one run of `npm run bench -- paid-validation` (its
// directors bench_paid_01 and _02 are used). Latencies in ms, one client: what a user waits.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { nationalUrl, root, waitUntilServing } from './support.js';

const { values } = parseArgs({
  options: {
    before: { type: 'string' },
    after: { type: 'string', default: root },
    rounds: { type: 'string' },
  },
});
if (!values.before) throw new Error('--before <checkout> is required');
const rounds = Number(values.rounds ?? 2);
// One JWT secret for both servers; each side logs in users of its own (sessions are in the database).
const secret = 'side-by-side-secret-0123456789abcdef01234567';

type Side = 'before' | 'after';
const sides: Side[] = ['before', 'after'];

function start(checkout: string, port: number) {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: path.resolve(checkout),
    env: {
      ...process.env,
      DATABASE_URL: nationalUrl,
      PORT: String(port),
      JWT_SECRET: secret,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000000',
      WEB_DIST: '/nonexistent',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

const servers = { before: start(values.before, 3981), after: start(values.after, 3982) };
const db = new pg.Client({ connectionString: nationalUrl });

/** Logs a user in; older builds answered `token`, newer ones `accessToken`. */
async function login(side: Side, username: string, type: number): Promise<string> {
  const res = await fetch(`${servers[side].baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo2025!', type }),
  });
  if (!res.ok) throw new Error(`login ${username} on ${side}: ${res.status}`);
  const body = (await res.json()) as { accessToken?: string; token?: string };
  return (body.accessToken ?? body.token)!;
}

async function timed(side: Side, pathname: string, init: RequestInit = {}): Promise<number> {
  const t = performance.now();
  const res = await fetch(servers[side].baseUrl + pathname, init);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${side} ${pathname}: ${res.status}`);
  return performance.now() - t;
}

function summary(label: string, times: Record<Side, number[]>) {
  for (const side of sides) {
    const sorted = [...times[side]].sort((a, b) => a - b);
    const q = (f: number) => sorted[Math.floor(f * (sorted.length - 1))]!.toFixed(2);
    const mean = (sorted.reduce((a, b) => a + b, 0) / sorted.length).toFixed(2);
    console.log(
      `${label.padEnd(34)} ${side.padEnd(6)} n ${sorted.length}  mean ${mean}  p50 ${q(0.5)}  p90 ${q(0.9)}  p99 ${q(0.99)}`,
    );
  }
}

/** `count` requests to each side, interleaved, the side that goes first alternating. */
async function interleaved(label: string, count: number, send: (side: Side, i: number) => Promise<number>) {
  const times: Record<Side, number[]> = { before: [], after: [] };
  for (let i = 0; i < Math.min(200, count); i++) for (const side of sides) await send(side, i); // warm
  for (let round = 0; round < rounds; round++)
    for (let i = 0; i < count; i++)
      for (const side of (i + round) % 2 ? sides : [...sides].reverse())
        times[side].push(await send(side, i));
  summary(label, times);
}

try {
  await Promise.all(sides.map((side) => waitUntilServing(servers[side].child, servers[side].baseUrl, 150)));
  await db.connect();
  // A login ends the user's earlier session: each side logs in a user of its own.
  await db.query(
    `INSERT INTO users (username, password_hash, name, first_last_name, type, profile, has_access, is_demo)
     SELECT 'admin-side-by-side', password_hash, name, first_last_name, type, profile, has_access, true
     FROM users WHERE username = 'admin' ON CONFLICT (username) DO NOTHING;
     INSERT INTO user_roles (user_id, role_id)
     SELECT (SELECT id FROM users WHERE username = 'admin-side-by-side'), role_id FROM user_roles
     WHERE user_id = (SELECT id FROM users WHERE username = 'admin') ON CONFLICT DO NOTHING`,
  );
  const admin = {
    before: await login('before', 'admin', 1),
    after: await login('after', 'admin-side-by-side', 1),
  };

  const { rows: courses } = await db.query<{ sie: number; course: number }>(
    `SELECT institution_id AS sie, id AS course FROM courses
     WHERE year = (SELECT year FROM programme_settings WHERE id = 1) ORDER BY hashint4(id) LIMIT 1500`,
  );
  await interleaved('GET a course’s student list', courses.length, (side, i) =>
    timed(side, `/api/v1/holders/institutions/${courses[i]!.sie}/students?course=${courses[i]!.course}`, {
      headers: { authorization: `Bearer ${admin[side]}` },
    }),
  );
  await interleaved('GET statistics/systems', 1000, (side) =>
    timed(side, '/api/v1/statistics/systems', { headers: { authorization: `Bearer ${admin[side]}` } }),
  );
  const directors = await db.query<{ username: string }>(
    `SELECT username FROM users WHERE username LIKE 'bench-director-%' ORDER BY id LIMIT 40`,
  );
  await interleaved('POST auth/login (argon2)', 150, (side, i) =>
    timed(side, '/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: directors.rows[i % directors.rows.length]!.username,
        password: 'Demo2025!',
        type: 2,
      }),
    }),
  );

  // 'Registrar' of the paid validation: a director of a school of the validation universe per side.
  const school = async (username: string) =>
    (
      await db.query<{ sie: number; ids: number[] }>(
        `SELECT s.institution_id AS sie, array_agg(n.id ORDER BY n.id) AS ids
         FROM users u JOIN user_scopes s ON s.user_id = u.id
         JOIN inscriptions n ON n.institution_id = s.institution_id AND n.removed_at IS NULL
           AND n.year = (SELECT year FROM programme_settings WHERE id = 1)
         JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL AND t.holder_type_id IN (2, 3)
         JOIN payments p ON p.inscription_id = n.id AND p.paid
         WHERE u.username = $1 GROUP BY 1`,
        [username],
      )
    ).rows[0];
  const paid = { before: await school('bench_paid_01'), after: await school('bench_paid_02') };
  if (paid.before && paid.after) {
    const director = {
      before: await login('before', 'bench_paid_01', 2),
      after: await login('after', 'bench_paid_02', 2),
    };
    await interleaved('PUT paid validation (Registrar)', 2000, (side, i) => {
      const { sie, ids } = paid[side]!;
      return timed(
        side,
        `/api/v1/paid-validation/institutions/${sie}/inscriptions/${ids[i % ids.length]}/validation`,
        {
          method: 'PUT',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${director[side]}` },
          body: JSON.stringify(
            i % 2 ? { isPaid: false, observation: 'No recibió el bono.' } : { isPaid: true },
          ),
        },
      );
    });
  } else console.log('PUT paid validation: skipped (run `npm run bench -- paid-validation` once first)');
} finally {
  await db.end().catch(() => undefined);
  for (const side of sides) servers[side].child.kill('SIGTERM');
}
