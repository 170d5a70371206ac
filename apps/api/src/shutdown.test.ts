import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { APP_ROLE, setUpApplicationRole } from './db/roles.js';
import { rows } from './db/rows.js';
import { shutDown } from './shutdown.js';
import { TEST_PASSWORD } from './test/app.js';
import { createTestDatabase, testDriver } from './test/database.js';
import { makeUser } from './test/factories.js';

const root = path.resolve(import.meta.dirname, '../../..');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resolves once `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean, ms: number, what: () => string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await wait(50);
  }
}

/**
 * A POST whose body arrives in two parts: the request is in flight (the server has its headers and
 * waits for the rest) for as long as the test wants.
 */
function slowPost(url: string, body: string) {
  const request = http.request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    request.on('error', reject);
  });
  // Awaited by the test; a refusal before then must not surface as an unhandled rejection.
  answer.catch(() => {});
  const half = Math.floor(body.length / 2);
  request.write(body.slice(0, half));
  return { answer, finish: () => request.end(body.slice(half)) };
}

describe('stopping the server (main.ts) with SIGTERM', () => {
  let dataDir: string;
  let owner: DatabaseHandle | undefined;
  let child: ChildProcess;
  let stdout = '';
  let stderr = '';
  let exit: Promise<number | null>;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bjp-shutdown-'));
    const env: Record<string, string> = {};
    if (testDriver === 'pg') {
      // As in production: migrations as the owner, the application as bjp_app.
      owner = await createTestDatabase();
      await setUpApplicationRole(owner.db);
      await makeUser(owner.db, { username: 'admin', type: 1 });
      const [{ name }] = await rows<{ name: string }>(owner.db, 'SELECT current_database() AS name');
      const ownerUrl = new URL(process.env.TEST_DATABASE_URL!);
      ownerUrl.pathname = `/${name}`;
      const appUrl = new URL(ownerUrl);
      appUrl.username = APP_ROLE;
      env.MIGRATION_DATABASE_URL = ownerUrl.toString();
      env.DATABASE_URL = appUrl.toString();
    } else {
      // A migrated PGlite database with one user: the server skips the demo load.
      const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      await runMigrations(handle);
      await makeUser(handle.db, { username: 'admin', type: 1 });
      await handle.close();
      env.DATABASE_URL = '';
    }
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'info',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr!.on('data', (chunk) => {
      stderr += chunk;
    });
    exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    await until(
      () => /Server listening at http:\/\/127\.0\.0\.1:\d+/.test(stdout),
      90_000,
      () => `the server:\n${stdout}${stderr}`,
    );
  }, 120_000);

  afterAll(async () => {
    if (child.exitCode === null) child.kill('SIGKILL');
    await owner?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('finishes the request in flight, refuses new connections, exits 0 and logs no error', async () => {
    const base = stdout.match(/Server listening at (http:\/\/127\.0\.0\.1:\d+)/)![1]!;
    const login = slowPost(
      `${base}/api/v1/auth/login`,
      JSON.stringify({ username: 'admin', password: TEST_PASSWORD, type: 1 }),
    );
    await wait(300);
    child.kill('SIGTERM');
    await until(
      () => stdout.includes('shutting down'),
      10_000,
      () => `the shutdown:\n${stdout}${stderr}`,
    );
    // A second signal (Ctrl-C reaches npm, tsx and the server) changes nothing.
    child.kill('SIGINT');
    await expect(fetch(`${base}/api/v1/health`)).rejects.toThrow();

    login.finish();
    const answer = await login.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).token).toEqual(expect.any(String));

    const answeredAt = Date.now();
    expect(await exit).toBe(0);
    // The finished request's keep-alive connection does not hold the exit back.
    expect(Date.now() - answeredAt).toBeLessThan(3_000);
    expect(stdout).toContain('"msg":"shut down"');
    // pino's error and fatal levels are 50 and 60; no error reaches stderr either.
    expect(stdout).not.toMatch(/"level":(50|60)/);
    expect(stdout + stderr).not.toMatch(/Cannot use a pool|error/i);
  }, 60_000);
});

describe('shutDown past the grace period', () => {
  it('cuts the requests still running, then closes the rest in order and exits 0', async () => {
    const app = Fastify({ logger: false });
    app.get('/forever', () => new Promise(() => {}));
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const request = fetch(`${base}/forever`).then(
      () => 'answered',
      () => 'cut',
    );
    await wait(100);
    const closed: string[] = [];
    let exitCode: number | undefined;
    const started = Date.now();
    await shutDown(
      {
        app,
        busyQueries: () => 0,
        closers: [async () => void closed.push('integrations'), async () => void closed.push('database')],
        graceMs: 300,
        exit: (code) => {
          exitCode = code;
        },
      },
      'test',
    );
    // Node's timers count from the event loop's cached time, which may be a few ms old.
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    expect(await request).toBe('cut');
    expect(closed).toEqual(['integrations', 'database']);
    expect(exitCode).toBe(0);
  });

  it('waits for database work still running before closing the pool', async () => {
    const app = Fastify({ logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    let busy = 1;
    setTimeout(() => {
      busy = 0;
    }, 200);
    let busyWhenClosed = -1;
    await shutDown(
      {
        app,
        busyQueries: () => busy,
        closers: [
          async () => {
            busyWhenClosed = busy;
          },
        ],
        exit: () => {},
      },
      'test',
    );
    expect(busyWhenClosed).toBe(0);
  });
});
