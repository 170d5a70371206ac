import { formatCount, percentagePair } from '@bjp/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, launchBrowser, login, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type DepartmentStats = { rows: Array<{ total: number; paid: number }> };

describe('dashboard', () => {
  it('shows charts and a national summary whose numbers match the API', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    const stats = await apiGet<DepartmentStats>(page, '/api/v1/statistics/departments-paid');
    const total = stats.rows.reduce((s, r) => s + r.total, 0);
    const paid = stats.rows.reduce((s, r) => s + r.paid, 0);
    expect(total).toBeGreaterThan(1000);
    await page.getByTestId('summary-total-students').waitFor();
    expect(await page.getByTestId('summary-total-students').innerText()).toContain(formatCount(total));
    expect(await page.getByTestId('summary-paid-students').innerText()).toContain(formatCount(paid));
    expect(await page.getByTestId('summary-paid-percentage').innerText()).toContain(
      percentagePair(paid, total).paid,
    );
    // Charts are drawn (the pies as plain SVG, the bars as recharts surfaces), each when it comes near the screen: the
    // placeholders still waiting are brought into view one by one before the charts are counted.
    const pending = page.locator('[data-chart-pending]');
    await expect
      .poll(
        async () => {
          if ((await pending.count()) > 0) {
            // The one in view may be drawn meanwhile: then the next is scrolled to on the next try.
            await pending
              .first()
              .scrollIntoViewIfNeeded({ timeout: 2_000 })
              .catch(() => undefined);
          }
          return pending.count();
        },
        { timeout: 30_000 },
      )
      .toBe(0);
    expect(await page.locator('[data-chart="pie"]').count()).toBe(3);
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(4);
    // The students' pie shows the API's figures in its legend.
    await page.getByText(`● Pagado: ${formatCount(paid)}`, { exact: true }).waitFor();
    await page.getByText(`● No pagado: ${formatCount(total - paid)}`, { exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard');
    await page.context().close();
  });

  it('says which charts follow the payment dates and which do not (issue 16)', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.getByText('Estudiantes pagados por sistema', { exact: true }).waitFor();
    const notes = page.getByTestId('chart-note');
    const schoolsNote = 'No depende del rango de fechas: cuenta las listas de titulares consolidadas.';
    await expect.poll(() => notes.allInnerTexts()).toContain(schoolsNote);
    expect((await notes.allInnerTexts()).filter((n) => n === 'Pagos de todas las fechas')).toHaveLength(5);
    // One day of the month on screen as the range: the grid also shows the next month's first days
    // (in December 2026 '10 enero 2027' is one of them), so outside days are left out.
    const day = page
      .getByRole('button', { name: /^10 \S+ \d{4}$/ })
      .and(page.locator(':not([data-outside])'));
    const systemsInRange = page.waitForResponse(
      (r) => r.url().includes('/api/v1/statistics/systems?') && r.url().includes('from='),
    );
    await day.click();
    await day.click();
    expect((await systemsInRange).status()).toBe(200);
    const shown = await page.getByTestId('payment-range').innerText();
    const [, from, to] = /^Del (\S+) al (\S+)$/.exec(shown)!;
    await expect
      .poll(
        async () => (await notes.allInnerTexts()).filter((n) => n === `Pagos del ${from} al ${to}`).length,
      )
      .toBe(5);
    expect((await notes.allInnerTexts()).filter((n) => n === schoolsNote)).toHaveLength(2);
    await page.context().close();
  });
});
