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
    // Charts are drawn (recharts renders SVG surfaces), each when it comes near the screen: the
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
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(7);
    // The students' pie shows the API's figures in its legend.
    await page.getByText(`● Pagado: ${formatCount(paid)}`, { exact: true }).waitFor();
    await page.getByText(`● No pagado: ${formatCount(total - paid)}`, { exact: true }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'dashboard');
    await page.context().close();
  });
});
