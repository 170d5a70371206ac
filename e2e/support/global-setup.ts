import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts the real product as `npm start` would (built web app, fresh embedded database with the demo
 * data) on a free port, once for the whole browser suite.
 */
export default async function setup(project: TestProject) {
  // E2E_BASE_URL: a product already running (built, with fresh demo data) is used as it is, which
  // spares the demo data load on a busy machine. Its data must be the demo's, untouched.
  if (process.env.E2E_BASE_URL) {
    project.provide('baseUrl', process.env.E2E_BASE_URL.replace(/\/$/, ''));
    return async () => {};
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bjp-e2e-'));
  const root = path.resolve(import.meta.dirname, '../..');
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
      APP_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's log goes to e2e/artifacts/server.log, to read after a failing run.
  const artifacts = path.join(root, 'e2e/artifacts');
  mkdirSync(artifacts, { recursive: true });
  const log = createWriteStream(path.join(artifacts, 'server.log'));
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk;
    log.write(chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (Date.now() >= deadline) throw new Error(`server did not start:\n${output}`);
  project.provide('baseUrl', baseUrl);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
