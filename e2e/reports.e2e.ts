import type { PlaceReport, TrackingOverview, TrackingPage } from '@bjp/domain';
import { formatCount } from '@bjp/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';
import { firstPageInk } from './support/pdf-check.js';

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await newPage(browser);
  await login(page, 'admin', 1);
});
afterAll(() => browser?.close());

/** Clicks the report's PDF button, waits for the file and checks its first page is drawn. */
async function downloadPdf(name: string, button: string | RegExp = 'Descargar PDF') {
  // National and department reports are prepared as jobs (POST /exports/…, 'Preparando…'), the
  // others download directly; either way the file arrives by itself.
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  expect(download.suggestedFilename()).toMatch(/\.pdf$/);
  expect(firstPageInk(file, name)).toBeGreaterThan(0.01);
  await page.getByText('El reporte se generó exitosamente.').first().waitFor();
}

async function search(label: string, code: number) {
  await page.getByLabel(label).fill(String(code));
  await page.getByRole('button', { name: 'Buscar' }).click();
}

describe('reports', () => {
  it('national report loads on entry; its matrix total equals the cards; the PDF downloads', async () => {
    await page.goto(`${baseUrl()}/reports/national`);
    const report = await apiGet<PlaceReport>(page, '/api/v1/reports/national');
    await page.getByTestId('card-paid-students').waitFor();
    expect(await page.getByTestId('card-paid-students').innerText()).toBe(
      formatCount(report.summary.paidStudents),
    );
    const totalRow = await page.getByTestId('matrix-total-general').innerText();
    expect(totalRow).toContain(formatCount(report.summary.paidStudents));
    expect(report.matrix.totalGeneral.total.total).toBe(report.summary.totalStudents);
    await screenshot(page, 'reports-national');
    const prepared = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/exports/reports/national') && r.status() === 202,
    );
    await downloadPdf('reports-national-pdf');
    await prepared;
  });

  it('departmental and district reports by code, each with its PDF', async () => {
    await page.goto(`${baseUrl()}/reports/departmental`);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Ingrese un código de Departamento').first().waitFor();
    await search('Código de Departamento', 2);
    await page.getByText('Reporte de pago BJP - Departamento').waitFor();
    await page.getByTestId('card-paid-students').waitFor();
    await screenshot(page, 'reports-departmental');
    await downloadPdf('reports-departmental-pdf');

    const overview = await apiGet<TrackingOverview>(page, '/api/v1/tracking/departments/2');
    const district = overview.districts[0]!;
    await page.goto(`${baseUrl()}/reports/district`);
    await search('Código de Distrito', district.id);
    await page.getByTestId('report-place').getByText(district.name).waitFor();
    await screenshot(page, 'reports-district');
    await downloadPdf('reports-district-pdf');
  });

  it('institution report: pies, courses, students and the Estudiantes-Tutores-Pagados PDF', async () => {
    const list = await apiGet<TrackingPage>(
      page,
      '/api/v1/tracking/departments/2/institutions?status=CONCLUIDO',
    );
    const school = list.items[0]!;
    await page.goto(`${baseUrl()}/reports/institution`);
    // An unknown code says so and leaves the finder in view to type another.
    await search('Código SIE', 99999999);
    await page.getByText(/No se encontró/).waitFor();
    await search('Código SIE', school.institutionId);
    await page.getByTestId('institution-name').waitFor();
    await page.getByTestId('students-table').locator('[data-state]').first().waitFor();
    await screenshot(page, 'reports-institution');
    await page.locator('[data-testid="pie-paid"] .recharts-surface').waitFor();
    await page.locator('[data-testid="pie-gender"] .recharts-surface').waitFor();
    await downloadPdf('reports-institution-pdf', 'Reporte Estudiantes-Tutores-Pagados');
  });

  it('Resumen General and Detalle Pago show real data', async () => {
    await page.goto(`${baseUrl()}/paid/general`);
    await page.getByTestId('general-departments').waitFor();
    expect(await page.locator('.recharts-surface').count()).toBeGreaterThanOrEqual(2);
    await screenshot(page, 'paid-general');
    await page.goto(`${baseUrl()}/paid/detail`);
    await page.getByTestId('payments-table').locator('tbody tr').nth(9).waitFor();
    await page.getByLabel('Banco', { exact: true }).fill('Unión');
    await page.waitForResponse((r) => r.url().includes('/api/v1/payments?') && r.url().includes('bank='));
    await screenshot(page, 'paid-detail');
  });
});
