import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, login, newPage, screenshot, submitLogin } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/** Each demo profile lands on its page and sees exactly its menu. */
const profiles = [
  {
    username: 'admin',
    type: 1,
    home: '/',
    sees: ['Dashboard', 'Paramétricas', 'Reportes', 'Bloqueo Estudiantes', 'Control Sincronización'],
    notSees: [],
  },
  {
    username: 'ministerio',
    type: 1,
    home: '/',
    sees: ['Dashboard', 'Reportes', 'Seguimiento'],
    notSees: ['Sincronizar', 'Bloqueo Estudiantes'],
  },
  {
    username: 'depto',
    type: 2,
    home: '/seguimiento/depto/user',
    sees: ['Seguimiento Departamental', 'Registro Titulares', 'Baja Beneficiario', 'Reporte Departamental'],
    notSees: ['Dashboard', 'Titulares', 'Solicitar Ajustes'],
  },
  {
    username: 'distrito',
    type: 2,
    home: '/seguimiento/district/user',
    sees: ['Seguimiento Distrital', 'Registro Titulares', 'Reporte Distrital'],
    notSees: ['Dashboard', 'Baja Beneficiario'],
  },
  {
    username: 'director',
    type: 2,
    home: '/tutors/principal',
    sees: ['Titulares', 'Validación Pagados', 'Reporte UE/CEE'],
    notSees: ['Dashboard', 'Seguimiento'],
  },
  {
    username: 'otro',
    type: 2,
    home: '/',
    sees: ['No tiene opciones asignadas'],
    notSees: ['Dashboard', 'Titulares'],
  },
] as const;

describe('login and menus', () => {
  for (const profile of profiles) {
    it(`${profile.username} lands on ${profile.home} with its menu`, async () => {
      const page = await newPage(browser);
      await login(page, profile.username, profile.type);
      await page.waitForURL((url) => url.pathname === profile.home);
      const nav = page.getByRole('navigation');
      // The menu is drawn once the lazy layout has loaded: wait for each entry before the absences count.
      for (const label of profile.sees) await nav.getByText(label, { exact: false }).first().waitFor();
      for (const label of profile.notSees)
        await expect(nav.getByText(label, { exact: true }).count()).resolves.toBe(0);
      await screenshot(page, `menu-${profile.username}`);
      await page.context().close();
    });
  }

  it('refuses wrong credentials with the specification message', async () => {
    const page = await newPage(browser);
    await submitLogin(page, 'admin', 1, 'incorrecta');
    // The form's alert stays; a notification with the same text may show beside it.
    await page.getByTestId('login-error').getByText('Credenciales no válidas!').waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await page.context().close();
  });

  it('sends a visitor without a session to the login page, and unknown routes to a 404', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/reports/national`);
    await page.waitForURL(/\/auth\/login/);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/no/existe`);
    await page.getByText('Página no encontrada').waitFor();
    await page.context().close();
  });

  it('shows the test-environment banner and logs out with Salir', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.getByText('AMBIENTE DE PRUEBAS').first().waitFor();
    await page
      .getByRole('button', { name: /admin|Administrador/i })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Salir' }).click();
    await page.waitForURL(/\/auth\/login/);
    await page.goto(`${baseUrl()}/`);
    await page.waitForURL(/\/auth\/login/);
    await page.context().close();
  });

  it('collapses the sidebar into a burger on a narrow screen', async () => {
    const page = await newPage(browser, { width: 800, height: 900 });
    await login(page, 'admin', 1);
    const burger = page.getByRole('button', { name: /menú|menu/i }).first();
    await burger.click();
    await page.getByRole('navigation').getByText('Dashboard').first().waitFor();
    await screenshot(page, 'mobile-menu');
    await page.context().close();
  });
});
