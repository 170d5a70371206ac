import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoginResponse } from '@bjp/domain';
import type { DatabaseHandle } from '../db/client.js';
import { seedDatabase, seedDemoUsers } from '../db/seed/index.js';
import { type RunningSintesisSimulator, startSintesisSimulator } from '../integrations/sintesis/simulator.js';
import { createTestDatabase } from './database.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const mainScript = path.join(repoRoot, 'apps/api/src/main.ts');

/** The same secret for every instance, so a token one gives is honoured by the others. */
export const SHARED_JWT_SECRET = 'instances-test-secret-instances-test-secret';

/** A real server process (apps/api/src/main.ts) on its own port and DATA_DIR. */
export type Instance = {
  name: string;
  url: string;
  pid: number;
  /** Everything it wrote (stdout and stderr), for a failing test's message. */
  output(): string;
  /** Ends it at once, as a crash would (SIGKILL): no shutdown, no goodbye to the database. */
  kill(): Promise<void>;
  /** Ends it properly (SIGTERM) and waits. */
  stop(): Promise<void>;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });

/**
 * Starts one server over `env` (DATABASE_URL, SINTESIS_URL, …) and resolves once it listens. Node
 * runs main.ts itself through tsx's loader (not `npx tsx`, whose wrapper process would survive a
 * SIGKILL of its own and leave the server running).
 */
export async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `bjp-${name}-`));
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      JWT_SECRET: SHARED_JWT_SECRET,
      LOGIN_RATE_LIMIT: '10000',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listening = new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Consola BJP lista en')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`${name} ended before listening (${code ?? signal}):\n${output}`)),
    );
  });
  const cleanUp = () => rmSync(dataDir, { recursive: true, force: true });
  const instance: Instance = {
    name,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
      cleanUp();
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
      cleanUp();
    },
  };
  try {
    await listening;
  } catch (error) {
    cleanUp();
    throw error;
  }
  return instance;
}

/** A JSON call to an instance with a bearer token; the answer's status and body. */
export async function callInstance<T = unknown>(
  instance: Instance,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${instance.url}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function loginToInstance(
  instance: Instance,
  username: string,
  password: string,
  type: number,
): Promise<string> {
  const res = await callInstance<LoginResponse>(instance, 'POST', '/auth/login', undefined, {
    username,
    password,
    type,
  });
  if (res.status !== 200) throw new Error(`login ${username} on ${instance.name}: ${res.status}`);
  return res.body.token;
}

/** Two servers on one fresh PostgreSQL database with the tiny demo, and the Síntesis simulator they use. */
export type Cluster = {
  handle: DatabaseHandle;
  sintesis: RunningSintesisSimulator;
  instances: [Instance, Instance];
  close(): Promise<void>;
};

/**
 * The setup of the multi-instance tests: the database is seeded before any server starts (a server
 * loads the demo only into an empty database), `prepare` may change it, then two servers start with
 * pg-boss polling fast and retrying at once, plus `env` (e.g. a shorter job lease).
 */
export async function startCluster(
  options: { env?: Record<string, string>; prepare?: (handle: DatabaseHandle) => Promise<void> } = {},
): Promise<Cluster> {
  const handle = await createTestDatabase();
  await seedDatabase(handle, { scale: 'tiny', today: '2025-11-20' });
  await seedDemoUsers(handle, { today: '2025-11-20' });
  await options.prepare?.(handle);
  const sintesis = await startSintesisSimulator();
  const url = (handle.pool as unknown as { options: { connectionString: string } }).options.connectionString;
  const env = {
    DATABASE_URL: url,
    SINTESIS_URL: sintesis.url,
    JOB_RETRY_DELAY_SECONDS: '0',
    JOB_MAINTENANCE_SECONDS: '1',
    JOB_POLLING_SECONDS: '0.5',
    ...options.env,
  };
  const instances: [Instance, Instance] = [await startInstance('a', env), await startInstance('b', env)];
  return {
    handle,
    sintesis,
    instances,
    async close() {
      for (const instance of instances) await instance.stop().catch(() => undefined);
      await sintesis.close();
      await handle.close();
    },
  };
}
