import { mkdirSync } from 'node:fs';
import path from 'node:path';
import dayjs from 'dayjs';
import 'dayjs/locale/es';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumArgs, findChromium } from './chromium.js';

export const baseUrl = () => inject('baseUrl');
export const DEMO_PASSWORD = 'Demo2025!';
export const screenshotsDir = path.resolve(import.meta.dirname, '../artifacts');

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium not found: install Debian chromium or set CHROMIUM_PATH');
  return chromium.launch({ executablePath, args: chromiumArgs });
}

export async function newPage(browser: Browser, viewport = { width: 1366, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'es-BO' });
  // TEST_NOW: the page's clock starts there and runs on, as the server's does (lib/clock.ts).
  if (process.env.TEST_NOW) await context.clock.install({ time: new Date(process.env.TEST_NOW) });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** Fills the login form and presses 'Ingresar', without waiting for the outcome. */
export async function submitLogin(
  page: Page,
  username: string,
  type: 1 | 2,
  password = DEMO_PASSWORD,
  base = baseUrl(),
): Promise<void> {
  await page.goto(`${base}/auth/login`);
  await page.getByLabel('Usuario').fill(username);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByLabel('Tipo').click();
  await page.getByRole('option', { name: type === 1 ? /Ministerio/ : /SIE/ }).click();
  await page.getByRole('button', { name: 'Ingresar' }).click();
}

/** Logs in through the login form as a user would (on the suite's server unless `base` names another). */
export async function login(
  page: Page,
  username: string,
  type: 1 | 2,
  password = DEMO_PASSWORD,
  base = baseUrl(),
) {
  await submitLogin(page, username, type, password, base);
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`), fullPage: true });
}

/** The API as the logged-in page sees it (same token), on the suite's server unless `base` names another. */
export async function apiCall<T>(
  page: Page,
  method: 'GET' | 'POST',
  url: string,
  base = baseUrl(),
): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${base}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function apiGet<T>(page: Page, url: string): Promise<T> {
  return apiCall<T>(page, 'GET', url);
}

/**
 * Picks a date in a calendar-only birth-date field (typing is blocked): decade, year, month, day.
 * Each step waits for the calendar to draw before deciding to go back a decade, so a slow render
 * never sends it past the year.
 */
export async function pickBirthDate(page: Page, iso: string) {
  const date = dayjs(iso).locale('es');
  await page.getByLabel('Fecha de nacimiento').click();
  const previousDecade = page.getByLabel('Década anterior');
  const year = page.getByRole('button', { name: String(date.year()), exact: true });
  await previousDecade.waitFor();
  for (let i = 0; i < 8; i++) {
    if (
      await year.waitFor({ timeout: 1_500 }).then(
        () => true,
        () => false,
      )
    )
      break;
    await previousDecade.click();
  }
  await year.click();
  await page.getByRole('button', { name: date.format('MMMM'), exact: true }).click();
  await page.getByRole('button', { name: date.format('D MMMM YYYY'), exact: true }).click();
}

/**
 * 'Habilitar SIE' through the API, as an administrator: the school's holder list opens again if an
 * earlier browser test consolidated it (the files share one server). A list that is open already
 * answers 409, which is fine here.
 */
export async function reopenHolders(browser: Browser, sie: number, reason: string): Promise<number> {
  const admin = await newPage(browser);
  await login(admin, 'admin', 1);
  const token = await admin.evaluate(() => localStorage.getItem('token'));
  const res = await fetch(`${baseUrl()}/api/v1/enabling/holders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ sie, reason }),
  });
  await admin.context().close();
  return res.status;
}
