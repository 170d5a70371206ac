import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('public status page', () => {
  it('answers without login, and says not found for unknown data', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/public/consulta`);
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByText('Ingrese RUDE estudiante').waitFor();
    await page.getByLabel('Código RUDE').fill('00000000000000');
    await page.getByLabel('Fecha de nacimiento').fill('2015-01-01');
    await page.getByRole('button', { name: 'Consultar' }).click();
    await page.getByText('No se encontró un estudiante con los datos ingresados.').waitFor();
    await screenshot(page, 'public-status');
    await page.context().close();
  });
});
