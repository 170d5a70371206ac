import type { Executor } from '../client.js';
import { rows } from '../rows.js';
import { run } from './sql.js';

/** The tables the generator fills in bulk (guardians once the holders area has added it). */
export const bulkTables = [
  'institutions',
  'courses',
  'students',
  'inscriptions',
  'persons',
  'titular_assignments',
  'guardians',
  'payments',
] as const;

/** A regclass[] literal of the bulk tables this schema has. */
async function bulkTableArray(tx: Executor): Promise<string> {
  const present = await rows<{ name: string }>(
    tx,
    `SELECT name FROM unnest(ARRAY[${bulkTables.map((t) => `'${t}'`).join(',')}]) AS name
     WHERE to_regclass(name) IS NOT NULL`,
  );
  return `ARRAY[${present.map((t) => `'${t.name}'`).join(',')}]::regclass[]`;
}

type Saved = { table: string; name: string; definition: string };
export type SetAside = { foreignKeys: Saved[]; keys: Saved[]; indexes: Saved[] };

/**
 * Sets the bulk tables' keys, indexes and foreign keys aside before a bulk load; restoreConstraints
 * puts them back from the definitions the catalogue held. A foreign key checked row by row costs a lookup and a
 * row lock per inserted row (minutes at national scale); added afterwards it is one anti-join, and an
 * index built once from sorted data beats millions of insertions. Foreign keys of other areas' tables
 * that point at these tables are included, whoever added them. Everything happens inside the caller's
 * transaction, so a failure leaves the schema as it was.
 */
export async function setConstraintsAside(tx: Executor): Promise<SetAside> {
  const tables = await bulkTableArray(tx);
  const foreignKeys = await rows<Saved>(
    tx,
    `SELECT conrelid::regclass::text AS table, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype = 'f' AND (conrelid = ANY(${tables}) OR confrelid = ANY(${tables}))
     ORDER BY conrelid::regclass::text, conname`,
  );
  const keys = await rows<Saved>(
    tx,
    `SELECT conrelid::regclass::text AS table, quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition
     FROM pg_constraint WHERE contype IN ('p', 'u') AND conrelid = ANY(${tables})
     ORDER BY conrelid::regclass::text, conname`,
  );
  const indexes = await rows<Saved>(
    tx,
    `SELECT x.indrelid::regclass::text AS table, x.indexrelid::regclass::text AS name,
       pg_get_indexdef(x.indexrelid) AS definition
     FROM pg_index x
     WHERE x.indrelid = ANY(${tables}) AND NOT EXISTS (
       SELECT 1 FROM pg_constraint c
       WHERE c.conindid = x.indexrelid AND c.conrelid = x.indrelid AND c.contype IN ('p', 'u', 'x'))
     ORDER BY 1, 2`,
  );

  for (const fk of foreignKeys) await run(tx, `ALTER TABLE ${fk.table} DROP CONSTRAINT ${fk.name}`);
  for (const key of keys) await run(tx, `ALTER TABLE ${key.table} DROP CONSTRAINT ${key.name}`);
  for (const index of indexes) await run(tx, `DROP INDEX ${index.name}`);

  return { foreignKeys, keys, indexes };
}

export async function restoreConstraints(
  tx: Executor,
  { foreignKeys, keys, indexes }: SetAside,
): Promise<void> {
  for (const key of keys)
    await run(tx, `ALTER TABLE ${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`);
  for (const index of indexes) await run(tx, index.definition);
  for (const fk of foreignKeys)
    await run(tx, `ALTER TABLE ${fk.table} ADD CONSTRAINT ${fk.name} ${fk.definition}`);
}

/** Serial columns continue after the generated ids, so the application's inserts do not collide. */
export async function resetSequences(tx: Executor): Promise<void> {
  const serials = await rows<{ table: string; column: string; sequence: string }>(
    tx,
    `SELECT quote_ident(c.table_name) AS table, quote_ident(c.column_name) AS column,
       pg_get_serial_sequence(quote_ident(c.table_name), c.column_name) AS sequence
     FROM information_schema.columns c
     WHERE c.table_schema = 'public' AND c.column_default LIKE 'nextval(%'
     ORDER BY 1, 2`,
  );
  for (const s of serials) {
    if (!s.sequence) continue;
    await run(
      tx,
      `SELECT setval('${s.sequence}', coalesce((SELECT max(${s.column}) FROM ${s.table}), 0) + 1, false)`,
    );
  }
}

// payment_ledger: payments is its view since migration 0037, and ANALYZE skips a view; without the
// ledger's statistics the paid-validation step planned its reads of payments as if it were empty (40 s).
export async function analyzeTables(ex: Executor): Promise<void> {
  const present = await rows<{ name: string }>(
    ex,
    `SELECT name FROM unnest(ARRAY[${[...bulkTables, 'payment_ledger', 'districts', 'users', 'user_scopes', 'user_roles'].map((t) => `'${t}'`).join(',')}]) AS name
     WHERE to_regclass(name) IS NOT NULL`,
  );
  await run(ex, `ANALYZE ${present.map((t) => t.name).join(', ')}`);
}
