// Paid validation figures on national data (2.3 M students): saving a validation with 50 directors
// working at once (each on their own school), and the DDJJ PDF of the largest special centre.
// Run: npm run bench -- paid-validation   (after `npx tsx bench/load-national.ts`)
//
// It adds 50 director accounts 'bench_paid_01…50' (password of the demo admin, one school each, the
// 50 schools with the most students to validate) to bjp_national, and on the special centre it
// validates every student and consolidates, so repeated runs find the same state.
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import pg from 'pg';
import { type LoadResult, load, loginToken, nationalUrl, root, startServer } from './support.js';

const USERS = 50;
const pool = new pg.Pool({ connectionString: nationalUrl, max: 2 });
const server = await startServer(3902);
const load1 = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');

/** The students a school validates: paid, with an active teacher or director titular (see the API). */
const universe = `FROM inscriptions n
  JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL AND t.holder_type_id IN (2, 3)
  JOIN payments p ON p.inscription_id = n.id AND p.paid
  WHERE n.removed_at IS NULL AND n.year = (SELECT year FROM programme_settings WHERE id = 1)`;

async function benchDirectors(): Promise<Array<{ username: string; sie: number; inscriptions: number[] }>> {
  const { rows: schools } = await pool.query<{ sie: number; ids: number[] }>(
    `SELECT n.institution_id AS sie, array_agg(n.id ORDER BY n.id) AS ids ${universe}
       AND NOT EXISTS (SELECT 1 FROM paid_validation_consolidations c
                       WHERE c.institution_id = n.institution_id AND c.reopened_at IS NULL)
     GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT ${USERS}`,
  );
  const directors = [];
  for (const [i, school] of schools.entries()) {
    const username = `bench_paid_${String(i + 1).padStart(2, '0')}`;
    await pool.query(
      `INSERT INTO users (username, password_hash, name, first_last_name, type, profile, has_access)
       SELECT $1, password_hash, 'Director', 'Benchmark', 2, 9, true FROM users WHERE username = 'admin'
       ON CONFLICT (username) DO NOTHING`,
      [username],
    );
    await pool.query(`DELETE FROM user_scopes WHERE user_id = (SELECT id FROM users WHERE username = $1)`, [
      username,
    ]);
    await pool.query(
      `INSERT INTO user_scopes (user_id, institution_id) SELECT id, $2 FROM users WHERE username = $1`,
      [username, school.sie],
    );
    await pool.query(
      `INSERT INTO user_roles (user_id, role_id) SELECT id, 7 FROM users WHERE username = $1 ON CONFLICT DO NOTHING`,
      [username],
    );
    directors.push({ username, sie: school.sie, inscriptions: school.ids });
  }
  return directors;
}

/**
 * Each autocannon connection is one director: its context gets the director's token and school the
 * first time, then it walks through that school's students, alternating PAGADO and NO PAGADO.
 */
function saveRequests(
  directors: Array<{ token: string; sie: number; inscriptions: number[] }>,
): autocannon.Request[] {
  let next = 0;
  let sequence = 0;
  return [
    {
      method: 'PUT',
      setupRequest: (req, context) => {
        const ctx = context as { director?: number; step?: number };
        ctx.director ??= next++ % directors.length;
        ctx.step = (ctx.step ?? 0) + 1;
        const d = directors[ctx.director]!;
        const inscriptionId = d.inscriptions[ctx.step % d.inscriptions.length]!;
        const paid = ++sequence % 2 === 0;
        return {
          ...req,
          path: `/api/v1/paid-validation/institutions/${d.sie}/inscriptions/${inscriptionId}/validation`,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${d.token}` },
          body: JSON.stringify(
            paid ? { isPaid: true } : { isPaid: false, observation: 'No recibió el bono.' },
          ),
        };
      },
    },
  ];
}

type Timed = {
  name: string;
  sie: number;
  students: number;
  samples: number;
  p50: number;
  max: number;
  bytes: number;
};

/** The DDJJ of the special centre with the most students to validate: validated, consolidated, downloaded. */
async function ddjjFigure(adminToken: string): Promise<Timed> {
  const { rows } = await pool.query<{ sie: number; n: number; enrolled: number }>(
    `SELECT n.institution_id AS sie, count(*)::int AS n,
       (SELECT count(*) FROM inscriptions x WHERE x.institution_id = n.institution_id)::int AS enrolled
     ${universe} AND n.institution_id IN (SELECT id FROM institutions WHERE code_type = 4)
     GROUP BY 1 ORDER BY count(*) DESC, enrolled DESC, 1 LIMIT 1`,
  );
  const centre = rows[0]!;
  const headers = { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' };
  const api = `${server.baseUrl}/api/v1/paid-validation/institutions/${centre.sie}`;
  const state = (await (await fetch(api, { headers })).json()) as { consolidation: unknown };
  if (!state.consolidation) {
    const { rows: students } = await pool.query<{ id: number }>(
      `SELECT n.id ${universe} AND n.institution_id = $1`,
      [centre.sie],
    );
    for (const [i, s] of students.entries()) {
      const body = i % 3 === 0 ? { isPaid: false, observation: 'No recibió el bono.' } : { isPaid: true };
      const res = await fetch(`${api}/inscriptions/${s.id}/validation`, {
        method: 'PUT',
        headers,
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`validation ${s.id}: ${res.status}`);
    }
    const res = await fetch(`${api}/consolidation`, {
      method: 'POST',
      headers: { authorization: headers.authorization },
    });
    if (!res.ok) throw new Error(`consolidation: ${res.status} ${await res.text()}`);
  }
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const started = performance.now();
    const res = await fetch(`${api}/report/document`, { headers });
    bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`DDJJ: ${res.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const result = {
    name: `GET DDJJ PDF of the largest special centre (${centre.sie})`,
    sie: centre.sie,
    students: centre.n,
    samples: times.length,
    p50: Math.round(times[9]!),
    max: Math.round(times.at(-1)!),
    bytes,
  };
  console.log(
    `${result.name}: ${centre.n} students, p50 ${result.p50} ms, max ${result.max} ms, ${bytes} bytes`,
  );
  return result;
}

const results: Array<LoadResult | Timed | { loadBefore: string; loadAfter: string }> = [];
try {
  const loadBefore = load1();
  const directors = await benchDirectors();
  const tokens = [];
  for (const d of directors) tokens.push({ ...d, token: await loginToken(server.baseUrl, d.username, 2) });
  const url = server.baseUrl;
  await load('warm-up', { url, connections: 10, duration: 3, requests: saveRequests(tokens) });
  results.push(
    await load('PUT validation at 300/s (50 directors)', {
      url,
      connections: USERS,
      duration: 20,
      overallRate: 300,
      requests: saveRequests(tokens),
    }),
  );
  results.push(
    await load('PUT validation, no rate (50 directors)', {
      url,
      connections: USERS,
      duration: 10,
      requests: saveRequests(tokens),
    }),
  );
  results.push(await ddjjFigure(await loginToken(server.baseUrl)));
  results.push({ loadBefore, loadAfter: load1() });
  console.log(`load average (1/5/15 min) before ${loadBefore}, after ${load1()}`);
} finally {
  server.stop();
  await pool.end();
}
writeFileSync(path.join(root, 'bench/results/paid-validation.json'), JSON.stringify(results, null, 2));
