import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type UserRow = { id: number; username: string; hasAccess: boolean };
type UserPage = { items: UserRow[]; total: number };

/** Confirms the open '¿Está Seguro?' dialog and waits until it is gone, so the next one is a new dialog. */
async function confirm(page: Page) {
  const dialog = page.getByRole('dialog').filter({ hasText: '¿Está Seguro?' });
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await dialog.waitFor({ state: 'detached' });
}

describe('users', () => {
  it('an administrator turns a director’s access off and on, and the list follows', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    // A staff account, not the demo 'director' other browser tests log in with.
    const principals = await apiGet<UserPage>(page, '/api/v1/users?tab=principals');
    const target = principals.items.find((u) => u.username !== 'director' && u.hasAccess)!;
    const accessOf = async () =>
      (await apiGet<UserPage>(page, `/api/v1/users?tab=principals&search=${target.username}`)).items.find(
        (u) => u.id === target.id,
      )?.hasAccess;

    await page.goto(`${baseUrl()}/config/users`);
    await page.getByText('Lista de Usuarios').first().waitFor();
    await page.getByRole('tab', { name: 'Directores UE' }).click();
    await page.getByPlaceholder(/Buscar/).fill(target.username);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: target.username, exact: true }) });
    await row.getByRole('switch').click({ force: true });
    await confirm(page);
    await expect.poll(accessOf).toBe(false);
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(false);
    await screenshot(page, 'users-access-off');
    await row.getByRole('switch').click({ force: true });
    await confirm(page);
    await expect.poll(accessOf).toBe(true);
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(true);
    await page.context().close();
  });

  it('shows the real roles of a user in the roles dialog', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/config/users`);
    await page.getByPlaceholder(/Buscar/).fill('admin');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog', { name: 'Roles' });
    await dialog.waitFor();
    expect(await dialog.getByRole('switch', { name: /^Administrador/ }).isChecked()).toBe(true);
    expect(await dialog.getByRole('switch', { name: /^Root/ }).isChecked()).toBe(false);
    await screenshot(page, 'users-roles');
    await page.context().close();
  });
});
