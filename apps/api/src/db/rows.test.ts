import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database.js';
import type { DatabaseHandle } from './client.js';
import { firstRow, rows } from './rows.js';

describe('rows and firstRow: the one way to read raw SQL', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  it('returns the rows of a parameterised query, in order, as plain objects', async () => {
    const found = await rows<{ n: number; label: string }>(
      handle.db,
      sql`SELECT n, ${'fila'} || n AS label FROM generate_series(1, 3) AS n ORDER BY n`,
    );
    expect(found).toEqual([
      { n: 1, label: 'fila1' },
      { n: 2, label: 'fila2' },
      { n: 3, label: 'fila3' },
    ]);
  });

  it('runs a string as raw SQL text', async () => {
    expect(await rows<{ ok: boolean }>(handle.db, 'SELECT true AS ok')).toEqual([{ ok: true }]);
  });

  it('answers an empty array, and firstRow undefined, when nothing matches', async () => {
    expect(await rows(handle.db, sql`SELECT 1 AS n WHERE false`)).toEqual([]);
    expect(await firstRow(handle.db, sql`SELECT 1 AS n WHERE false`)).toBeUndefined();
  });

  it('firstRow answers the first row only, inside a transaction too', async () => {
    const first = await handle.db.transaction((tx) =>
      firstRow<{ n: number }>(tx, sql`SELECT n FROM generate_series(5, 7) AS n ORDER BY n`),
    );
    expect(first).toEqual({ n: 5 });
  });
});
