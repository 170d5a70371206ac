// Holder registration figures on national data (docs/scale.md, "Holder registration"):
//  - a course's student list (target p95 < 30 ms);
//  - registering a titular across 50 concurrent directors with the SEGIP simulator answering at once
//    (target ≥ 300/s, p99 < 200 ms): 'Nuevo Titular' (SEGIP + person + guardian) and 'Registrar';
//  - the sworn-declaration PDF of the largest consolidated national school and of a 1,500-student
//    school built in a scratch database (target < 1 s).
// Run: npm run bench -- holders   (after `npx tsx bench/load-national.ts`). It writes bench users
// (bench-director-1…50), persons, guardians and titulars into bjp_national.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { syntheticDeclaration, timePdf } from './holders-documents.js';
import { type LoadResult, load, loginToken, nationalUrl, root, startServer } from './support.js';

type Identity = {
  carnet: string;
  paterno: string;
  materno: string;
  name: string;
  birthDate: string;
  gender: 1 | 2;
};
// The SEGIP simulator's registry, loaded at run time (the bench project type-checks apart from the API).
const registryModule = new URL('../apps/api/src/integrations/segip/identity.ts', import.meta.url).href;
const { identityFor } = (await import(registryModule)) as {
  identityFor: (carnet: string) => Identity | null;
};

const DIRECTORS = 50;
const results: Array<LoadResult | Record<string, unknown>> = [];
const db = new pg.Client({ connectionString: nationalUrl });
await db.connect();

/** Fifty directors, each of one open regular school with many validated, registered students. */
async function benchDirectors(): Promise<Array<{ username: string; sie: number }>> {
  const { rows: schools } = await db.query<{ sie: number }>(
    `SELECT n.institution_id AS sie FROM inscriptions n
     JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NULL AND i.code_type = 1
     JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
     GROUP BY n.institution_id ORDER BY count(*) DESC, n.institution_id LIMIT $1`,
    [DIRECTORS],
  );
  await db.query(
    `INSERT INTO users (username, password_hash, name, first_last_name, type, profile, has_access, is_demo)
     SELECT 'bench-director-' || n, (SELECT password_hash FROM users WHERE username = 'admin'), 'Director', 'Bench ' || n, 2, 9, true, true
     FROM generate_series(1, $1) AS n ON CONFLICT (username) DO NOTHING`,
    [DIRECTORS],
  );
  const directors = schools.map((s, i) => ({ username: `bench-director-${i + 1}`, sie: s.sie }));
  for (const d of directors) {
    await db.query(
      `INSERT INTO user_scopes (user_id, institution_id) SELECT id, $2 FROM users u WHERE username = $1
       AND NOT EXISTS (SELECT 1 FROM user_scopes s WHERE s.user_id = u.id AND s.institution_id = $2)`,
      [d.username, d.sie],
    );
  }
  return directors;
}

/** Students whose titular a director may change: validated identity, active titular and its guardian. */
async function targets(sie: number) {
  const { rows } = await db.query<{ inscription: number; guardian: number }>(
    `SELECT n.id AS inscription, g.id AS guardian FROM inscriptions n
     JOIN students s ON s.id = n.student_id AND (s.segip_id = 1 OR s.empareja_sereci)
     JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
     JOIN guardians g ON g.inscription_id = n.id AND g.person_id = t.person_id
     WHERE n.institution_id = $1 AND n.removed_at IS NULL ORDER BY n.id`,
    [sie],
  );
  return rows;
}

/** Documents the registry knows that no person has yet (bench persons live from 16,000,000 up). */
async function documents(count: number): Promise<Identity[]> {
  const { rows } = await db.query<{ last: string | null }>(
    `SELECT max(carnet::int8)::text AS last FROM persons WHERE carnet ~ '^[0-9]{8}$' AND carnet::int8 BETWEEN 16000000 AND 19999999`,
  );
  let next = Number(rows[0]?.last ?? 16_000_000) + 1;
  const out: Identity[] = [];
  while (out.length < count) {
    const id = identityFor(String(next++));
    if (id && id.birthDate <= '2006-01-01') out.push(id);
  }
  return out;
}

function studentListUrls(courses: Array<{ sie: number; course: number }>) {
  return courses.map((c) => `/api/v1/holders/institutions/${c.sie}/students?course=${c.course}`);
}

// Ports of our own: other engineers' benchmarks use 3900 on this shared machine.
const port = 3940 + Math.floor(Math.random() * 50);
// SEGIP is another system: its simulator runs in its own process here, so the API's CPU is the API's.
const segip = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    `const m = await import(${JSON.stringify(new URL('../apps/api/src/integrations/segip/simulator.ts', import.meta.url).href)}); await m.startSegipSimulator({ port: ${port + 100} });`,
  ],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
);
process.env.SEGIP_URL = `http://127.0.0.1:${port + 100}`;
const server = await startServer(port);
const statuses = new Map<string, Map<number, number>>();
const countStatus = (name: string) => (status: number) => {
  const byStatus = statuses.get(name) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  statuses.set(name, byStatus);
};
try {
  const admin = await loginToken(server.baseUrl);
  const { rows: courses } = await db.query<{ sie: number; course: number }>(
    `SELECT institution_id AS sie, id AS course FROM courses WHERE year = 2025 ORDER BY hashint4(id) LIMIT 2000`,
  );
  const urls = studentListUrls(courses);
  let u = 0;
  for (const connections of [1, 5, 10]) {
    results.push(
      await load(`GET a course’s student list (2,000 courses), ${connections} clients`, {
        url: server.baseUrl,
        connections,
        headers: { authorization: `Bearer ${admin}` },
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: urls[u++ % urls.length] }) }],
      }),
    );
  }

  const directors = await benchDirectors();
  const tokens = await Promise.all(directors.map((d) => loginToken(server.baseUrl, d.username, 2)));
  const work = await Promise.all(directors.map((d) => targets(d.sie)));
  const people = await documents(12_000);
  let person = 0;
  let connection = 0;
  const cursor = directors.map(() => 0);
  type Context = { director?: number };
  /**
   * The 50 directors at once, one connection each: `next(d)` gives director d's next request (its
   * path and JSON body), `cursor[d]` walks that director's own work.
   */
  const directorsLoad = (
    title: string,
    method: 'POST' | 'PUT',
    next: (d: number) => { path: string; body: unknown },
  ) => {
    connection = 0;
    cursor.fill(0);
    return load(title, {
      url: server.baseUrl,
      connections: DIRECTORS,
      requests: [
        {
          method,
          onResponse: countStatus(method),
          setupRequest: (req, context: Context) => {
            context.director ??= connection++ % DIRECTORS;
            const d = context.director;
            const { path, body } = next(d);
            return {
              ...req,
              path,
              headers: { authorization: `Bearer ${tokens[d]}`, 'content-type': 'application/json' },
              body: JSON.stringify(body),
            };
          },
        },
      ],
    });
  };
  results.push(
    await directorsLoad('POST Nuevo Titular (SEGIP + person + guardian), 50 directors', 'POST', (d) => {
      const target = work[d]![cursor[d]!++ % work[d]!.length]!;
      const p = people[person++]!;
      return {
        path: `/api/v1/holders/institutions/${directors[d]!.sie}/inscriptions/${target.inscription}/guardians/new`,
        body: {
          carnet: p.carnet,
          complemento: '',
          relationshipId: p.gender === 2 ? 1 : 2,
          foreign: false,
          gender: p.gender,
          birthDate: p.birthDate,
          name: p.name,
          paterno: p.paterno,
          materno: p.materno,
        },
      };
    }),
  );

  // 'Registrar': each student's titular goes from its current guardian to the one just added, and back.
  const { rows: pairs } = await db.query<{
    sie: number;
    inscription: number;
    added: number;
    current: number;
  }>(
    `SELECT n.institution_id AS sie, g.inscription_id AS inscription, g.id AS added, c.id AS current
     FROM guardians g JOIN persons p ON p.id = g.person_id AND p.carnet ~ '^1[6-9][0-9]{6}$'
     JOIN inscriptions n ON n.id = g.inscription_id
     JOIN titular_assignments t ON t.inscription_id = g.inscription_id AND t.removed_at IS NULL
     JOIN guardians c ON c.inscription_id = t.inscription_id AND c.person_id = t.person_id
     WHERE g.removed_at IS NULL AND c.id <> g.id AND n.institution_id = ANY($1)`,
    [directors.map((d) => d.sie)],
  );
  const bySchool = directors.map((d) => pairs.filter((p) => p.sie === d.sie));
  const flips = new Map<number, boolean>();
  results.push(
    await directorsLoad('PUT Registrar (change of titular), 50 directors', 'PUT', (d) => {
      const pair = bySchool[d]![cursor[d]!++ % bySchool[d]!.length]!;
      const flip = !(flips.get(pair.inscription) ?? false);
      flips.set(pair.inscription, flip);
      return {
        path: `/api/v1/holders/institutions/${pair.sie}/inscriptions/${pair.inscription}/titular`,
        body: { guardianId: flip ? pair.added : pair.current },
      };
    }),
  );

  const { rows: largest } = await db.query<{ sie: number; students: number }>(
    `SELECT n.institution_id AS sie, count(*)::int AS students FROM inscriptions n
     JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NOT NULL
     GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
  );
  results.push(
    await timePdf(
      server.baseUrl,
      admin,
      largest[0]!.sie,
      `declaration PDF, largest consolidated school (${largest[0]!.students} students)`,
    ),
  );
  results.push({ statuses: Object.fromEntries([...statuses].map(([k, v]) => [k, Object.fromEntries(v)])) });
  console.log('statuses', JSON.stringify(results.at(-1)));
} finally {
  server.stop();
  segip.kill('SIGTERM');
  await db.end();
}

results.push(await syntheticDeclaration());
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/holders.json'), JSON.stringify(results, null, 2));
