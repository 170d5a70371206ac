import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  baseUrl,
  DEMO_PASSWORD,
  launchBrowser,
  login,
  newPage,
  screenshot,
} from './support/browser.js';

/**
 * The second round of console details (decision 056): toasts that never cover a control, one main
 * landmark, switches that stay in their cells, choices a second click does not clear, the forms'
 * Activo switch, the participants in the event menu, the school selector, the public form's double
 * click and first error, and a role change that reaches the menu without a new login.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const laptop = { width: 1366, height: 768 };
const phone = { width: 390, height: 844 };
const sizes = [
  { name: 'laptop', viewport: laptop },
  { name: 'phone', viewport: phone },
];

/** Runs in the page: the visible controls a shown toast overlaps, by their accessible text. */
function controlsUnderToasts(): string[] {
  const toasts = [...document.querySelectorAll('.mantine-Notification-root')].map((t) =>
    t.getBoundingClientRect(),
  );
  const controls = document.querySelectorAll<HTMLElement>(
    'button, a[href], input:not([type="hidden"]), select, textarea, [role="switch"], [role="combobox"], [role="tab"]',
  );
  const hits: string[] = [];
  for (const control of controls) {
    if (control.closest('.mantine-Notification-root')) continue;
    // The programme's name in the header is a link home, as the menu's 'Dashboard' is; on a phone the
    // toast lies over it, between the burger and the user menu (decision 056).
    if (control.closest('header') && control.getAttribute('href') === '/') continue;
    const r = control.getBoundingClientRect();
    const style = getComputedStyle(control);
    if (r.width < 2 || r.height < 2 || style.visibility === 'hidden' || style.opacity === '0') continue;
    if (r.bottom <= 0 || r.top >= window.innerHeight) continue;
    const name = control.getAttribute('aria-label') || control.innerText.trim() || control.tagName;
    // What a click at its centre reaches: the toasts' layer (a toast, or one of Mantine's position
    // containers stretched over the page) is a hit; another element (a modal's overlay, a closed
    // drawer) means the control is not reachable anyway.
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (top?.closest('.mantine-Notifications-root')) {
      hits.push(name);
      continue;
    }
    if (!(top === control || control.contains(top))) continue;
    for (const t of toasts) {
      const overlaps = r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top;
      if (overlaps) hits.push(name);
    }
  }
  return hits;
}

async function expectToastCoversNothing(page: Page) {
  await page.locator('.mantine-Notification-root').first().waitFor();
  // Measured once the toast has finished entering.
  await page.waitForTimeout(300);
  expect(await page.evaluate(controlsUnderToasts)).toEqual([]);
}

/** The public page of the demo's active Potosí workshop (radio, time and number fields). */
async function demoEventId(page: Page): Promise<number> {
  const events = await apiGet<{ items: Array<{ id: number; title: string; enrolled: number }> }>(
    page,
    `/api/v1/events?tab=active&search=${encodeURIComponent('Taller de Gestión Educativa 2025')}`,
  );
  return events.items[0]!.id;
}

async function fillPublicForm(page: Page, ci: string) {
  const choose = async (label: string, option: string) => {
    await page.getByRole('textbox', { name: label }).click();
    await page.getByRole('option', { name: option }).first().click();
  };
  await page.getByLabel(/^CI/).fill(ci);
  await page.getByLabel('Apellido Paterno').fill('Condori');
  await page.getByLabel('Apellido Materno').fill('Mamani');
  await page.getByLabel('Nombre(s)').fill('Rosa');
  await page.getByLabel('Celular/Teléfono').fill('71234567');
  await page.getByLabel('Correo Electrónico').fill('rosa@example.com');
  await choose('Ocupación', 'Docente');
  await choose('Institución', 'Unidad Educativa');
  await page.getByLabel('Cargo').fill('Profesora');
  await page.getByLabel('Fecha de Nacimiento').fill('1988-05-10');
  await page.getByLabel('Cargo').click();
  await choose('Departamento', 'Potosí');
  await page.getByRole('radio', { name: 'Tarde' }).check();
  await page.getByLabel('Hora de llegada').fill('08:30');
  await page.getByLabel('Años de servicio').fill('12');
}

describe('console details', () => {
  it('has one main landmark on the console, the login and the public pages', async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/auth/login`);
    await page.getByLabel('Usuario').waitFor();
    expect(await page.locator('main, [role="main"]').count()).toBe(1);
    await login(page, 'admin', 1);
    await page.getByText('Estudiantes pagados por sistema', { exact: true }).waitFor();
    expect(await page.locator('main, [role="main"]').count()).toBe(1);
    await page.goto(`${baseUrl()}/public/enrollment/${await demoEventId(page)}`);
    await page.getByRole('button', { name: 'Registrar Inscripción' }).waitFor();
    expect(await page.locator('main, [role="main"]').count()).toBe(1);
    await page.context().close();
  });

  it('keeps the users table and the periods inside their cards at 1366 px, also after a switch is clicked', async () => {
    const page = await newPage(browser, laptop);
    await login(page, 'admin', 1);
    for (const [path, table] of [
      ['/config/users', 'Lista de Usuarios'],
      ['/config/kind-event', 'Periodos y Etapas'],
    ] as const) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { name: table }).waitFor();
      await page.getByRole('switch').first().waitFor();
      const overflow = () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLElement>('[data-wide-table]')].map((b) => ({
            extra: b.scrollWidth - b.clientWidth,
            scrolled: b.scrollLeft,
          })),
        );
      for (const box of await overflow()) expect(box.extra).toBeLessThanOrEqual(1);
      // The switch takes focus when clicked: the table must not scroll sideways to show anything.
      await page.getByRole('switch').first().click({ force: true });
      await page.getByRole('button', { name: 'Cancelar' }).click();
      for (const box of await overflow()) expect(box.scrolled).toBe(0);
    }
    await page.context().close();
  });

  it("does not clear 'VIGENTE' when the chosen option is clicked again", async () => {
    const page = await newPage(browser, laptop);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/config/kind-event`);
    await page.getByRole('button', { name: 'Establecer Fechas Generales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Periodo y Etapa' });
    const state = dialog.getByRole('textbox', { name: 'Estado' });
    await expect.poll(() => state.inputValue()).toBe('VIGENTE');
    await state.click();
    await page.getByRole('option', { name: 'VIGENTE', exact: true }).click();
    expect(await state.inputValue()).toBe('VIGENTE');
    await page.context().close();
  });

  it("lists the enrollment forms with the specification's Activo switch", async () => {
    const page = await newPage(browser, laptop);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/events/enrollments`);
    const table = page.getByTestId('forms-table');
    await table.getByRole('row').nth(1).waitFor();
    expect(await table.getByRole('columnheader', { name: 'Activo' }).count()).toBe(1);
    const rows = (await table.getByRole('row').count()) - 1;
    expect(await table.getByRole('switch', { name: /^Activo / }).count()).toBe(rows);
    await screenshot(page, 'details-forms-activo');
    await page.context().close();
  });

  it("opens an event's participants from its menu", async () => {
    const page = await newPage(browser, laptop);
    await login(page, 'admin', 1);
    const id = await demoEventId(page);
    await page.goto(`${baseUrl()}/events/list?tab=active`);
    await page.getByRole('button', { name: `Más acciones del evento ${id}` }).click();
    await page.getByRole('menuitem', { name: 'Participantes' }).click();
    await page.waitForURL(`**/events/list/${id}/participants`);
    await page.context().close();
  });

  it("lists the director's schools when the selector is opened with one chosen", async () => {
    const page = await newPage(browser, laptop);
    await login(page, 'director', 2);
    await page.goto(`${baseUrl()}/events/institution`);
    const select = page.getByRole('textbox', { name: 'Unidad educativa' });
    await expect.poll(() => select.inputValue()).toMatch(/^\d+ - /);
    await select.click();
    await expect.poll(() => page.getByRole('option').count()).toBeGreaterThanOrEqual(2);
    expect(await page.getByText('Sin resultados').count()).toBe(0);
    await page.context().close();
  });

  for (const size of sizes) {
    it(`shows the public form's refusal beside its button, scrolled to the first marked field (${size.name})`, async () => {
      const page = await newPage(browser, size.viewport);
      const admin = await newPage(browser);
      await login(admin, 'admin', 1);
      await page.goto(`${baseUrl()}/public/enrollment/${await demoEventId(admin)}`);
      const send = page.getByRole('button', { name: 'Registrar Inscripción' });
      await send.scrollIntoViewIfNeeded();
      await send.click();
      const refusal = page.getByTestId('submit-error');
      await refusal.getByText('Falla en la inscripción!').waitFor();
      await refusal.getByText('Revise los campos marcados.').waitFor();
      // The first marked field (CI) is on screen and has the focus.
      const ci = page.getByLabel(/^CI/);
      await expect.poll(() => ci.evaluate((el) => el === document.activeElement)).toBe(true);
      const box = (await ci.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(size.viewport.height);
      expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
      await screenshot(page, `details-public-refused-${size.name}`);
      await admin.context().close();
      await page.context().close();
    });

    it(`places toasts where they cover no control (${size.name})`, async () => {
      const page = await newPage(browser, size.viewport);
      await login(page, 'admin', 1);
      // 'Buscar' with an empty code: the specification's toast ('Ingrese un código SIE').
      await page.goto(`${baseUrl()}/reports/institution`);
      await page.getByRole('button', { name: 'Buscar' }).click();
      await expectToastCoversNothing(page);
      await screenshot(page, `details-toast-${size.name}`);
      await page.context().close();
    });
  }

  it('sends one enrollment for a double click on the public form, and confirms it', async () => {
    const page = await newPage(browser, phone);
    const admin = await newPage(browser);
    await login(admin, 'admin', 1);
    const id = await demoEventId(admin);
    await page.goto(`${baseUrl()}/public/enrollment/${id}`);
    const ci = String(60_000_000 + (Date.now() % 9_000_000));
    await fillPublicForm(page, ci);
    const posts: number[] = [];
    page.on('response', (r) => {
      if (r.request().method() === 'POST' && r.url().endsWith(`/public/events/${id}/enrollments`))
        posts.push(r.status());
    });
    // Both clicks in one task, before the button can be drawn busy.
    await page.getByRole('button', { name: 'Registrar Inscripción' }).evaluate((b: HTMLButtonElement) => {
      b.click();
      b.click();
    });
    await page.getByRole('status').filter({ hasText: 'Inscripción Exitosa' }).waitFor();
    expect(posts).toEqual([201]);
    expect(await page.getByText('Falla en la inscripción!').count()).toBe(0);
    await screenshot(page, 'details-public-enrolled');
    const participants = await apiGet<{ items: Array<{ document: string }> }>(
      admin,
      `/api/v1/events/${id}/participants?q=${ci}`,
    );
    expect(participants.items.filter((p) => p.document === ci)).toHaveLength(1);
    await admin.context().close();
    await page.context().close();
  });

  it('says why an administrator cannot switch off their own access', async () => {
    const page = await newPage(browser, laptop);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/config/users`);
    await page.getByPlaceholder(/Buscar/).fill('admin');
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'admin', exact: true }) });
    await row.getByRole('switch').click({ force: true });
    await page.getByRole('button', { name: 'Continuar' }).click();
    const dialog = page.getByRole('dialog', { name: 'No se pudo cambiar el estado del usuario!' });
    await dialog.getByText('No puede desactivar su propio usuario.').waitFor();
    await page.context().close();
  });

  it("brings a role change to the user's open menu without a new login", async () => {
    const admin = await newPage(browser);
    await login(admin, 'admin', 1);
    const staff = await apiGet<{ items: Array<{ id: number; username: string }> }>(
      admin,
      '/api/v1/users?tab=ministry&search=ministerio',
    );
    const target = staff.items.find((u) => u.username === 'ministerio')!;
    const setRoles = (roles: string[]) =>
      admin.evaluate(
        async ({ id, roles }) => {
          const res = await fetch(`/api/v1/users/${id}/roles`, {
            method: 'PUT',
            headers: {
              authorization: `Bearer ${localStorage.getItem('token')}`,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ roles }),
          });
          return res.status;
        },
        { id: target.id, roles },
      );
    const page = await newPage(browser, laptop);
    await page.clock.install();
    try {
      await login(page, 'ministerio', 1, DEMO_PASSWORD);
      const menu = page.getByRole('navigation', { name: 'Menú principal' });
      await menu.getByText('Dashboard').waitFor();
      expect(await menu.getByText('Sincronizar', { exact: true }).count()).toBe(0);
      expect(await setRoles(['Administrador'])).toBe(200);
      // The user comes back to the tab a few minutes later: the console asks who they are now.
      await page.clock.fastForward('05:01');
      await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
      await menu.getByText('Sincronizar', { exact: true }).waitFor();
    } finally {
      expect(await setRoles([])).toBe(200);
      await page.context().close();
      await admin.context().close();
    }
  });
});
