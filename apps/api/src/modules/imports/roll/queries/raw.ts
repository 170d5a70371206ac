import type { Writable } from 'node:stream';
import { type RollColumn, rollColumns } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { copyIn, type Executor } from '../../../../db/client.js';
import { firstRow, rows } from '../../../../db/rows.js';

/**
 * The roll file's cells as text (docs/decisions/038): loaded into a temporary table by PostgreSQL's
 * own CSV reader (`COPY … FROM STDIN`) or, on PGlite and for XLSX files, by batched INSERTs; then
 * checked set-based, the valid rows converted into `roll_staging`. The domain's zod rules stay the
 * one definition of what a cell may hold: the short lists (codes, years, schools, dates) are judged
 * by zod once per distinct value and joined as a table; the long ones (RUDE, names, documents) by
 * SQL patterns that accept only values zod accepts unchanged or upper-cased (roll-raw.test.ts
 * checks both agree). Every row the SQL does not accept is read back and checked by zod, row by
 * row: its Spanish messages, or (a value zod accepts in a form the pattern does not, e.g. with
 * spaces around) its zod-converted row staged as before.
 */

/** The temporary table's column for each layout column (the layout's name in lower case). */
export const rawColumn = (column: RollColumn) => column.toLowerCase();

const cellColumns = rollColumns.map((c) => sql.raw(rawColumn(c)));

/** A fresh `roll_raw` for this transaction (dropped at its end). */
export async function createRaw(db: Executor) {
  await db.execute(sql`DROP TABLE IF EXISTS pg_temp.roll_raw`);
  await db.execute(sql`DROP TABLE IF EXISTS pg_temp.roll_flagged`);
  await db.execute(
    sql.raw(`CREATE TEMP TABLE roll_raw (line int NOT NULL, width int,
      ${rollColumns.map((c) => `${rawColumn(c)} text NOT NULL`).join(', ')}) ON COMMIT DROP`),
  );
}

/**
 * `COPY roll_raw` from the client: the line and the width flag first (see csv-copy.ts), then the
 * cells in the file's column order; an empty cell is '' (never NULL). Null on PGlite.
 */
export function copyRaw(db: Executor, columns: readonly RollColumn[], delimiter: ';' | ','): Writable | null {
  const names = columns.map(rawColumn).join(', ');
  const all = rollColumns.map(rawColumn).join(', ');
  return copyIn(
    db,
    `COPY roll_raw (line, width, ${names}) FROM STDIN WITH (FORMAT csv, DELIMITER '${delimiter === ',' ? ',' : ';'}', FORCE_NOT_NULL (${all}))`,
  );
}

/** One row of cells, in the layout's column order (rollColumns); `width` set for a row too wide. */
export type RawRow = { line: number; width: number | null; cells: string[] };

/** The batched-INSERT way in (PGlite, XLSX): one statement, one array per column. */
export async function insertRaw(db: Executor, batch: RawRow[]) {
  const arrays = rollColumns.map((_, i) => sql`${sql.param(batch.map((r) => r.cells[i] ?? ''))}::text[]`);
  await db.execute(sql`
    INSERT INTO roll_raw (line, width, ${sql.join(cellColumns, sql`, `)})
    SELECT * FROM unnest(${sql.param(batch.map((r) => r.line))}::int[], ${sql.param(batch.map((r) => r.width))}::int[],
      ${sql.join(arrays, sql`, `)})`);
}

/** Planner statistics for the loaded cells (a temporary table is never analysed on its own). */
export async function analyzeRaw(db: Executor) {
  await db.execute(sql`ANALYZE roll_raw`);
}

export async function rawCount(db: Executor): Promise<number> {
  return Number((await firstRow<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM roll_raw`))?.n ?? 0);
}

/** The columns judged by zod once per distinct value, and so joined as a table of valid values. */
export const codedColumns = [
  'GESTION',
  'SIE',
  'NIVEL',
  'GRADO',
  'PARALELO',
  'TURNO',
  'GENERO',
  'FECHA_NACIMIENTO',
  'COMPLEMENTO',
] as const satisfies readonly RollColumn[];
export type CodedColumn = (typeof codedColumns)[number];

/** Every distinct value of the coded columns (a few tens of thousands for the national roll), in one pass. */
export async function distinctCodes(db: Executor): Promise<Array<{ column: CodedColumn; value: string }>> {
  const names = codedColumns.map(rawColumn);
  const found = await rows<{ g: number; v: string }>(
    db,
    sql.raw(`SELECT GROUPING(${names.join(', ')}) AS g, coalesce(${names.join(', ')}) AS v
      FROM roll_raw WHERE width IS NULL
      GROUP BY GROUPING SETS (${names.map((n) => `(${n})`).join(', ')})`),
  );
  // GROUPING's bit is 0 for the set's own column, counted from the right: the first column is the highest bit.
  const last = codedColumns.length - 1;
  return found.map((f) => {
    const at = last - Math.log2(((1 << codedColumns.length) - 1) ^ Number(f.g));
    return { column: codedColumns[at]!, value: f.v };
  });
}

/**
 * The valid values of the coded columns with what each converts to (as text, cast when staged): a
 * small table per column, analysed, so the planner knows each holds a few values (in one table
 * for all, it took every join for one matching row and nested the loops).
 */
export async function storeCodes(
  db: Executor,
  codes: Array<{ column: CodedColumn; value: string; converted: string }>,
) {
  for (const column of codedColumns) {
    const table = codeTable(column);
    await db.execute(sql`DROP TABLE IF EXISTS pg_temp.${table}`);
    await db.execute(sql`CREATE TEMP TABLE ${table} (v text PRIMARY KEY, val text NOT NULL) ON COMMIT DROP`);
    const mine = codes.filter((c) => c.column === column);
    for (let at = 0; at < mine.length; at += 5_000) {
      const batch = mine.slice(at, at + 5_000);
      await db.execute(sql`
        INSERT INTO ${table} SELECT * FROM unnest(${sql.param(batch.map((c) => c.value))}::text[],
          ${sql.param(batch.map((c) => c.converted))}::text[])`);
    }
    await db.execute(sql`ANALYZE ${table}`);
  }
}

// ——— the long columns' patterns: a value matching one is accepted by zod unchanged or upper-cased ———

const LOWER = 'abcdefghijklmnopqrstuvwxyzáéíóúüñàèìòùâêîôûäëïöç';
/** What JavaScript's toUpperCase makes of each of them (the domain's upper-casing), letter for letter. */
const UPPER = LOWER.toUpperCase();
/** A name's characters besides the space: letters (with Spanish and common accents), digits, . ' - */
const NAME_CHAR = `[0-9${LOWER}${UPPER}.'-]`;
export const rawPatterns = {
  // Lengths apart (char_length): a bounded repetition ({1,30}) costs PostgreSQL's regex engine 10×.
  rude: '^[0-9A-Z]+$',
  rudeMax: 30,
  /** No space at either end (zod trims), spaces inside; the optional surnames may be empty. */
  optionalName: `^(${NAME_CHAR}([ ${NAME_CHAR.slice(1, -1)}]*${NAME_CHAR})?)?$`,
  requiredName: `^${NAME_CHAR}([ ${NAME_CHAR.slice(1, -1)}]*${NAME_CHAR})?$`,
  document: '^[0-9A-Z-]+$',
  documentMax: 15,
  nameMax: 60,
  /** translate(name, lower, upper): the letters a name pattern admits, upper-cased as JavaScript does. */
  lower: LOWER,
  upper: UPPER,
};

const code = (column: CodedColumn) => sql.raw(`c_${rawColumn(column)}`);
const codeTable = (column: CodedColumn) => sql.raw(`roll_code_${rawColumn(column)}`);
const joinCodes = (kind: 'JOIN' | 'LEFT JOIN') =>
  sql.join(
    codedColumns.map(
      (c) => sql`${sql.raw(kind)} ${codeTable(c)} ${code(c)} ON ${code(c)}.v = r.${sql.raw(rawColumn(c))}`,
    ),
    sql` `,
  );
const shapes = sql`r.width IS NULL AND r.rude ~ ${rawPatterns.rude} AND char_length(r.rude) <= ${rawPatterns.rudeMax}
  AND r.paterno ~ ${rawPatterns.optionalName} AND char_length(r.paterno) <= ${rawPatterns.nameMax}
  AND r.materno ~ ${rawPatterns.optionalName} AND char_length(r.materno) <= ${rawPatterns.nameMax}
  AND r.nombres ~ ${rawPatterns.requiredName} AND char_length(r.nombres) <= ${rawPatterns.nameMax}
  AND (r.ci = '' OR (r.ci ~ ${rawPatterns.document} AND char_length(r.ci) <= ${rawPatterns.documentMax}))`;
// translate() costs ten times a regex match: only names with a lower-case letter go through it.
const upper = (column: string) =>
  sql`CASE WHEN r.${sql.raw(column)} ~ ${`[${LOWER}]`} THEN translate(r.${sql.raw(column)}, ${LOWER}, ${UPPER}) ELSE r.${sql.raw(column)} END`;

/** The rows every check accepts, converted into `roll_staging`; how many. */
export async function stageRaw(db: Executor, importId: number): Promise<number> {
  const row = await firstRow<{ n: number }>(
    db,
    sql`
    WITH staged AS (
      INSERT INTO roll_staging (import_id, line, institution_id, level_id, grade_id, parallel_id, shift_id,
        rude, first_last_name, second_last_name, name, gender, birth_date, document_number, document_complement)
      SELECT ${importId}, r.line, c_sie.val::int, c_nivel.val::smallint, c_grado.val::smallint, c_paralelo.val::smallint,
        c_turno.val::smallint, r.rude, ${upper('paterno')}, ${upper('materno')}, ${upper('nombres')},
        c_genero.val::smallint, c_fecha_nacimiento.val::date, nullif(r.ci, ''), c_complemento.val
      FROM roll_raw r ${joinCodes('JOIN')}
      WHERE ${shapes}
      RETURNING 1)
    SELECT count(*)::int AS n FROM staged`,
  );
  return Number(row?.n ?? 0);
}

/** The rows some check refused, set apart to be read back in line order. */
export async function setFlaggedApart(db: Executor) {
  await db.execute(sql`
    CREATE TEMP TABLE roll_flagged ON COMMIT DROP AS
    SELECT r.* FROM roll_raw r ${joinCodes('LEFT JOIN')}
    WHERE NOT coalesce(${sql.join(
      codedColumns.map((c) => sql`${code(c)}.v IS NOT NULL`),
      sql` AND `,
    )} AND ${shapes}, false)`);
  await db.execute(sql`CREATE INDEX ON roll_flagged (line)`);
}

/** The next rows set apart after `afterLine`, cells in the layout's column order. */
export async function flaggedAfter(db: Executor, afterLine: number, limit: number): Promise<RawRow[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM roll_flagged WHERE line > ${afterLine} ORDER BY line LIMIT ${limit}`,
  );
  return found.map((f) => ({
    line: Number(f.line),
    width: f.width == null ? null : Number(f.width),
    cells: rollColumns.map((c) => String(f[rawColumn(c)] ?? '')),
  }));
}
