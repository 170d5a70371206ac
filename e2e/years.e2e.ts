import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, login as loginAs, newPage, screenshot } from './support/browser.js';
import { type ProductServer, startProduct } from './support/server.js';

/**
 * Opening the next programme year closes the open one for every other test: this file starts its
 * own server (same build, its own fresh database with the demo data), as adjustments.e2e.ts does.
 */
let base = '';
let browser: Browser;
let server: ProductServer | null = null;

const login = (page: Page, username: string, type: 1 | 2) =>
  loginAs(page, username, type, DEMO_PASSWORD, base);

beforeAll(async () => {
  server = await startProduct();
  base = server.baseUrl;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("'Administrar / Gestiones'", () => {
  it('lists the open year and, on a phone, keeps the form usable', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'admin', 1);
    await page.goto(`${base}/admin/years`);
    await page.getByRole('heading', { name: 'Abrir gestión 2026' }).waitFor();
    await page.getByTestId('years-table').getByText('Abierta').waitFor();
    await screenshot(page, 'years-phone');
    await page.close();
  });

  it('opens 2026 after a confirmation that says what happens; 2025 is then closed and read-only', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${base}/admin/years`);
    const form = page.getByRole('form', { name: 'Abrir gestión 2026' });
    await form.waitFor();
    await form.getByLabel('Monto por estudiante (Bs.)').fill('250');
    await screenshot(page, 'years-before');
    await form.getByRole('button', { name: 'Abrir gestión 2026' }).click();
    const dialog = page.getByRole('dialog', { name: '¿Abrir la gestión 2026?' });
    await dialog.getByText(/La gestión 2025 quedará cerrada/).waitFor();
    await dialog.getByText(/importar su padrón de estudiantes en «Importar Datos»/).waitFor();
    await screenshot(page, 'years-confirm');
    await dialog.getByRole('button', { name: 'Abrir gestión 2026' }).click();
    await page.getByText('Gestión 2026 abierta', { exact: true }).waitFor();
    const rows = page.getByTestId('years-table').getByRole('row');
    await expect.poll(() => rows.nth(1).textContent()).toMatch(/2026.*Abierta.*250\.00 Bs\./);
    await expect.poll(() => rows.nth(2).textContent()).toMatch(/2025.*Cerrada · solo consulta/);
    // The next step is one click away.
    await page.getByRole('link', { name: 'Importar Datos' }).first().waitFor();
    await page.getByRole('heading', { name: 'Abrir gestión 2027' }).waitFor();
    await screenshot(page, 'years-opened');
    const config = (await (await fetch(`${base}/api/v1/config/public`)).json()) as { year: number };
    expect(config.year).toBe(2026);
    await page.close();
  });
});
