import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * deploy/haproxy.cfg as shipped (decision 054), in front of two stand-in instances: one whose
 * /health/ready answers 503 (its database or Redis gone) is taken out by the active checks and
 * every request goes to the other; it comes back once ready again. Only what a test must change is
 * changed: the listening address, the two servers' addresses, and the check interval (2 s → 100 ms,
 * so the test waits for "2 failures" and "3 successes" in well under a second each).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dir = mkdtempSync(path.join(tmpdir(), 'bjp-haproxy-'));
const ready = { api1: true, api2: true };
const servers: Server[] = [];
const seen: Array<{ name: string; forwardedFor?: string; requestId?: string }> = [];
let proxy: ChildProcess;
let port = 0;

async function instance(name: keyof typeof ready): Promise<number> {
  const server = createServer((req, res) => {
    if (req.url === '/health/ready') {
      res.writeHead(ready[name] ? 200 : 503).end();
      return;
    }
    seen.push({
      name,
      forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      requestId: req.headers['x-request-id'] as string | undefined,
    });
    res.writeHead(200, { 'content-type': 'text/plain' }).end(name);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return free;
}

const get = async (url: string, headers: Record<string, string> = {}) => {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, { headers });
  return { status: res.status, body: await res.text(), requestId: res.headers.get('x-request-id') };
};

/** Which instances answer ten requests in a row. */
const answering = async () => {
  const names = new Set<string>();
  for (let i = 0; i < 10; i++) names.add((await get('/api/v1/x')).body);
  return [...names].sort();
};

beforeAll(async () => {
  const [api1, api2] = [await instance('api1'), await instance('api2')];
  port = await freePort();
  const shipped = readFileSync(path.join(root, 'deploy/haproxy.cfg'), 'utf8');
  const config = shipped
    .replace(/^ {2}bind :80$/m, `  bind 127.0.0.1:${port}`)
    .replace(/^ {2}server api1 api1:3000$/m, `  server api1 127.0.0.1:${api1}`)
    .replace(/^ {2}server api2 api2:3000$/m, `  server api2 127.0.0.1:${api2}`)
    .replace('inter 2s', 'inter 100ms');
  expect(config).not.toBe(shipped);
  expect(config).toContain(`server api2 127.0.0.1:${api2}`);
  const file = path.join(dir, 'haproxy.cfg');
  writeFileSync(file, config);
  const check = spawnSync('haproxy', ['-c', '-f', file], { encoding: 'utf8' });
  expect(check.status, check.stderr + check.stdout).toBe(0);
  proxy = spawn('haproxy', ['-db', '-f', file], { stdio: 'ignore' });
  // Both instances are up (3 successes each) before the tests start.
  const deadline = Date.now() + 10_000;
  while ((await answering().catch(() => [])).length < 2) {
    if (Date.now() > deadline) throw new Error('haproxy did not send to both instances within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  proxy?.kill('SIGKILL');
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

describe('deploy/haproxy.cfg: active health checks on /health/ready', () => {
  it('takes out an instance whose readiness fails, and puts it back once ready', async () => {
    ready.api2 = false;
    await expect.poll(answering, { timeout: 5_000, interval: 100 }).toEqual(['api1']);
    // Out means out: a whole series of requests, none of them to the instance that is not ready.
    expect(await answering()).toEqual(['api1']);
    ready.api2 = true;
    await expect.poll(answering, { timeout: 5_000, interval: 100 }).toEqual(['api1', 'api2']);
  });

  it('refuses /metrics, overwrites X-Forwarded-For and passes on or makes the request id', async () => {
    expect((await get('/metrics')).status).toBe(403);
    seen.length = 0;
    const kept = await get('/api/v1/x', { 'x-forwarded-for': '6.6.6.6', 'x-request-id': 'caso-42.a_b' });
    expect(kept.requestId).toBe('caso-42.a_b');
    const made = await get('/api/v1/x', { 'x-request-id': 'no válido <script>' });
    expect(made.requestId).toMatch(/^[0-9a-f-]{36}$/i);
    expect(seen[0]).toMatchObject({ forwardedFor: '127.0.0.1', requestId: 'caso-42.a_b' });
    expect(seen[1]!.requestId).toBe(made.requestId);
  });
});
