import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, login, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: 'text/csv',
  buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
});

async function chooseKind(page: Page, kind: string) {
  await page.getByRole('textbox', { name: 'Tipo de archivo' }).click();
  await page.getByRole('option', { name: kind }).click();
}

// Only the districts file is imported here: the suite shares one server, and a roll or a payment
// file would change the students and payments other files test. The API tests cover every kind.
describe("'Importar Datos'", () => {
  it('checks a districts file, shows its counts and errors, and imports it on Confirmar', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${new URL(page.url()).origin}/admin/imports`);
    await chooseKind(page, 'Distritos');
    await page.getByRole('heading', { name: 'Nómina 1 de 3: distritos' }).waitFor();
    await page
      .locator('input[type="file"]')
      .setInputFiles(
        csvFile('distritos.csv', [
          'COD_DEPARTAMENTO;COD_DISTRITO;DISTRITO',
          'PN;9901;Filadelfia',
          'XX;9902;Sin departamento',
        ]),
      );
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    await page.getByRole('heading', { name: 'Revisión de distritos.csv' }).waitFor();
    const counts = page.getByRole('row', { name: /Distritos nuevos/ });
    await expect.poll(() => counts.textContent()).toContain('1');
    await page.getByText(/Línea 3, COD_DEPARTAMENTO: departamento no válido/).waitFor();
    await screenshot(page, 'imports-districts-dry-run');

    await page.getByRole('button', { name: 'Confirmar' }).click();
    await page
      .getByRole('dialog')
      .getByText('Se crearán 1 distritos y se actualizarán 0.', { exact: false })
      .waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText(/Importación terminada: 1 distritos nuevos/).waitFor({ timeout: 30_000 });
    const history = page.getByRole('row', { name: /distritos\.csv/ }).first();
    await expect.poll(() => history.textContent()).toMatch(/Distritos.*Importado/);
    await screenshot(page, 'imports-districts-done');
    // No roll was imported on this server: the review list says so, and its filter answers.
    await page.getByRole('heading', { name: /Estudiantes retirados \(0\)/ }).waitFor();
    await page.getByText('Ninguna nómina importada dejó fuera a estudiantes inscritos.').waitFor();
    await page.getByRole('textbox', { name: 'RUDE o código SIE' }).fill('20010032');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('Ningún estudiante retirado cumple el filtro.').waitFor();
    await page.close();
  });

  it('refuses a roll file with the wrong columns, in Spanish, and writes nothing', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await login(page, 'admin', 1);
    await page.goto(`${new URL(page.url()).origin}/admin/imports`);
    await chooseKind(page, 'Nómina de estudiantes');
    await page
      .locator('input[type="file"]')
      .setInputFiles(csvFile('nomina.csv', ['RUDE;NOMBRES', 'A1;Luis']));
    await page.getByRole('button', { name: 'Revisar archivo' }).click();
    const dialog = page.getByRole('dialog', { name: 'El archivo no se puede importar' });
    await dialog
      .getByText(/Las columnas del archivo no son las esperadas \(faltan: GESTION, SIE/)
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'imports-roll-refused-phone');
    await dialog.getByRole('button', { name: 'Aceptar' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: /nomina\.csv/ })
          .first()
          .textContent(),
      )
      .toMatch(/Fallido/);
    await page.close();
  });
});
