import { execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { bearer, createTestApp, loginAs, type TestContext } from './test/app.js';
import { makeUser } from './test/factories.js';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js';

/**
 * Issue 34 §1, failover (decision 050): a primary of our own (port 5440) and its standby made by
 * `pg_basebackup -R` (5441, synchronous, so an acknowledged commit is on both), behind a proxy as
 * HAProxy would be. Under a stream of writes the primary dies (immediate stop), the standby is
 * promoted and the proxy sends new connections to it: the server, never restarted, answers 503 in
 * between and writes again after, and every write it acknowledged is on the new primary. Before
 * that, the primary is restarted under reads and writes: the same, on the same server.
 * Needs the PostgreSQL 15 server binaries and root (CI is), to run them as the user postgres.
 */
const bin = (name: string) => `/usr/lib/postgresql/15/bin/${name}`;
const PRIMARY = 5440;
const STANDBY = 5441;
let dir = '';
let proxy: TcpProxy;
let handle: DatabaseHandle;
let ctx: TestContext;
let token = '';
let targetId = 0;

const asPostgres = (command: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', bin(command), ...args], {
    // Not a pipe: the server pg_ctl starts would hold it open, and the call would never return.
    stdio: 'ignore',
    timeout: 60_000,
  });
const serverUrl = (port: number, database = 'postgres') =>
  `postgres://postgres@127.0.0.1:${port}/${database}`;
async function onServer<T>(port: number, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: serverUrl(port, 'bjp') });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}
const stopServer = (data: string) => {
  try {
    asPostgres('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  } catch {
    // not running
  }
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'bjp-failover-'));
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), 0);
  const primary = path.join(dir, 'primary');
  asPostgres('initdb', ['-D', primary, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  appendFileSync(
    path.join(primary, 'postgresql.conf'),
    `port = ${PRIMARY}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${dir}'\nfsync = off\n`,
  );
  asPostgres('pg_ctl', ['-D', primary, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
  const admin = new pg.Client({ connectionString: serverUrl(PRIMARY) });
  await admin.connect();
  await admin.query('CREATE DATABASE bjp');
  await admin.end();

  proxy = await startTcpProxy({ host: '127.0.0.1', port: PRIMARY });
  handle = await openDatabase({ url: `postgres://postgres@127.0.0.1:${proxy.port}/bjp`, poolSize: 6 });
  await runMigrations(handle);
  ctx = await createTestApp({ database: handle });
  await makeUser(handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  targetId = (await makeUser(handle.db, { username: 'objetivo', type: 1, roles: ['Comunicación'] })).id;
  token = (await loginAs(ctx.app, 'admin', 1)).token;

  // The standby: a base backup that streams from the primary, then every commit waits for it.
  const standby = path.join(dir, 'standby');
  asPostgres('pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(PRIMARY),
    '-U',
    'postgres',
    '-D',
    standby,
    '-R',
    '-X',
    'stream',
    // At once: a spread checkpoint would make it wait minutes.
    '-c',
    'fast',
  ]);
  appendFileSync(path.join(standby, 'postgresql.conf'), `port = ${STANDBY}\n`);
  asPostgres('pg_ctl', ['-D', standby, '-l', path.join(dir, 'standby.log'), '-w', 'start']);
  await onServer(PRIMARY, "ALTER SYSTEM SET synchronous_standby_names = '*'");
  await onServer(PRIMARY, 'SELECT pg_reload_conf()');
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await proxy?.close();
  if (dir) {
    stopServer(path.join(dir, 'primary'));
    stopServer(path.join(dir, 'standby'));
    rmSync(dir, { recursive: true, force: true });
  }
});

const setRoles = (roles: string[]) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${targetId}/roles`,
    headers: bearer(token),
    payload: { roles },
  });

/**
 * A writer that counts only the writes it knows changed something: setting the roles the user
 * already has answers 200 and writes nothing (decision 051), and after a 503 it is not known whether
 * the write committed. So a 200 counts when the state before it was known (the last answer was a
 * 200) and differed; each counted write has its audit row, whatever the database went through.
 */
function roleWriter() {
  let known: string | null = null;
  let acknowledged = 0;
  return {
    get acknowledged() {
      return acknowledged;
    },
    async write(i: number) {
      const value =
        known === null
          ? i % 2
            ? 'Administrador'
            : 'Comunicación'
          : known === 'Comunicación'
            ? 'Administrador'
            : 'Comunicación';
      const res = await setRoles([value]);
      if (res.statusCode === 200) {
        if (known !== null && known !== value) acknowledged++;
        known = value;
      } else known = null;
      return res.statusCode;
    },
  };
}

const listUsers = () => ctx.app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) });
const auditedRoles = async (port: number) =>
  (
    await onServer<{ n: number }>(
      port,
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'user.roles'`,
    )
  )[0]!.n;

describe('the primary restarted under a mixed load', () => {
  it('answers only 200 or 503 and keeps every acknowledged write', async () => {
    const before = await auditedRoles(PRIMARY);
    const writer = roleWriter();
    const statuses = new Set<number>();
    let running = true;
    const load = async (write: boolean) => {
      for (let i = 0; running; i++)
        statuses.add(write ? await writer.write(i) : (await listUsers()).statusCode);
    };
    const clients = [load(true), load(false), load(false)];
    await expect.poll(() => writer.acknowledged, { timeout: 10_000 }).toBeGreaterThan(3);
    asPostgres('pg_ctl', ['-D', path.join(dir, 'primary'), '-m', 'fast', '-w', 'restart']);
    const restarted = writer.acknowledged;
    await expect.poll(() => writer.acknowledged, { timeout: 10_000 }).toBeGreaterThan(restarted + 3);
    running = false;
    await Promise.all(clients);
    expect([...statuses].filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await auditedRoles(PRIMARY)) - before).toBeGreaterThanOrEqual(writer.acknowledged);
  }, 60_000);
});

describe('a standby promoted to primary', () => {
  it('is reached without a restart, with every acknowledged write on it', async () => {
    await expect
      .poll(
        async () =>
          (
            await onServer<{ n: number }>(
              PRIMARY,
              "SELECT count(*)::int AS n FROM pg_stat_replication WHERE sync_state = 'sync'",
            )
          )[0]!.n,
        { timeout: 20_000 },
      )
      .toBe(1);
    const audited = await auditedRoles(PRIMARY);
    const writer = roleWriter();
    const statuses = new Set<number>();
    let running = true;
    const writes = (async () => {
      for (let i = 0; running; i++) statuses.add(await writer.write(i));
    })();
    await expect.poll(() => writer.acknowledged, { timeout: 10_000 }).toBeGreaterThan(5);

    stopServer(path.join(dir, 'primary'));
    const before = writer.acknowledged;
    await expect.poll(() => statuses.has(503), { timeout: 10_000 }).toBe(true);
    asPostgres('pg_ctl', ['-D', path.join(dir, 'standby'), '-w', 'promote']);
    await proxy.retarget({ host: '127.0.0.1', port: STANDBY });
    await expect.poll(() => writer.acknowledged, { timeout: 10_000 }).toBeGreaterThan(before + 5);
    running = false;
    await writes;

    // Only successes and 503s; every acknowledged write (one audit row each) is on the new primary.
    expect([...statuses].sort()).toEqual([200, 503]);
    expect((await auditedRoles(STANDBY)) - audited).toBeGreaterThanOrEqual(writer.acknowledged);
    expect((await onServer<{ r: boolean }>(STANDBY, 'SELECT pg_is_in_recovery() AS r'))[0]!.r).toBe(false);
  }, 90_000);
});
