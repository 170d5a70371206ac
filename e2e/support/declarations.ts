import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './browser.js';

/** Where this file's screenshots go, at the viewport's size (1366x768), to be looked at by a person. */
export const shotsDir = '/tmp/e2e-shots';
export const SMALL_SCREEN = { width: 1366, height: 768 };

export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(shotsDir, { recursive: true });
  const file = path.join(shotsDir, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });
}

export type OwnServer = { base: string; close(): Promise<void> };

/**
 * The declarations journeys consolidate the demo director's school, reopen it, block a student and
 * run the day's 'Consolidar modificaciones': all of that would change what the other browser tests
 * find on the suite's shared server (sync.e2e.ts expects that school open and step 1 not yet run),
 * so this file starts its own server, as adjustments.e2e.ts does: same build, its own fresh
 * database with the demo data.
 */
export async function startOwnServer(): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bjp-e2e-decl-'));
  const base = `http://127.0.0.1:${port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      APP_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    if (output.length < 100_000) output += chunk;
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const close = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 170_000;
  for (;;) {
    if (server.exitCode !== null) {
      await close();
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await close();
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { base, close };
}

/** The login form, as a user fills it, on the given server. */
export async function loginAt(page: Page, base: string, username: string, type: 1 | 2) {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(DEMO_PASSWORD);
  await page.getByLabel('Tipo').click();
  await page.getByRole('option', { name: type === 1 ? /Ministerio/ : /SIE/ }).click();
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
}

/** The API with the logged-in page's token. */
export async function apiAt<T>(
  page: Page,
  base: string,
  method: 'GET' | 'POST',
  url: string,
  body?: object,
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The text of a PDF (poppler's pdftotext), to tell which version a downloaded file is. */
export function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** dd/mm/aaaa of an instant in Bolivia (UTC−4), built without the browser's locale data. */
export function boliviaDay(at: Date): string {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/La_Paz' }).format(at);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
