import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function freePort(): Promise<number> {
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

export type ProductServer = { baseUrl: string; stop(): Promise<void> };

/**
 * Starts the real product as `npm start` would (built web app, a fresh embedded database of its own
 * with the demo data) on a free port, and waits until it answers. `logFile` keeps the server's log
 * to read after a failing run; `env` adds settings (an outside system's simulator, say).
 */
export async function startProduct(
  options: { env?: Record<string, string>; logFile?: string; logLevel?: string } = {},
): Promise<ProductServer> {
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
      LOG_LEVEL: options.logLevel ?? 'warn',
      APP_ENV: 'development',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = options.logFile ? createWriteStream(options.logFile) : null;
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk;
    log?.write(chunk);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    log?.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error(`server did not start:\n${output}`);
}
