import type {
  DepartmentPaidRow,
  InstitutionReport,
  PaymentDetailPage,
  PaymentGeneralSummary,
  PlaceReport,
  TrackingOverview,
} from '@bjp/domain';
import { formatCount } from '@bjp/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';

/**
 * Issue 18, reading a closed gestión (decision 040): the demo data holds the open year and the
 * closed previous one; the 'Gestión' selector in the page header chooses it, the address keeps it
 * (?gestion=), the page says it is read only and shows that year's figures.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const banner = (year: number) => `Gestión ${year} (cerrada) — solo consulta`;

const viewports = [
  { width: 1366, height: 768, name: '1366' },
  { width: 390, height: 844, name: 'phone' },
];

/** A new page logged in as a demo user, and the open gestión and the closed one the console holds. */
async function signedIn(username: string, type: 1 | 2, viewport?: { width: number; height: number }) {
  const page = await newPage(browser, viewport);
  await login(page, username, type);
  const config = await apiGet<{ year: number; years: Array<{ year: number; closed: boolean }> }>(
    page,
    '/api/v1/config/public',
  );
  const closed = config.years.find((y) => y.closed)!.year;
  return { page, open: config.year, closed };
}

/**
 * From the open year, chooses the closed gestión in the page header: the page says it is read only
 * and the address keeps the choice (?gestion=).
 */
async function chooseClosedYear(page: Page, closed: number) {
  expect(await page.getByText(banner(closed)).count()).toBe(0);
  await page.getByRole('combobox', { name: 'Gestión' }).selectOption({ label: `${closed} (cerrada)` });
  await page.getByText(banner(closed)).waitFor();
  expect(new URL(page.url()).searchParams.get('gestion')).toBe(String(closed));
}

/** Back to the open gestión: once `shown` sees its figures, the address has forgotten the choice. */
async function chooseOpenYear(page: Page, open: number, shown: () => Promise<unknown>) {
  await page.getByRole('combobox', { name: 'Gestión' }).selectOption({ label: `${open} (abierta)` });
  await shown();
  expect(new URL(page.url()).searchParams.get('gestion')).toBeNull();
}

async function aSchool(page: Page): Promise<number> {
  const mine = await apiGet<{ items: Array<{ sie: number; codeType: number }> }>(
    page,
    '/api/v1/institutions/mine',
  );
  return mine.items.find((i) => i.codeType === 1)!.sie;
}

describe('a closed gestión', () => {
  for (const viewport of viewports) {
    it(`the institution report of the closed year, chosen in the header and kept on reload (${viewport.name})`, async () => {
      const { page, open, closed } = await signedIn('director', 2, viewport);
      const sie = await aSchool(page);
      await page.goto(`${baseUrl()}/reports/institution?sie=${sie}`);
      await page.getByTestId('institution-name').waitFor();
      await chooseClosedYear(page, closed);
      const report = await apiGet<InstitutionReport>(
        page,
        `/api/v1/reports/institutions/${sie}?year=${closed}`,
      );
      await page.getByText(`Gestión: ${closed}`).first().waitFor();
      await page.reload();
      await page.getByText(banner(closed)).waitFor();
      await page.getByText(`Gestión: ${closed}`).first().waitFor();
      expect(report.payment.total).toBeGreaterThan(0);
      await expect.poll(() => page.locator('body').innerText()).toContain(formatCount(report.payment.total));
      await screenshot(page, `years-institution-report-${viewport.name}`);
      await chooseOpenYear(page, open, () => page.getByText(`Gestión: ${open}`).first().waitFor());
      await page.close();
    });

    it(`Registro Titulares of the closed year: its declaration and versions, no list to edit (${viewport.name})`, async () => {
      const { page, closed } = await signedIn('director', 2, viewport);
      const sie = await aSchool(page);
      await page.goto(`${baseUrl()}/tutors/principal?sie=${sie}&gestion=${closed}`);
      await page.getByText(banner(closed)).waitFor();
      await page.getByText(`Gestión: ${closed} (cerrada)`).waitFor();
      await page.getByRole('button', { name: 'Reporte Declaración Jurada' }).waitFor();
      expect(await page.getByRole('button', { name: 'Consolidar Estudiantes' }).count()).toBe(0);
      expect(await page.getByRole('tab', { name: 'Titulares' }).count()).toBe(0);
      await screenshot(page, `years-holders-declaration-${viewport.name}`);
      await page.getByRole('button', { name: 'Versiones' }).click();
      await page.getByText(`Versiones de la declaración — Gestión ${closed}`).waitFor();
      // The demo data record most schools' holders declaration of the closed year (decision 040).
      const versions = await apiGet<{ items: Array<{ verificationCode: string }> }>(
        page,
        `/api/v1/holders/institutions/${sie}/declaration/versions?year=${closed}`,
      );
      if (versions.items.length > 0) await page.getByText(versions.items[0]!.verificationCode).waitFor();
      else await page.getByText(`No hay versiones guardadas de la gestión ${closed}.`).waitFor();
      await screenshot(page, `years-holders-versions-${viewport.name}`);
      await page.close();
    });
  }

  it('Detalle Pago lists the closed year’s payments only', async () => {
    const { page, closed } = await signedIn('admin', 1);
    await page.goto(`${baseUrl()}/paid/detail?gestion=${closed}`);
    await page.getByText(banner(closed)).waitFor();
    const list = await apiGet<PaymentDetailPage>(page, `/api/v1/payments?page=1&year=${closed}`);
    expect(list.total).toBeGreaterThan(0);
    expect(list.items.every((p) => p.paidOn?.startsWith(String(closed)))).toBe(true);
    await page.getByText(list.items[0]!.rude).first().waitFor();
    await screenshot(page, 'years-payments');
    await page.close();
  });

  for (const viewport of viewports) {
    it(`Resumen General of the closed year: that year's figures, read only (${viewport.name})`, async () => {
      const { page, open, closed } = await signedIn('admin', 1, viewport);
      await page.goto(`${baseUrl()}/paid/general`);
      await page.getByTestId('general-paid').waitFor();
      await chooseClosedYear(page, closed);
      const summary = await apiGet<PaymentGeneralSummary>(page, `/api/v1/payments/summary?year=${closed}`);
      const opened = await apiGet<PaymentGeneralSummary>(page, '/api/v1/payments/summary');
      expect(summary.year).toBe(closed);
      expect(summary.totals.paidStudents).toBeGreaterThan(0);
      expect(summary.totals).not.toEqual(opened.totals);
      await page.getByText(`Gestión ${closed}`, { exact: true }).waitFor();
      await expect
        .poll(() => page.getByTestId('general-paid').innerText())
        .toBe(formatCount(summary.totals.paidStudents));
      await screenshot(page, `years-general-summary-${viewport.name}`);
      await chooseOpenYear(page, open, () =>
        expect
          .poll(() => page.getByTestId('general-paid').innerText())
          .toBe(formatCount(opened.totals.paidStudents)),
      );
      await page.close();
    });
  }

  for (const viewport of viewports) {
    it(`the dashboard of the closed year: that year's figures, read only (${viewport.name})`, async () => {
      const { page, open, closed } = await signedIn('admin', 1, viewport);
      type Stats = { rows: DepartmentPaidRow[] };
      const sum = (s: Stats, key: 'total' | 'paid') => s.rows.reduce((n, r) => n + r[key], 0);
      const closedStats = await apiGet<Stats>(page, `/api/v1/statistics/departments-paid?year=${closed}`);
      const openStats = await apiGet<Stats>(page, '/api/v1/statistics/departments-paid');
      expect(sum(closedStats, 'paid')).toBeGreaterThan(0);
      expect(sum(closedStats, 'total')).not.toBe(sum(openStats, 'total'));
      await page.goto(`${baseUrl()}/`);
      await page.getByTestId('summary-total-students').waitFor();
      await chooseClosedYear(page, closed);
      await expect
        .poll(() => page.getByTestId('summary-total-students').innerText())
        .toContain(formatCount(sum(closedStats, 'total')));
      expect(await page.getByTestId('summary-paid-students').innerText()).toContain(
        formatCount(sum(closedStats, 'paid')),
      );
      // The calendar opens in the closed year's payment season (drawn when it comes near the screen:
      // on a phone it is below the pies).
      await page.getByText('Fechas de pago', { exact: true }).scrollIntoViewIfNeeded();
      await page.getByText(`noviembre ${closed}`).waitFor();
      await screenshot(page, `years-dashboard-${viewport.name}`);
      await page.reload();
      await page.getByText(banner(closed)).waitFor();
      await expect
        .poll(() => page.getByTestId('summary-total-students').innerText())
        .toContain(formatCount(sum(closedStats, 'total')));
      await chooseOpenYear(page, open, () =>
        expect
          .poll(() => page.getByTestId('summary-total-students').innerText())
          .toContain(formatCount(sum(openStats, 'total'))),
      );
      await page.close();
    });
  }

  for (const viewport of viewports) {
    it(`the national report of the closed year, its PDF prepared as a job of that year (${viewport.name})`, async () => {
      const { page, open, closed } = await signedIn('admin', 1, viewport);
      await page.goto(`${baseUrl()}/reports/national`);
      await page.getByTestId('card-paid-students').waitFor();
      await chooseClosedYear(page, closed);
      const report = await apiGet<PlaceReport>(page, `/api/v1/reports/national?year=${closed}`);
      await page.getByText(`Gestión: ${closed}`).first().waitFor();
      await expect
        .poll(() => page.getByTestId('card-paid-students').innerText())
        .toBe(formatCount(report.summary.paidStudents));
      await screenshot(page, `years-national-report-${viewport.name}`);
      // The closed year's national document is prepared as a job of that year (decision 040).
      const prepared = page.waitForResponse(
        (r) => r.url().endsWith(`/api/v1/exports/reports/national?year=${closed}`) && r.status() === 202,
      );
      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: 60_000 }),
        page.getByRole('button', { name: 'Descargar PDF' }).click(),
      ]);
      await prepared;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^reporte_nacional_${closed}_\\d{14}\\.pdf$`));
      await page.getByText('El reporte se generó exitosamente.').first().waitFor();
      await chooseOpenYear(page, open, () => page.getByText(`Gestión: ${open}`).first().waitFor());
      await page.close();
    });
  }

  it('Seguimiento of the closed year counts that year’s holders declarations', async () => {
    const { page, closed } = await signedIn('admin', 1, { width: 1366, height: 768 });
    const overview = await apiGet<TrackingOverview>(page, `/api/v1/tracking/departments/2?year=${closed}`);
    expect(overview.year).toBe(closed);
    await page.goto(`${baseUrl()}/seguimiento/depto/admin?place=2&gestion=${closed}`);
    await page.getByText(banner(closed)).waitFor();
    await page.getByText(`Gestión: ${closed}`).first().waitFor();
    expect(await page.getByTestId('tracking-concluded').innerText()).toBe(
      formatCount(overview.counts.concluded),
    );
    expect(await page.getByTestId('tracking-total').innerText()).toBe(formatCount(overview.counts.total));
    await screenshot(page, 'years-tracking-1366');
    await page.close();
  });
});
