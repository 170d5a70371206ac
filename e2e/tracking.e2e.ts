import type { TrackingOverview, TrackingPlace } from '@bjp/domain';
import { formatCount } from '@bjp/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('tracking', () => {
  it('a district user lands on their tracking and filters PENDIENTE', async () => {
    const page = await newPage(browser);
    await login(page, 'distrito', 2);
    await page.waitForURL(/\/seguimiento\/district\/user$/);
    const place = await apiGet<TrackingPlace>(page, '/api/v1/tracking/me/district');
    const overview = await apiGet<TrackingOverview>(page, `/api/v1/tracking/districts/${place.id}`);
    await page.getByTestId('tracking-place').getByText(place.name).waitFor();
    expect(await page.getByTestId('tracking-pending').innerText()).toBe(formatCount(overview.counts.pending));
    // Waited for from before the click: a fast answer could otherwise come before the wait began.
    const filtered = page.waitForResponse(
      (r) => r.url().includes('/institutions?') && r.url().includes('status=PENDIENTE'),
    );
    await page.getByText('PENDIENTE', { exact: true }).first().click();
    await filtered;
    const table = page.getByTestId('tracking-table');
    await table.getByText(`de ${formatCount(overview.counts.pending)}`).waitFor();
    const states = await table.locator('tbody tr td:last-child').allInnerTexts();
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(['PENDIENTE']));
    await screenshot(page, 'tracking-district-user');
    await page.context().close();
  });

  it('an administrator searches a department and can change it', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/seguimiento/depto/admin`);
    await page.getByLabel('Código de Departamento').fill('2');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByTestId('tracking-place').getByText('La Paz').waitFor();
    await page.getByTestId('tracking-table').locator('tbody tr').nth(9).waitFor();
    await screenshot(page, 'tracking-department-admin');
    await page.getByRole('button', { name: 'Cambiar Departamento' }).click();
    await page.getByLabel('Código de Departamento').waitFor();
    await page.context().close();
  });
});
