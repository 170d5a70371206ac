import type { Writable } from 'node:stream';
import { PGlite, type Transaction as PGliteTransaction } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { opsLog } from '../lib/log.js';
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

/** A statement as node-postgres takes it: given a name, each connection parses and plans it once. */
export type NamedQuery = { name: string; text: string; values: unknown[] };

/**
 * The driver's own connection under an executor: the pool (or PGlite) for the database, the
 * checked-out client (or PGlite's transaction) inside a transaction. `run` sends a named statement
 * straight to it, so the statement runs inside the executor's transaction when there is one.
 */
export type Connection = { key: object; run(query: NamedQuery): Promise<unknown[]> };

const connections = new WeakMap<object, Connection>();

/** The connection an executor runs on (see Connection); every executor comes from openDatabase. */
export function connectionOf(ex: Executor): Connection {
  const connection = connections.get(ex);
  if (!connection) throw new Error('Executor not opened by openDatabase (or a nested transaction).');
  return connection;
}

/**
 * A `COPY … FROM STDIN` started on the executor's own PostgreSQL connection (so inside its
 * transaction): write the data to the stream, end it, and it finishes once the server has taken
 * every row. Null on PGlite (and on the pool outside a transaction): the caller loads another way.
 */
export function copyIn(ex: Executor, text: string): Writable | null {
  const { key } = connectionOf(ex);
  if (!(key instanceof pg.Client)) return null;
  return key.query(copyFrom(text));
}

/** Whether copyIn works on this executor. */
export const canCopyIn = (ex: Executor) => connectionOf(ex).key instanceof pg.Client;

function remember<T extends object>(ex: T, connection: Connection): T {
  connections.set(ex, connection);
  return ex;
}

/** A transaction's connection; one opened inside it (a savepoint) runs on the same connection. */
function rememberTransaction(tx: Transaction, connection: Connection): Transaction {
  const savepoint = tx.transaction.bind(tx);
  tx.transaction = <T>(work: (inner: Transaction) => Promise<T>) =>
    savepoint((inner) => work(rememberTransaction(inner, connection)));
  return remember(tx, connection);
}

// Times, dates and intervals (and their arrays) come back as the server writes them, as Drizzle
// returns them for hand-written SQL: the callers of named statements were written against that.
const textTypes = [1082, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    textTypes.includes(oid) ? asText : pg.types.getTypeParser(oid, format as 'text'),
};
const pgliteParsers = Object.fromEntries(textTypes.map((oid) => [oid, asText]));

const onPg = (client: pg.Pool | pg.PoolClient): Connection => ({
  key: client,
  run: async ({ name, text, values }) => (await client.query({ name, text, values, types: pgTypes })).rows,
});
// PGlite is one connection and keeps no named statements: the text is sent with each call.
const onPglite = (client: PGlite | PGliteTransaction): Connection => ({
  key: client,
  run: async ({ text, values }) => (await client.query(text, values, { parsers: pgliteParsers })).rows,
});

/**
 * The database with transactions that know their connection: the work runs in a Drizzle transaction
 * opened on a connection this module holds, so `connectionOf(tx)` can name it without reading
 * Drizzle's insides. The object inherits everything else from Drizzle's database.
 */
function withKnownTransactions(
  db: Database,
  open: <T>(work: (tx: Transaction) => Promise<T>, config?: TransactionConfig) => Promise<T>,
): Database {
  const known = Object.create(db) as Database;
  known.transaction = open;
  return known;
}
type TransactionConfig = Parameters<Database['transaction']>[1];

/**
 * The extensions the migrations create (0026: the participants search's trigram indexes). PGlite
 * must load them on every start, before a query touches those indexes; a restored backup too.
 */
export const pgliteExtensions = { pg_trgm, btree_gin };

/**
 * How long a request waits for a connection (a new one, or a free one of a full pool) before its
 * database is taken as unreachable: the error handler answers 503 (lib/db-error.ts), so no request
 * hangs on a dead server. Keepalive finds a connection whose server vanished without closing it.
 */
export const CONNECT_TIMEOUT_MS = 1_500;
export const failFast = {
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  keepAlive: true,
  keepAliveInitialDelayMillis: 5_000,
} as const;

/**
 * Every connection a pool opens keeps an 'error' listener for its whole life. node-postgres emits
 * 'error' on a client whose connection drops while no query runs on it (server restart, terminated
 * backend, failover); the pool listens only to its idle clients, so a client checked out with
 * pool.connect() (a transaction between two statements, a pg-boss poll) had none, and an 'error'
 * event without a listener ends the process. The error is logged; the query that used the client
 * fails on its own (a 503 for a request), and the pool replaces the client once it is released.
 */
export function guardPool(pool: pg.Pool, label: string): pg.Pool {
  const log = (error: Error & { code?: string }) =>
    opsLog().error(
      { pool: label, code: error.code ?? null, cause: error.message },
      'database connection lost',
    );
  pool.on('connect', (client) => client.on('error', log));
  // The pool re-emits an idle client's error (logged above): it too needs a listener.
  pool.on('error', () => undefined);
  return pool;
}

export async function openDatabase(options: {
  url?: string;
  dataDir?: string;
  /** PGlite: start from this dump of a data directory (`dumpDataDir()`), e.g. a migrated template. */
  loadDataDir?: Blob;
  poolSize?: number;
}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = guardPool(
      new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20, ...failFast }),
      'PostgreSQL',
    );
    // One Drizzle instance per pooled connection, built once: a transaction opens on it.
    const onConnection = new WeakMap<pg.PoolClient, Database>();
    const db = withKnownTransactions(
      drizzlePg(pool, { schema }) as unknown as Database,
      async (work, config) => {
        const client = await pool.connect();
        try {
          let connection = onConnection.get(client);
          if (!connection) {
            connection = drizzlePg({ client, schema }) as unknown as Database;
            onConnection.set(client, connection);
          }
          return await connection.transaction((tx) => work(rememberTransaction(tx, onPg(client))), config);
        } finally {
          client.release();
        }
      },
    );
    remember(db, onPg(pool));
    const busy = () => pool.totalCount - pool.idleCount + pool.waitingCount;
    return { db, driver: 'pg', pool, busy, close: () => pool.end() };
  }
  const pglite = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: pgliteExtensions,
  });
  // PGlite holds the database in memory, so a random page costs what a sequential one does; and its
  // planner runs as WebAssembly, where searching every join order of the view student_bonus (six
  // tables) inside a caller's query took longer than running it (public lookup: 39 ms planning, under
  // 1 ms executing). Joins are planned in groups of four, in the order the queries write them.
  await pglite.exec('SET random_page_cost = 1.1; SET join_collapse_limit = 4; SET from_collapse_limit = 4;');
  // PGlite runs one transaction at a time, so the open one is a single variable; Drizzle opens its
  // transaction on a client whose `transaction` hands over PGlite's (already begun) transaction.
  let open: PGliteTransaction | undefined;
  const inOpen = drizzlePglite({
    client: { transaction: (begun: (tx: PGliteTransaction) => unknown) => begun(open!) } as unknown as PGlite,
    schema,
  }) as unknown as Database;
  const db = withKnownTransactions(drizzlePglite(pglite, { schema }) as unknown as Database, (work, config) =>
    pglite.transaction(async (tx) => {
      open = tx;
      try {
        return await inOpen.transaction(
          (drizzleTx) => work(rememberTransaction(drizzleTx, onPglite(tx))),
          config,
        );
      } finally {
        open = undefined;
      }
    }),
  );
  remember(db, onPglite(pglite));
  return { db, driver: 'pglite', pglite, busy: () => 0, close: () => pglite.close() };
}
