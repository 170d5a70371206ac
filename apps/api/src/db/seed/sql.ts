import { sql } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { rows } from '../rows.js';

/** Runs one statement (both drivers take one statement per call). */
export async function run(ex: Executor, text: string): Promise<void> {
  await ex.execute(sql.raw(text));
}

/** Tables and columns other areas add over time; the generator fills them when they exist. */
export async function tableExists(ex: Executor, table: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(ex, sql`SELECT to_regclass(${table}) IS NOT NULL AS found`);
  return row.found;
}

export async function columnExists(ex: Executor, table: string, column: string): Promise<boolean> {
  const [row] = await rows<{ found: boolean }>(
    ex,
    sql`SELECT EXISTS (SELECT 1 FROM information_schema.columns
          WHERE table_schema = 'public' AND table_name = ${table} AND column_name = ${column}) AS found`,
  );
  return row.found;
}

export type Column = {
  name: string;
  type: 'int' | 'smallint' | 'boolean';
  values: ReadonlyArray<number | boolean>;
};

/**
 * Ships planned rows column by column as comma-separated text and unzips them with unnest: compact,
 * the same on PGlite and pg, and one statement per 50,000 rows instead of one per row.
 */
export async function insertColumns(
  ex: Executor,
  target: string,
  columns: Column[],
  chunk = 50_000,
): Promise<void> {
  const total = columns[0]?.values.length ?? 0;
  const names = columns.map((c) => c.name).join(', ');
  for (let from = 0; from < total; from += chunk) {
    const params = columns.map((c) => {
      const part = c.values.slice(from, from + chunk);
      const text = c.type === 'boolean' ? part.map((v) => (v ? 't' : 'f')).join(',') : part.join(',');
      return sql`string_to_array(${text}, ',')::${sql.raw(c.type)}[]`;
    });
    await ex.execute(
      sql`INSERT INTO ${sql.raw(target)} (${sql.raw(names)}) SELECT * FROM unnest(${sql.join(params, sql`, `)})`,
    );
  }
}

/** For the few thousand rows that carry text (districts, institutions): one JSON parameter per chunk. */
export async function insertJson(
  ex: Executor,
  target: string,
  columnTypes: Record<string, string>,
  records: ReadonlyArray<Record<string, unknown>>,
  chunk = 5_000,
): Promise<void> {
  const names = Object.keys(columnTypes).join(', ');
  const definition = Object.entries(columnTypes)
    .map(([name, type]) => `${name} ${type}`)
    .join(', ');
  for (let from = 0; from < records.length; from += chunk) {
    const json = JSON.stringify(records.slice(from, from + chunk));
    await ex.execute(
      sql`INSERT INTO ${sql.raw(target)} (${sql.raw(names)}) SELECT ${sql.raw(names)} FROM json_to_recordset(${json}::json) AS x(${sql.raw(definition)})`,
    );
  }
}
