import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import type { AppInstance } from './app-types.js';
import { loadConfig } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { type RunningIntegrations, startIntegrations } from './integrations/index.js';
import { fixedClock } from './lib/clock.js';
import { createTestDatabase } from './test/database.js';
import { serveWebApp } from './web.js';

// Issue 14, web delivery: the built console's files go out precompressed, hashed assets are cached
// for a year and index.html is revalidated; the API keeps its own no-store policy.
// A tiny fake build stands in for apps/web/dist; each variant has a different body, so the test sees
// which file the server chose, not only the headers it set.
const SCRIPT = `export const greeting = '${'hola '.repeat(400)}';\n`;
const INDEX =
  '<!doctype html><html lang="es"><div id="root"></div><script src="/assets/app-abc123.js"></script></html>';

let dist = '';
let app: AppInstance;
let handle: DatabaseHandle;
let outside: RunningIntegrations;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'bjp-web-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(SCRIPT));

  // As main.ts does: the web app is registered on the built API before it starts listening, so
  // this cannot reuse createTestApp (which readies the server).
  handle = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  outside = await startIntegrations(config, { timeoutMs: 1_000 });
  app = await buildApp({
    db: handle.db,
    config,
    clock: fixedClock('2025-11-20T14:00:00Z'),
    tokens: {
      secret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      accessSeconds: 900,
      refreshDays: 7,
    },
    integrations: outside.integrations,
  });
  expect(await serveWebApp(app, dist)).toBe(true);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await outside?.close();
  await handle?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('compressed assets', () => {
  it('sends the brotli file to a browser that accepts br', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brotliCompressSync(SCRIPT))).toBe(true);
  });

  it('sends the gzip file when br is not accepted', async () => {
    const res = await get('/assets/app-abc123.js', 'gzip, deflate');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the plain file without Accept-Encoding, still saying it varies on it', async () => {
    const res = await get('/assets/app-abc123.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(SCRIPT);
  });

  it('answers 404, not index.html, for an asset an older build had', async () => {
    const res = await get('/assets/app-old999.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});

describe('cache headers', () => {
  it('keeps hashed assets for a year, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const res = await get('/assets/app-abc123.js', encoding);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('revalidates index.html', async () => {
    const res = await get('/index.html', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('revalidates the index.html a client route falls back to', async () => {
    for (const url of ['/tutors/principal', '/']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves API answers no-store, found or not', async () => {
    const config = await get('/api/v1/config/public', 'br, gzip');
    expect(config.statusCode).toBe(200);
    expect(config.headers['cache-control']).toBe('no-store');
    const refused = await get('/api/v1/auth/me', 'br, gzip');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const missing = await get('/api/v1/no-such-route', 'br, gzip');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    expect(missing.json()).toMatchObject({ code: 'not_found' });
  });
});
