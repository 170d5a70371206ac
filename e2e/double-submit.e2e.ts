import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';

/**
 * Issue 15: a double click on the builder's 'Registrar' used to save two identical forms. Two clicks
 * in the same instant (before the button can show it is busy) send two requests with one
 * Idempotency-Key; the API runs one and answers the other with the same answer.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type FormPage = { items: Array<{ id: number; name: string }>; total: number };

describe('double submission', () => {
  it("two clicks on the builder's 'Registrar' save one form", async () => {
    const name = `Doble clic ${Date.now().toString(36).slice(-5)}`;
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/events/register`);
    await page.getByTestId('palette-input').click();
    await page.getByLabel('Nombre del formulario').fill(name);
    const keys: string[] = [];
    page.on('request', (req) => {
      if (req.method() === 'POST' && req.url().endsWith('/api/v1/enrollment-forms'))
        keys.push(req.headers()['idempotency-key'] ?? '');
    });
    // Both clicks in one task: the second lands before React draws the button busy.
    await page.getByRole('button', { name: 'Registrar' }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    await page.waitForURL('**/events/enrollments');
    await page.getByRole('cell', { name, exact: true }).waitFor();
    await screenshot(page, 'idem-forms-list');
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const saved: string[] = [];
    for (let n = 1, more = true; more; n++) {
      const forms = await apiGet<FormPage>(page, `/api/v1/enrollment-forms?page=${n}`);
      saved.push(...forms.items.map((f) => f.name).filter((f) => f === name));
      more = forms.items.length > 0 && n * 10 < forms.total;
    }
    expect(saved).toHaveLength(1);
    await page.context().close();
  });

  it("'Registrar' is busy (disabled, loading) while the request is in flight", async () => {
    for (const viewport of [
      { width: 1366, height: 768 },
      { width: 390, height: 844 },
    ]) {
      const page = await newPage(browser, viewport);
      await login(page, 'admin', 1);
      await page.goto(`${baseUrl()}/events/register`);
      await page.getByTestId('palette-input').click();
      await page
        .getByLabel('Nombre del formulario')
        .fill(`En curso ${viewport.width} ${Date.now().toString(36)}`);
      // The answer is held until the screenshot is taken.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/v1/enrollment-forms', async (route) => {
        if (route.request().method() === 'POST') await held;
        await route.continue();
      });
      const button = page.getByRole('button', { name: 'Registrar' });
      await button.click();
      await expect.poll(() => button.getAttribute('data-loading')).toBe('true');
      expect(await button.isDisabled()).toBe(true);
      await page.screenshot({ path: `/tmp/idem-builder-busy-${viewport.width}.png` });
      release();
      await page.waitForURL('**/events/enrollments');
      await page.context().close();
    }
  });
});
