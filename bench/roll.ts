// The school roll import (issue 18; targets for the national roll of ~2.3 M students: dry run under
// 60 s, import under 90 s, re-import of the unchanged file under 60 s, memory growing by less than
// 300 MB), beside a plain COPY of the same file into a scratch table measured in the same run.
// Seeds its own national database (roll_bench, as load-national) and writes the three files from it
// with psql's \copy, then runs the CLI (`npm run import -- <kind> <file>`) as an operator would:
//   1. districts and institutions (all unchanged: the small files' cost);
//   2. this year's roll with 5 % of the students renamed, 1 % left out (withdrawn) and 1 % new:
//      a dry run alone, the import, and the same file again;
//   3. the next year's roll (the programme year moved to the next one, every row a new inscription:
//      the year's first load), then the same file again. The bench database is put back after.
// Run: npm run bench -- roll [--reuse] [--scale demo]
import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  type CliRun,
  databaseExists,
  importCli,
  machine,
  psql as runPsql,
  seedNational,
  withClient,
} from './import-support.js';
import { root } from './support.js';

const { values } = parseArgs({
  options: { reuse: { type: 'boolean', default: false }, scale: { type: 'string', default: 'national' } },
});
const server = process.env.PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
// --scale demo: the same steps on the demo data (25,000 students), to try the bench quickly.
const database = values.scale === 'national' ? 'roll_bench' : `roll_bench_${values.scale}`;
const url = `${server}/${database}`;
const psql = (command: string) => runPsql(url, command);
const fileOf = (name: string) => path.join(os.tmpdir(), `roll-bench-${name}.csv`);

if (!(values.reuse && (await databaseExists(server, database))))
  await seedNational(server, database, values.scale);
// A reused database may predate the latest migrations (the cleanup below names their columns).
const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/migrate-cli.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, DATABASE_URL: url },
});
if (migrated.status !== 0) process.exit(migrated.status ?? 1);

// Earlier runs' imports and withdrawals undone, so every run starts from the seeded roll.
const year = await withClient(url, async (db) => {
  await db.query('DELETE FROM file_imports');
  await db.query('DELETE FROM roll_staging');
  await db.query("DELETE FROM stored_file WHERE key LIKE 'imports/%'");
  const { rows } = await db.query<{ year: number }>('SELECT year FROM programme_settings WHERE id = 1');
  const y = rows[0]!.year;
  // Nothing refers to the next year's inscriptions the bench made: the foreign-key checks (one scan
  // of each referring table per row) are skipped for the cleanup.
  await db.query('SET session_replication_role = replica');
  await db.query('DELETE FROM inscriptions WHERE year > $1', [y]);
  await db.query('DELETE FROM courses WHERE year > $1', [y]);
  await db.query(
    'UPDATE inscriptions SET withdrawn_at = NULL, withdrawn_import_id = NULL WHERE withdrawn_at IS NOT NULL',
  );
  await db.query(
    "DELETE FROM inscriptions WHERE student_id IN (SELECT id FROM students WHERE rude LIKE 'NX%')",
  );
  await db.query("DELETE FROM students WHERE rude LIKE 'NX%'");
  await db.query('SET session_replication_role = DEFAULT');
  await db.query(
    "UPDATE students SET name = left(name, length(name) - 2) WHERE name LIKE '% B' AND id % 20 = 0",
  );
  await db.query('VACUUM ANALYZE');
  return y;
});

const exportCsv = (name: string, query: string) => {
  const file = fileOf(name);
  psql(`\\copy (${query.replace(/\s+/g, ' ')}) TO '${file}' WITH (FORMAT csv, HEADER, DELIMITER ';')`);
  console.log(`file ${file}: ${Math.round(statSync(file).size / 1024 / 1024)} MB`);
  return file;
};
const districts = exportCsv(
  'districts',
  `SELECT department_id AS "COD_DEPARTAMENTO", id AS "COD_DISTRITO", name AS "DISTRITO" FROM districts ORDER BY id`,
);
const institutions = exportCsv(
  'institutions',
  `SELECT id AS "SIE", name AS "NOMBRE", code_type AS "TIPO", dependency AS "DEPENDENCIA", area AS "AREA",
     upper(subsystem) AS "SUBSISTEMA", district_id AS "COD_DISTRITO" FROM institutions ORDER BY id`,
);
/** The roll as the console holds it, for `gestion`, with `name` and `rude` as SQL over students s. */
const rollQuery = (gestion: number, where: string, name = 's.name', rude = 's.rude') => `
  SELECT ${gestion} AS "GESTION", c.institution_id AS "SIE", c.level_id AS "NIVEL", c.grade_id AS "GRADO",
    chr(64 + c.parallel_id) AS "PARALELO", c.shift_id AS "TURNO", ${rude} AS "RUDE",
    s.first_last_name AS "PATERNO", s.second_last_name AS "MATERNO", ${name} AS "NOMBRES",
    CASE s.gender WHEN 1 THEN 'M' ELSE 'F' END AS "GENERO", to_char(s.birth_date, 'DD/MM/YYYY') AS "FECHA_NACIMIENTO",
    coalesce(s.document_number, '') AS "CI", s.document_complement AS "COMPLEMENTO"
  FROM inscriptions n JOIN students s ON s.id = n.student_id JOIN courses c ON c.id = n.course_id
  WHERE n.year = ${year} AND ${where}`;
const changedRoll = exportCsv(
  'roll-changed',
  `${rollQuery(year, 's.id % 100 <> 1', "CASE WHEN s.id % 20 = 0 THEN s.name || ' B' ELSE s.name END")}
   UNION ALL ${rollQuery(year, 's.id % 100 = 2', 's.name', "'NX' || s.rude")}`,
);
const nextRoll = exportCsv('roll-next', rollQuery(year + 1, 'true'));
const rows = Number(
  (
    await withClient(url, (db) =>
      db.query<{ n: number }>(`SELECT count(*)::int AS n FROM inscriptions WHERE year = ${year}`),
    )
  ).rows[0]!.n,
);

// The baseline: the roll file into a scratch table with COPY (psql's \copy, the file sent by the client).
psql('DROP TABLE IF EXISTS bench_roll_copy');
psql(
  `CREATE UNLOGGED TABLE bench_roll_copy (gestion text, sie text, nivel text, grado text, paralelo text, turno text,
    rude text, paterno text, materno text, nombres text, genero text, fecha text, ci text, complemento text)`.replace(
    /\s+/g,
    ' ',
  ),
);
const copySeconds = psql(
  `\\copy bench_roll_copy FROM '${nextRoll}' WITH (FORMAT csv, HEADER, DELIMITER ';')`,
);
psql('DROP TABLE bench_roll_copy');
console.log(`COPY of the roll (${rows} rows) into a scratch table: ${copySeconds} s`);

const runs: CliRun[] = [];
const cli = (name: string, kind: string, file: string, args: string[] = []) =>
  runs.push(importCli(url, name, kind, file, args));

cli('districts (unchanged)', 'districts', districts);
cli('institutions (unchanged)', 'institutions', institutions);
cli('roll: dry run alone', 'roll', changedRoll, ['--dry-run']);
cli('roll: import (5 % changed, 1 % withdrawn, 1 % new)', 'roll', changedRoll);
cli('roll: re-import of the same file', 'roll', changedRoll);
await withClient(url, (db) => db.query('UPDATE programme_settings SET year = $1 WHERE id = 1', [year + 1]));
try {
  cli("next year's roll: first import (every row a new inscription)", 'roll', nextRoll);
  cli("next year's roll: re-import of the same file", 'roll', nextRoll);
} finally {
  await withClient(url, (db) => db.query('UPDATE programme_settings SET year = $1 WHERE id = 1', [year]));
}

const result = {
  rows,
  bytes: statSync(nextRoll).size,
  copySeconds,
  runs,
  machine: machine(),
  at: new Date().toISOString(),
};
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/roll.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(runs.map(({ output: _, ...r }) => r));
