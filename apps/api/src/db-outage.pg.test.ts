import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { createJobQueue, type JobQueue } from './jobs/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from './test/app.js';
import { createTestDatabase } from './test/database.js';
import { makeUser } from './test/factories.js';
import { startTcpProxy, type TcpProxy } from './test/tcp-proxy.js';

/**
 * Issue 34 §1: the database restarts, stops or vanishes under the server. Its backends are
 * terminated (what a restart or a failover does to every connection) while requests run, a client
 * is checked out and pg-boss polls: the process lives and answers. Then the database is reached
 * through a proxy the test controls: stopped (connections dropped, new ones refused) and gone from
 * the network (new connections never answered), every request that needs it answers 503 with a
 * Spanish message and Retry-After, never 500; once it is back reads and writes resume by themselves.
 */
const unavailable = {
  code: 'unavailable',
  message: 'El servicio no está disponible por un momento; vuelva a intentarlo.',
};

let base: DatabaseHandle;
let proxied: DatabaseHandle;
let proxy: TcpProxy;
let ctx: TestContext;
let jobs: JobQueue;
let token = '';
let targetId = 0;

const databaseUrl = () => (base.pool!.options as { connectionString: string }).connectionString;

beforeAll(async () => {
  base = await createTestDatabase();
  const url = new URL(databaseUrl());
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  proxied = await openDatabase({ url: url.toString(), poolSize: 6 });
  ctx = await createTestApp({ database: proxied });
  await makeUser(base.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  targetId = (await makeUser(base.db, { username: 'objetivo', type: 1, roles: ['Comunicación'] })).id;
  token = (await loginAs(ctx.app, 'admin', 1)).token;
  jobs = createJobQueue(proxied.db, { url: url.toString(), env: { JOB_POLLING_SECONDS: '0.5' } });
  jobs.register('outage.echo', async (run) => {
    const result = { echoed: run.data };
    await proxied.db.transaction((tx) => run.commit(tx, result));
    return result;
  });
  await jobs.start();
});

afterAll(async () => {
  await jobs?.stop();
  await ctx?.close();
  await proxy?.close();
  await base?.close();
});

const listUsers = () => ctx.app.inject({ method: 'GET', url: '/api/v1/users', headers: bearer(token) });
const setRoles = (roles: string[]) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/users/${targetId}/roles`,
    headers: bearer(token),
    payload: { roles },
  });
const rolesInDatabase = async () =>
  (
    await base.pool!.query(
      `SELECT r.name FROM user_roles u JOIN roles r ON r.id = u.role_id WHERE u.user_id = $1 ORDER BY 1`,
      [targetId],
    )
  ).rows.map((r: { name: string }) => r.name);

/** Ends every connection to this test's database but the caller's, as a restart does. */
async function terminateBackends() {
  const admin = new pg.Client({ connectionString: databaseUrl() });
  await admin.connect();
  const { rows } = await admin.query(
    `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
     WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  await admin.end();
  return rows.length;
}

async function runJob(data: unknown) {
  const { id } = await jobs.enqueue('outage.echo', data);
  await expect.poll(async () => (await jobs.status(id))?.state, { timeout: 15_000 }).toBe('done');
  return jobs.status(id);
}

describe('the database restarts under the server', () => {
  it('lives through terminated backends: checked-out clients, requests and pg-boss', async () => {
    expect((await listUsers()).statusCode).toBe(200);
    expect((await runJob({ before: true }))?.result).toEqual({ echoed: { before: true } });
    // A client checked out and idle inside a transaction: the case that used to end the process.
    const held = await proxied.pool!.connect();
    await held.query('BEGIN');
    // Requests keep coming while the backends go.
    let running = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (running) statuses.push((await listUsers()).statusCode);
    })();

    expect(await terminateBackends()).toBeGreaterThan(0);
    await expect(held.query('SELECT 1')).rejects.toThrow();
    held.release(true);
    await expect.poll(async () => (await listUsers()).statusCode, { timeout: 10_000 }).toBe(200);
    running = false;
    await load;

    // Every answer was a success or a 503: never a 500, and the process is still here to answer.
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    expect((await setRoles(['Administrador'])).statusCode).toBe(200);
    // pg-boss' own connections were terminated too: its jobs still run.
    expect((await runJob({ after: true }))?.result).toEqual({ echoed: { after: true } });
  });
});

describe('the database is unreachable, then back', () => {
  it('answers 503 with Retry-After while it is stopped, and resumes by itself', async () => {
    await proxy.down();
    for (const res of [await listUsers(), await setRoles(['Comunicación'])]) {
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual(unavailable);
    }
    await proxy.up();
    await expect
      .poll(async () => (await setRoles(['Comunicación'])).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect(await rolesInDatabase()).toEqual(['Comunicación']);
    expect((await listUsers()).statusCode).toBe(200);
  });

  it('answers 503 when its host never answers (a connection attempt is given up on)', async () => {
    await proxy.hang();
    const res = await listUsers();
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(unavailable);
    expect((await setRoles(['Administrador'])).statusCode).toBe(503);
    await proxy.up();
    await expect
      .poll(async () => (await setRoles(['Administrador'])).statusCode, { timeout: 5_000 })
      .toBe(200);
    expect(await rolesInDatabase()).toEqual(['Administrador']);
    // A job enqueued after the outage runs: pg-boss reconnected as well.
    expect((await runJob({ back: true }))?.result).toEqual({ echoed: { back: true } });
  });
});
