import { copyFileSync } from 'node:fs';
import path from 'node:path';
import {
  type EnablingPage,
  formatSaldo,
  type MyInstitutions,
  type PaidInstitutionState,
  type PaidReport,
  type PaidStudentPage,
  type PaidTitularPage,
  type TrackingPage,
} from '@bjp/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  baseUrl,
  launchBrowser,
  login,
  newPage,
  screenshot,
  screenshotsDir,
} from './support/browser.js';
import { firstPageInk } from './support/pdf-check.js';

let browser: Browser;
let special = 0;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const modal = (page: Page) => page.getByRole('dialog', { name: 'Validación Estudiante' });

/** Opens a student's 'Validación Estudiante' from its state button. */
async function openValidation(page: Page, inscriptionId: number) {
  await page.getByTestId(`state-${inscriptionId}`).click();
  await modal(page).waitFor();
  // The stored validation is loaded back before the select is enabled.
  await modal(page).getByRole('textbox', { name: 'Estado de pago' }).and(page.locator(':enabled')).waitFor();
}

async function chooseState(page: Page, label: 'PAGADO' | 'NO PAGADO') {
  await modal(page).getByRole('textbox', { name: 'Estado de pago' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

async function registerAndConfirm(page: Page) {
  await modal(page).getByRole('button', { name: 'Registrar' }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByText('Validación registrada.').first().waitFor();
  await modal(page).waitFor({ state: 'hidden' });
}

describe('paid validation (Validación Pagados)', () => {
  it('a director validates three students, consolidates and downloads the DDJJ', async () => {
    const page = await newPage(browser);
    await login(page, 'director', 2);
    await page.goto(`${baseUrl()}/paid-report/principal-report`);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Por favor seleccione una institución').first().waitFor();

    const mine = await apiGet<MyInstitutions>(page, '/api/v1/institutions/mine');
    special = mine.items.find((i) => i.codeType === 4)!.sie;
    await page.getByRole('textbox', { name: 'Seleccione Institución' }).click();
    await page.getByRole('option', { name: new RegExp(`^${special} - `) }).click();
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('detail-status').waitFor();
    const before = await apiGet<PaidInstitutionState>(
      page,
      `/api/v1/paid-validation/institutions/${special}`,
    );
    expect(before.counts.pending).toBe(3);
    expect(await page.getByTestId('count-pending').textContent()).toBe('3');
    await page.getByText('Lista de Maestros o Directores como TITULAR DE COBRO').waitFor();
    await screenshot(page, 'paid-validation-principal');

    const titulars = await apiGet<PaidTitularPage>(
      page,
      `/api/v1/paid-validation/institutions/${special}/titulars`,
    );
    const titular = titulars.items.find((t) => t.pending > 0)!;
    await page.getByRole('button', { name: `Estudiantes de ${titular.name} ${titular.paterno}` }).click();
    await page.getByTestId('titular-card').getByText(titular.paterno, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Volver' }).waitFor();
    const students = await apiGet<PaidStudentPage>(
      page,
      `/api/v1/paid-validation/institutions/${special}/titulars/${titular.personId}/students`,
    );
    const [paid, notPaid, third] = students.items.filter((s) => s.state === 'unvalidated');
    expect(third).toBeDefined();

    // PAGADO: the state is required first; the observation stays disabled.
    await openValidation(page, paid!.inscriptionId);
    await expect(modal(page).getByRole('textbox', { name: 'Observación' }).isDisabled()).resolves.toBe(true);
    await modal(page).getByRole('button', { name: 'Registrar' }).click();
    await modal(page).getByText('Favor seleccione un estado de pago.').waitFor();
    await chooseState(page, 'PAGADO');
    await registerAndConfirm(page);
    await expect(page.getByTestId(`state-${paid!.inscriptionId}`).textContent()).resolves.toBe('PAGADO');

    // NO PAGADO without an observation is refused; with one it is stored.
    await openValidation(page, notPaid!.inscriptionId);
    await chooseState(page, 'NO PAGADO');
    await modal(page).getByRole('button', { name: 'Registrar' }).click();
    await modal(page).getByText('Favor ingresar la observación.').waitFor();
    await modal(page)
      .getByRole('textbox', { name: 'Observación' })
      .fill('El estudiante se trasladó antes de la entrega.');
    await screenshot(page, 'paid-validation-modal');
    await registerAndConfirm(page);
    await expect(page.getByTestId(`state-${notPaid!.inscriptionId}`).textContent()).resolves.toBe(
      'NO PAGADO',
    );

    // Reopened, the stored validation is loaded back.
    await openValidation(page, notPaid!.inscriptionId);
    await expect(modal(page).getByRole('textbox', { name: 'Observación' }).inputValue()).resolves.toBe(
      'El estudiante se trasladó antes de la entrega.',
    );
    await modal(page).getByRole('button', { name: 'Cancelar' }).click();

    // Choosing PAGADO after typing an observation clears and disables it.
    await openValidation(page, third!.inscriptionId);
    await chooseState(page, 'NO PAGADO');
    await modal(page).getByRole('textbox', { name: 'Observación' }).fill('Texto que se descarta');
    await chooseState(page, 'PAGADO');
    await expect(modal(page).getByRole('textbox', { name: 'Observación' }).inputValue()).resolves.toBe('');
    await registerAndConfirm(page);
    await screenshot(page, 'paid-validation-students');

    await page.getByRole('button', { name: 'Volver' }).click();
    await page.getByTestId('paid-titulars').waitFor();
    await expect(page.getByTestId('count-pending').textContent()).resolves.toBe('0');

    await page.getByRole('button', { name: 'Consolidar Operativo de Validación' }).click();
    await page.getByText('Esta acción cierra el operativo de validación', { exact: false }).waitFor();
    // The confirmation names what will be declared.
    await page.getByText(/Se declararán \d+ estudiante\(s\) PAGADO y \d+ NO PAGADO/).waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Se consolido exitosamente').first().waitFor();
    await page.getByTestId('paid-report').waitFor();
    const report = await apiGet<PaidReport>(page, `/api/v1/paid-validation/institutions/${special}/report`);
    expect(report.saldo).toBe(200 * report.totals.totalPending);
    expect(await page.getByTestId('saldo').textContent()).toBe(formatSaldo(report.saldo));
    await page.getByText('SALDO A DEVOLVER EN BOLIVIANOS').waitFor();
    expect(await page.getByRole('button', { name: 'Consolidar Operativo de Validación' }).count()).toBe(0);
    await screenshot(page, 'paid-validation-consolidated');

    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByTestId('paid-report').getByRole('button', { name: 'Descargar Reporte DDJJ' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^REPORTE_DDJJ_2025_\d{14}\.pdf$/);
    const file = await download.path();
    copyFileSync(file, path.join(screenshotsDir, 'paid-validation-ddjj.pdf'));
    expect(firstPageInk(file, 'paid-validation-ddjj')).toBeGreaterThan(0.01);

    // The titular DDJJ report page of the school.
    await page.goto(`${baseUrl()}/paid-report/titular/${special}`);
    await page.getByTestId('paid-report').waitFor();
    expect(await page.getByTestId('saldo').textContent()).toBe(report.saldoText);
    await page.context().close();
  });

  it('an administrator enables the school again ("Habilitación UE/CEE") and the director can change it', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/enable-validation-institution/admin`);
    await page.getByRole('button', { name: 'Habilitar UE/CEE', exact: true }).click();
    await page.getByText('Ingrese un código válido.').first().waitFor();
    await page.getByRole('textbox', { name: 'Código UE/CEE' }).fill(String(special));
    await page
      .getByRole('textbox', { name: 'Motivo de la habilitación' })
      .fill('El director solicitó corregir un estado de pago.');
    await page.getByRole('button', { name: 'Habilitar UE/CEE', exact: true }).click();
    // The confirmation names the school after checking it: '… de la UE/CEE «Nombre» (SIE).'
    await page.getByText(`(${special})`, { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Habilitación exitosa').first().waitFor();
    await page
      .getByTestId('enabling-history')
      .getByText('El director solicitó corregir un estado de pago.')
      .waitFor();
    const state = await apiGet<PaidInstitutionState>(page, `/api/v1/paid-validation/institutions/${special}`);
    expect(state.consolidation).toBeNull();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await screenshot(page, 'paid-validation-enabling');

    // Enabling it twice: the server's reason, said before any confirmation is asked.
    await page.getByRole('textbox', { name: 'Código UE/CEE' }).fill(String(special));
    await page
      .getByRole('textbox', { name: 'Motivo de la habilitación' })
      .fill('Segundo intento de habilitación.');
    await page.getByRole('button', { name: 'Habilitar UE/CEE', exact: true }).click();
    await page.getByText('Falla en el la habilitación!!!').waitFor();
    await page.getByText('no está consolidada', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Aceptar' }).click();

    // The admin variant finds the school by code; the operation is open again.
    await page.goto(`${baseUrl()}/paid-report/admin-report`);
    await page.getByRole('textbox', { name: 'Código SIE' }).fill(String(special));
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('detail-status').waitFor();
    await page.getByRole('button', { name: 'Consolidar Operativo de Validación' }).waitFor();
    await page.context().close();
  });

  it('an administrator opens a regular school the demo consolidated and downloads its report', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    let school: PaidInstitutionState | null = null;
    for (let p = 1; p <= 10 && !school; p++) {
      const done = await apiGet<TrackingPage>(
        page,
        `/api/v1/tracking/departments/2/institutions?status=CONCLUIDO&page=${p}`,
      );
      for (const row of done.items) {
        const state = await apiGet<PaidInstitutionState>(
          page,
          `/api/v1/paid-validation/institutions/${row.institutionId}`,
        );
        if (state.consolidation && state.codeType === 1 && state.counts.undelivered > 0) {
          school = state;
          break;
        }
      }
    }
    expect(school).not.toBeNull();
    await page.goto(`${baseUrl()}/paid-report/admin-report?sie=${school!.sie}`);
    await page.getByTestId('paid-report').waitFor();
    expect(await page.getByTestId('saldo').textContent()).toBe(
      formatSaldo(school!.amountPerStudent * school!.counts.undelivered),
    );
    await page.getByTestId('paid-titulars').waitFor();
    await screenshot(page, 'paid-validation-admin-report');
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Descargar Reporte', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^REPORTE_VALIDACION_PAGADOS_2025_\d{14}\.pdf$/);
    const file = await download.path();
    copyFileSync(file, path.join(screenshotsDir, 'paid-validation-report-ue.pdf'));
    expect(firstPageInk(file, 'paid-validation-report-ue')).toBeGreaterThan(0.01);
    await page.context().close();
  });

  it("an administrator reopens a consolidated holder list with 'Habilitar SIE'", async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    const done = await apiGet<TrackingPage>(
      page,
      '/api/v1/tracking/departments/2/institutions?status=CONCLUIDO',
    );
    const school = done.items[0]!.institutionId;
    await page.goto(`${baseUrl()}/config/enabled`);
    await page.getByRole('textbox', { name: 'Código SIE' }).fill(String(school));
    await page
      .getByRole('textbox', { name: 'Motivo de la habilitación' })
      .fill('Corrección de titulares pedida por la dirección distrital.');
    await page.getByRole('button', { name: 'Habilitar SIE', exact: true }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Habilitación exitosa').first().waitFor();
    const history = await apiGet<EnablingPage>(page, '/api/v1/enabling?kind=holders');
    expect(history.items[0]).toMatchObject({ sie: school, kind: 'holders' });
    const holders = await apiGet<{ consolidatedAt: string | null }>(
      page,
      `/api/v1/holders/institutions/${school}`,
    );
    expect(holders.consolidatedAt).toBeNull();
    await screenshot(page, 'enabling-sie');
    await page.context().close();
  });
});
