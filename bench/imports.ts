// The bank's payment file import (issue 18, target: 1 M rows under 60 s), beside a plain COPY of
// the same file into a scratch table measured in the same run. Seeds its own national database
// (imports_bench, ~2.3 M students: as load-national, in a child process), writes a payment file of
// ROWS rows from this year's inscriptions with a titular (not removed, not blocked), then runs the
// CLI (`npm run import -- payments <file>`) as an operator would: a dry run alone, the import (dry
// run + confirmation), and the same file again (everything unchanged).
// Run: npm run bench -- imports [--rows 1000000] [--reuse]
//   --reuse keeps an already seeded imports_bench (its payments are reset first).
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
  options: { rows: { type: 'string', default: '1000000' }, reuse: { type: 'boolean', default: false } },
});
const ROWS = Number(values.rows);
const server = process.env.PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const database = 'imports_bench';
const url = `${server}/${database}`;
const file = path.join(os.tmpdir(), `imports-bench-${ROWS}.csv`);
const seeded = values.reuse ? await databaseExists(server, database) : false;
if (!seeded) await seedNational(server, database);

// The file: RUDE, the programme amount, a date, bank, agency and mode, ';'-separated with a header.
const written = await withClient(url, async (db) => {
  // Payments start from nothing, so the first import writes every row (a fresh year's file).
  await db.query('DELETE FROM payments');
  await db.query('DELETE FROM file_imports');
  await db.query("DELETE FROM stored_file WHERE key LIKE 'imports/%'");
  await db.query('VACUUM ANALYZE payments');
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM inscriptions n
     WHERE n.year = (SELECT year FROM programme_settings WHERE id = 1) AND n.removed_at IS NULL
       AND EXISTS (SELECT 1 FROM titular_assignments t WHERE t.inscription_id = n.id AND t.removed_at IS NULL)
       AND NOT EXISTS (SELECT 1 FROM student_blocks b WHERE b.inscription_id = n.id AND b.unblocked_at IS NULL)`,
  );
  return rows[0]!.n;
});
if (written < ROWS) throw new Error(`only ${written} beneficiaries with a titular; asked for ${ROWS}`);
const query = `SELECT s.rude AS "RUDE", p.amount_per_student AS "MONTO",
    to_char(DATE '2025-11-03' + (n.id % 20), 'DD/MM/YYYY') AS "FECHA_PAGO",
    (ARRAY['BANCO UNIÓN', 'BANCO BISA', 'BANCO FIE'])[1 + n.id % 3] AS "BANCO",
    'AGENCIA ' || (n.id % 40) AS "AGENCIA", 'VENTANILLA' AS "MODALIDAD"
  FROM inscriptions n JOIN students s ON s.id = n.student_id CROSS JOIN programme_settings p
  WHERE n.year = p.year AND n.removed_at IS NULL
    AND EXISTS (SELECT 1 FROM titular_assignments t WHERE t.inscription_id = n.id AND t.removed_at IS NULL)
    AND NOT EXISTS (SELECT 1 FROM student_blocks b WHERE b.inscription_id = n.id AND b.unblocked_at IS NULL)
  ORDER BY n.id LIMIT ${ROWS}`;
const psql = (command: string) => runPsql(url, command);
psql(`\\copy (${query.replace(/\s+/g, ' ')}) TO '${file}' WITH (FORMAT csv, HEADER, DELIMITER ';')`);
const size = statSync(file).size;
console.log(`file ${file}: ${ROWS} rows, ${Math.round(size / 1024 / 1024)} MB`);

// The baseline: the same file into a scratch table with COPY (psql's \copy, the file sent by the client).
psql('DROP TABLE IF EXISTS bench_payment_copy');
psql(
  'CREATE UNLOGGED TABLE bench_payment_copy (rude text, monto text, fecha text, banco text, agencia text, modalidad text)',
);
const copySeconds = psql(`\\copy bench_payment_copy FROM '${file}' WITH (FORMAT csv, HEADER, DELIMITER ';')`);
psql('DROP TABLE bench_payment_copy');
console.log(`COPY into a scratch table: ${copySeconds} s`);

const runs: CliRun[] = [];
const cli = (name: string, args: string[]) => runs.push(importCli(url, name, 'payments', file, args));

cli('dry run alone', ['--dry-run']);
cli('import (dry run + confirmation)', []);
cli('re-import of the same file (all unchanged)', []);

const result = {
  rows: ROWS,
  bytes: size,
  copySeconds,
  runs,
  machine: machine(),
  at: new Date().toISOString(),
};
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/imports.json'), `${JSON.stringify(result, null, 2)}\n`);
console.table(runs.map(({ output: _, ...r }) => r));
