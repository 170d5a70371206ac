import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export const root = path.resolve(import.meta.dirname, '..');
export const nationalUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bjp_national';

/** Starts the real server (main.ts) on PostgreSQL in its own process, so load and server do not share a CPU queue. */
export async function startServer(
  port = 3900,
): Promise<{ baseUrl: string; port: number; pid: number; stop(): void }> {
  // BENCH_CPU_PROF=<folder> writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const child: ChildProcess = spawn(
    process.execPath,
    [...profile, '--import', 'tsx', 'apps/api/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: nationalUrl,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        // The login benchmark comes from one address; the per-address limiter would cap it.
        LOGIN_RATE_LIMIT: '1000000',
        WEB_DIST: '/nonexistent',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, baseUrl, 150);
  return { baseUrl, port, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}

/**
 * Polls `/health` of a server started as `child` until it answers, up to `seconds` (a fresh database
 * first runs its migrations and loads the demo data); kills it and throws if it never does.
 */
export async function waitUntilServing(child: ChildProcess, baseUrl: string, seconds: number): Promise<void> {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`server at ${baseUrl} did not start`);
}

/**
 * The machine's own limit for an answer of these bytes: a bare node:http server in its own process
 * that sends them to every request, nothing else (no routing, no database). Compared in the same run
 * with a route that sends the same bytes, it shows what the route itself adds.
 */
export async function startBareBytesServer(
  bytes: Buffer,
  port: number,
  contentType = 'application/octet-stream',
): Promise<{ baseUrl: string; stop(): void }> {
  const file = path.join(tmpdir(), `bjp-bench-bytes-${process.pid}-${port}`);
  writeFileSync(file, bytes);
  const script = `
    const body = require('node:fs').readFileSync(${JSON.stringify(file)});
    require('node:http').createServer((req, res) => {
      if (req.url === '/api/v1/health') return res.end('ok');
      res.writeHead(200, { 'content-type': ${JSON.stringify(contentType)}, 'content-length': body.length });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'inherit', 'inherit'] });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilServing(child, baseUrl, 20);
  return {
    baseUrl,
    stop: () => {
      child.kill('SIGTERM');
      rmSync(file, { force: true });
    },
  };
}

export async function loginToken(baseUrl: string, username = 'admin', type = 1): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'Demo2025!', type }),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export type LoadResult = {
  name: string;
  connections: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
};

/** autocannon reports p97.5 but not p95; p97.5 under a target proves p95 under it too. */
export async function load(name: string, options: autocannon.Options): Promise<LoadResult> {
  const result = await autocannon({ duration: 10, ...options });
  const summary: LoadResult = {
    name,
    connections: options.connections ?? 10,
    seconds: (options.duration as number) ?? 10,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
  console.log(
    `${name.padEnd(44)} ${String(summary.requestsPerSecond).padStart(6)} req/s  p50 ${summary.p50} ms  p97.5 ${summary.p97_5} ms  p99 ${summary.p99} ms  errors ${summary.errors} non2xx ${summary.non2xx}`,
  );
  return summary;
}
