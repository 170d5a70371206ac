import { formatCount, type ObservedReport, observedKindLabels } from '@bjp/domain';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';
import { findClipped } from './support/clipping.js';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser, { width: 1366, height: 768 });
  await login(page, 'admin', 1);
});
afterAll(() => browser?.close());

describe('Pagos observados', () => {
  it('shows the national figures per kind, filters by a card and downloads every row as XLSX', async () => {
    const report = await apiGet<ObservedReport>(page, '/api/v1/reports/observed-payments/national');
    await page.goto(`${baseUrl()}/reports/observed-payments`);
    await page.getByTestId('observed-table').waitFor();
    expect(await page.getByTestId('observed-total').innerText()).toContain(
      formatCount(report.summary.students),
    );
    await screenshot(page, 'observed-payments-national');
    expect(await findClipped(page)).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The demo's blocked students who were paid: the card filters the table and the address keeps it.
    const blocked = report.summary.kinds.find((k) => k.kind === 'BLOQUEADO')!;
    expect(blocked.students).toBeGreaterThan(0);
    await page.getByTestId('card-BLOQUEADO').click();
    await page.waitForURL(/kind=BLOQUEADO/);
    await expect
      .poll(() => page.getByTestId('observed-table').getByText(observedKindLabels.BLOQUEADO).count())
      .toBe(Math.min(blocked.students, report.pageSize));

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar XLSX' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pagos_observados_nacional_\d{14}\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.getWorksheet('Estudiantes')!;
    const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    const header = Array.from({ length: sheet.rowCount }, (_, i) => i + 1).find(
      (n) => values(n)[0] === 'Nro.',
    )!;
    expect(sheet.rowCount - header).toBe(blocked.students);
  });

  it('fits a phone without sideways scrolling of the page, nothing clipped', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    await login(phone, 'distrito', 2);
    await phone.goto(`${baseUrl()}/reports/observed-payments`);
    await phone.getByTestId('observed-table').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await screenshot(phone, 'observed-payments-phone');
    expect(await findClipped(phone)).toEqual([]);
    expect(await seriousAxeViolations(phone)).toEqual([]);
    await phone.context().close();
  });
});
