import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The same Drizzle API over either driver. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  driver: 'pglite' | 'pg';
  /** Raw pg pool (server driver only), for COPY streams and bulk loads. */
  pool?: pg.Pool;
  pglite?: PGlite;
  /** Queries running or waiting for a connection (pg); PGlite keeps no count, so 0. For shutdown. */
  busy(): number;
  close(): Promise<void>;
};

// Dates stay strings ('yyyy-mm-dd') and bigints numbers across both drivers.
pg.types.setTypeParser(1082, (v) => v);
pg.types.setTypeParser(20, (v) => Number(v));

/**
 * The extensions the migrations create (0026: the participants search's trigram indexes). PGlite
 * must load them on every start, before a query touches those indexes; a restored backup too.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };

export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle client whose connection drops (server restart, terminated backend) emits 'error' on the
    // pool; without a listener Node ends the process. The pool replaces the client on next use.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01')
        console.error('PostgreSQL idle client error:', error.message);
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const busy = () => pool.totalCount - pool.idleCount + pool.waitingCount;
    return { db, driver: 'pg', pool, busy, close: () => pool.end() };
  }
  const pglite = await PGlite.create({ dataDir: options.dataDir, extensions: pgliteExtensions });
  // PGlite holds the database in memory, so a random page costs what a sequential one does; and its
  // planner runs as WebAssembly, where searching every join order of the view student_bonus (six
  // tables) inside a caller's query took longer than running it (public lookup: 39 ms planning, under
  // 1 ms executing). Joins are planned in groups of four, in the order the queries write them.
  await pglite.exec('SET random_page_cost = 1.1; SET join_collapse_limit = 4; SET from_collapse_limit = 4;');
  const db = drizzlePglite(pglite, { schema }) as unknown as Database;
  return { db, driver: 'pglite', pglite, busy: () => 0, close: () => pglite.close() };
}
