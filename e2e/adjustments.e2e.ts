import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiCall,
  DEMO_PASSWORD,
  launchBrowser,
  login as loginAs,
  newPage,
  screenshot,
  screenshotsDir,
} from './support/browser.js';
import { type ProductServer, startProduct } from './support/server.js';

/**
 * Adjustments need a consolidated school of the demo director, and consolidating one would change
 * what the other browser tests find on the shared server: this file starts its own server (same
 * build, its own fresh database with the demo data), as the suite's global setup does.
 */
let base = '';
let sintesisUrl = '';
let browser: Browser;
let directorSie = 0;
let rude = '';

type Simulator = { url: string; close(): Promise<void> };
let sintesis: Simulator | null = null;
let server: ProductServer | null = null;

async function startOwnServer() {
  // The Síntesis simulator runs here, so the test can pin a payment through its control API.
  const module = new URL('../apps/api/src/integrations/sintesis/simulator.ts', import.meta.url).href;
  const { startSintesisSimulator } = (await import(module)) as {
    startSintesisSimulator: () => Promise<Simulator>;
  };
  sintesis = await startSintesisSimulator();
  sintesisUrl = sintesis.url;
  server = await startProduct({ env: { SINTESIS_URL: sintesisUrl } });
  base = server.baseUrl;
}

const login = (page: Page, username: string, type: 1 | 2) =>
  loginAs(page, username, type, DEMO_PASSWORD, base);
const api = <T>(page: Page, method: 'GET' | 'POST', url: string) => apiCall<T>(page, method, url, base);

async function confirm(page: Page) {
  await page.getByRole('button', { name: 'Continuar' }).click();
}

beforeAll(async () => {
  await startOwnServer();
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await sintesis?.close();
});

describe('adjustments after consolidation', () => {
  it('a director requests an adjustment and sees it in the history; a second one is refused', async () => {
    const page = await newPage(browser);
    await login(page, 'director', 2);
    const mine = await api<{ items: Array<{ sie: number; name: string; codeType: number }> }>(
      page,
      'GET',
      '/api/v1/institutions/mine',
    );
    const school = mine.items.find((i) => i.codeType === 1)!;
    directorSie = school.sie;
    // The school consolidates its list first (holder registration), as the director would.
    await api(page, 'POST', `/api/v1/holders/institutions/${school.sie}/consolidation`);
    const students = await api<{
      items: Array<{ rude: string; status: string; identityValidated: boolean }>;
    }>(page, 'GET', `/api/v1/holders/institutions/${school.sie}/students?page=1`);
    rude = students.items.find((s) => s.status === 'registered' && s.identityValidated)!.rude;

    await page.goto(`${base}/modification/principal`);
    await page.getByRole('textbox', { name: 'Seleccione Institución' }).click();
    await page.getByRole('option', { name: new RegExp(school.name) }).click();
    await page.getByLabel('RUDE / RUDEE del estudiante').fill(rude.toLowerCase());
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('adjustment-student').waitFor();
    await page.getByRole('button', { name: 'Titular Cobro' }).click();
    const dialog = page.getByRole('dialog', { name: 'Actualización y/o Registro de Titular' });
    await dialog.getByTestId('guardians-table').waitFor();
    await dialog
      .getByRole('button', { name: /Cambiar parentesco/ })
      .first()
      .click();
    await dialog.getByRole('textbox', { name: 'Nuevo parentesco' }).click();
    await page.getByRole('option', { name: 'TIA/O', exact: true }).click();
    await screenshot(page, 'adjustments-modal');
    await dialog.getByRole('button', { name: 'Actualizar parentesco' }).click();
    await confirm(page);
    await page.getByText('Operación exitosa!!!').first().waitFor();
    await page.keyboard.press('Escape');

    const history = page.getByTestId('adjustment-history');
    await history.getByText(rude).waitFor();
    await expect(history.getByText('Cambio de parentesco').count()).resolves.toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page
      .getByText('Los cambios se registran una sola vez y no podrán ser modificados nuevamente.')
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Titular Cobro' }).isDisabled()).toBe(true);
    await screenshot(page, 'adjustments-principal');

    // The 'Lista': choosing a course lists that course's students only (issue 16).
    const courses = await api<{ levels: Array<{ courses: Array<{ courseId: number; label: string }> }> }>(
      page,
      'GET',
      `/api/v1/institutions/${school.sie}/courses`,
    );
    const course = courses.levels[0]!.courses[0]!;
    const expected = await api<{ total: number; items: Array<{ rude: string }> }>(
      page,
      'GET',
      `/api/v1/adjustments/institutions/${school.sie}/students?course=${course.courseId}&page=1`,
    );
    await page
      .getByTestId('course-menu')
      .getByRole('button', { name: new RegExp(`^${course.label}`) })
      .first()
      .click();
    const table = page.getByTestId('adjustment-course-students');
    await table.getByText(expected.items[0]!.rude).waitFor();
    expect(await table.locator('tbody tr').count()).toBe(expected.items.length);
    await screenshot(page, 'adjustments-course-list');
    await page.context().close();
  });

  it('an administrator re-enables the student, downloads the progress spreadsheet and syncs payments', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${base}/modification-process/admin`);
    await page.getByLabel('RUDE del estudiante').fill(rude);
    await page.getByRole('button', { name: 'Habilitar', exact: true }).click();
    await confirm(page);
    await page.getByText('Habilitación exitosa!!!').first().waitFor();
    const found = await api<{ blocker: string | null }>(
      page,
      'GET',
      `/api/v1/adjustments/institutions/${directorSie}/students/${rude}`,
    );
    expect(found.blocker).toBeNull();

    // The spreadsheet is prepared as a job (202 from POST /exports/progress), then downloads by itself.
    const download = page.waitForEvent('download');
    const prepared = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/exports/progress') && r.status() === 202,
    );
    await page.getByRole('button', { name: 'Reporte de avance de entrega' }).click();
    await prepared;
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^estadísticas_\d{14}\.xlsx$/);
    const saved = path.join(screenshotsDir, 'progress.xlsx');
    await file.saveAs(saved);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(readFileSync(saved) as unknown as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toEqual(['Departamentos', 'Distritos', 'Unidades Educativas']);
    const departments: unknown[][] = [];
    book
      .getWorksheet('Departamentos')!
      .eachRow((row) => departments.push((row.values as unknown[]).slice(1)));
    expect(departments.map((r) => r[0])).toContain('La Paz');
    const schools: unknown[][] = [];
    book
      .getWorksheet('Unidades Educativas')!
      .eachRow((row) => schools.push((row.values as unknown[]).slice(1)));
    const ours = schools.find((r) => r[2] === directorSie)!;
    expect(ours[5]).toBe('SI');
    expect(Number(ours[6])).toBeGreaterThan(0);

    // Síntesis reports one more payment: the sync writes it and the dashboard's figures follow.
    type Paid = { rows: Array<{ paid: number }> };
    const paidOf = async () =>
      (await api<Paid>(page, 'GET', '/api/v1/statistics/departments-paid')).rows.reduce(
        (s, d) => s + d.paid,
        0,
      );
    const before = await paidOf();
    const report = await api<{ items: Array<{ rude: string; paid: boolean }> }>(
      page,
      'GET',
      `/api/v1/reports/institutions/${directorSie}/students?page=1`,
    );
    const unpaid = new Set(report.items.filter((s) => !s.paid).map((s) => s.rude));
    type Listed = {
      items: Array<{ inscriptionId: number; rude: string; titular: string | null; removedAt: string | null }>;
    };
    const listed = await api<Listed>(
      page,
      'GET',
      `/api/v1/removals/institutions/${directorSie}/students?page=1`,
    );
    const target = listed.items.find(
      (s) => unpaid.has(s.rude) && s.titular && !s.removedAt && s.rude !== rude,
    )!;
    expect(target, 'an unpaid beneficiary with a titular on the first page').toBeTruthy();
    const pagos = [
      {
        inscripcion: target.inscriptionId,
        pagado: true,
        fechaPago: '2025-11-18',
        banco: 'Banco Unión',
        modalidad: 'VENTANILLA',
      },
    ];
    const pinned = await fetch(`${sintesisUrl}/control/pagos`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pagos }),
    });
    expect(pinned.ok).toBe(true);
    await page.getByRole('button', { name: 'Sincronizar Datos de Pago de Síntesis' }).click();
    await confirm(page);
    // The sync runs as a job: the page follows it and shows its outcome in place (not in a toast).
    await page
      .getByRole('alert')
      .filter({ hasText: /Datos de pago sincronizados/ })
      .waitFor({ timeout: 60_000 });
    expect(await paidOf()).toBeGreaterThan(before);
    const reportAfter = await api<{ items: Array<{ rude: string; paid: boolean; bank: string | null }> }>(
      page,
      'GET',
      `/api/v1/reports/institutions/${directorSie}/students?page=1`,
    );
    expect(reportAfter.items.find((s) => s.rude === target.rude)).toMatchObject({
      paid: true,
      bank: 'Banco Unión',
    });
    // A second run changes nothing.
    const again = await api<{ inserted: number; updated: number }>(page, 'POST', '/api/v1/sync/payments');
    expect(again.inserted + again.updated).toBe(0);
    await screenshot(page, 'adjustments-process');
    await page.goto(`${base}/`);
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'adjustments-dashboard-after-sync');
    await page.context().close();
  });

  it('an administrator removes a beneficiary of a department by RUDE', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${base}/modification-remove/admin`);
    await page.getByLabel('Código de Departamento').fill('2');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('2 - La Paz').waitFor();
    const finder = page.getByTestId('removal-finder');
    await finder.getByLabel('RUDE / RUDEE del estudiante').fill('NOEXISTE1');
    await finder.getByRole('button', { name: 'Buscar' }).click();
    await finder.getByText('Estudiante no encontrado').waitFor();
    expect(await finder.getAttribute('data-state')).toBe('not-found');
    await finder.getByLabel('RUDE / RUDEE del estudiante').fill(rude);
    await finder.getByRole('button', { name: 'Buscar' }).click();
    await finder.getByRole('button', { name: 'Baja Beneficiario' }).click();
    // The dialog says it cannot be undone and refuses to go on without a reason (issue 16).
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Esta acción no se puede deshacer.').waitFor();
    await dialog.getByRole('button', { name: 'Dar de baja' }).click();
    await dialog.getByText('Escriba el motivo de la baja (al menos 5 caracteres).').waitFor();
    await dialog.getByLabel('Motivo de la baja').fill('Traslado del estudiante al exterior');
    await screenshot(page, 'removals-reason-dialog');
    await dialog.getByRole('button', { name: 'Dar de baja' }).click();
    await page.getByText('Operación exitosa!!!').first().waitFor();
    await finder.getByText('Baja', { exact: true }).waitFor();
    const history = page.getByTestId('removal-history');
    await history.getByText(rude).waitFor();
    await history.getByText('REGISTRADA').first().waitFor();
    await history.getByText('Traslado del estudiante al exterior').waitFor();
    await screenshot(page, 'removals-admin');
    const after = await api<{ removedAt: string | null }>(
      page,
      'GET',
      `/api/v1/removals/departments/2/students/${rude}`,
    );
    expect(after.removedAt).not.toBeNull();
    await page.context().close();
  });

  it('a department user removes within their department: its schools, courses and both tables', async () => {
    const page = await newPage(browser);
    await login(page, 'depto', 2);
    await page.goto(`${base}/modification-remove/depto`);
    await page.getByText('2 - La Paz').waitFor();
    await page.getByText('Gestión: 2025').first().waitFor();
    const history = page.getByTestId('removal-history');
    await history.getByText(rude).waitFor();
    await page.getByLabel('Código SIE').fill(String(directorSie));
    await page.getByRole('button', { name: 'Buscar' }).last().click();
    await page
      .getByTestId('course-menu')
      .getByText(/^Primero - [AB]$/)
      .first()
      .click();
    const students = page.getByTestId('removal-students');
    await students.getByText('NRO DOCUMENTO IDENTIDAD TITULAR').waitFor();
    // The header shows before the rows arrive.
    await expect.poll(() => students.getByRole('row').count()).toBeGreaterThan(1);
    await screenshot(page, 'removals-depto');
    await page.context().close();
  });

  it('an administrator finds a school by SIE on Ajuste Titulares', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${base}/modification/admin`);
    await page.getByLabel('Código SIE').fill(String(directorSie));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('institution-card').waitFor();
    await page.getByTestId('adjustment-history').getByText(rude).waitFor();
    await screenshot(page, 'adjustments-admin');
    await page.context().close();
  });
});
