import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, newPage, reopenHolders, screenshot } from './support/browser.js';
import { freshIdentity, loadSegipRegistry } from './support/holders.js';

/**
 * Issue 16: from the login page to a registered titular with the keyboard alone. Locators only
 * find what should have the focus and read the result; every action is a key press or typing.
 */

type Mine = { items: Array<{ sie: number; name: string; codeType: number }> };
type Student = {
  inscriptionId: number;
  name: string;
  paterno: string;
  status: string;
  editBlocker: string | null;
};
type Courses = { levels: Array<{ courses: Array<{ courseId: number; label: string }> }> };
type Modal = { guardians: Array<{ carnet: string; selected: boolean }> };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await loadSegipRegistry();
});
afterAll(() => browser?.close());

async function focusDescription(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement;
    const name = e?.getAttribute('aria-label') ?? e?.textContent?.trim().slice(0, 40) ?? '';
    return `${e?.tagName ?? '—'} "${name}"`;
  });
}

/** Presses Tab (or Shift+Tab) until the target has the focus; fails if it never gets it. */
async function tabTo(page: Page, target: Locator, back = false): Promise<void> {
  await target.waitFor();
  for (let i = 0; i < 80; i++) {
    const has = await target.evaluate(
      (el) => el === document.activeElement || el.contains(document.activeElement),
    );
    if (has) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`the focus never reached the target; it is on ${await focusDescription(page)}`);
}

/** A Mantine Select: focus it, open with ArrowDown, move to the option, choose with Enter. */
async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  const field = scope.getByRole('textbox', { name: label });
  await tabTo(page, field);
  await page.keyboard.press('ArrowDown');
  const wanted = page.getByRole('option', { name: option, exact: true });
  await wanted.waitFor();
  for (let i = 0; i < 40 && (await wanted.getAttribute('data-combobox-selected')) === null; i++) {
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await expect.poll(() => field.inputValue()).toBe(option);
}

/** The first course whose first page has a student without titular the director may change. */
async function pendingStudent(page: Page, sie: number): Promise<{ course: string; student: Student }> {
  const courses = await apiGet<Courses>(page, `/api/v1/institutions/${sie}/courses`);
  for (const course of courses.levels.flatMap((l) => l.courses)) {
    const list = await apiGet<{ items: Student[] }>(
      page,
      `/api/v1/holders/institutions/${sie}/students?course=${course.courseId}`,
    );
    const student = list.items.find((s) => s.status === 'pending' && s.editBlocker === null);
    if (student) return { course: course.label, student };
  }
  throw new Error(`no pending student in ${sie}`);
}

describe('keyboard only', () => {
  it('a director logs in and registers a new titular for a student without the mouse', async () => {
    const page = await newPage(browser, { width: 1366, height: 768 });
    const keys = page.keyboard;
    await page.goto(`${baseUrl()}/auth/login`);

    // Login: 'Usuario' has the focus on arrival (once the form's code has arrived: typing before it
    // would be lost); 'Tipo' keeps its default (Director / SIE).
    const username = page.getByLabel('Usuario');
    await username.waitFor();
    await expect.poll(() => username.evaluate((e) => e === document.activeElement)).toBe(true);
    await keys.type('director');
    await keys.press('Tab');
    await keys.type('Demo2025!');
    await tabTo(page, page.getByRole('button', { name: 'Ingresar' }));
    await keys.press('Enter');
    await page.waitForURL((url) => !url.pathname.startsWith('/auth/login'));
    const school = (await apiGet<Mine>(page, '/api/v1/institutions/mine')).items.find(
      (i) => i.codeType === 1,
    )!;
    // An earlier file may have consolidated the school (its students can then no longer change).
    expect([200, 409]).toContain(
      await reopenHolders(browser, school.sie, 'Reapertura para la prueba de teclado'),
    );

    // The first Tab of a page is the skip link; the menu follows it. The console's shell is loaded
    // on its own after the login: Tab before it arrives would land on the empty body.
    await page.getByText('Saltar al contenido').waitFor({ state: 'attached' });
    await page.getByRole('navigation').first().waitFor();
    await keys.press('Tab');
    expect(await focusDescription(page)).toContain('Saltar al contenido');
    const menuLink = page.getByRole('link', { name: 'Registro Titulares' });
    if (!(await menuLink.isVisible())) {
      await tabTo(page, page.getByRole('navigation').getByRole('button', { name: 'Titulares' }));
      await keys.press('Enter');
    }
    await tabTo(page, menuLink);
    await keys.press('Enter');
    await page.waitForURL(/\/tutors\/principal$/);

    // The school, typed into the searchable list and chosen with the arrows.
    await tabTo(page, page.getByRole('textbox', { name: 'Seleccione Institución' }));
    await keys.type(school.name.slice(0, 20));
    await keys.press('ArrowDown');
    await keys.press('Enter');
    await page.getByTestId('institution-card').getByText(school.name).waitFor();

    const { course, student } = await pendingStudent(page, school.sie);
    await tabTo(
      page,
      page.getByTestId('course-menu').getByRole('button', { name: new RegExp(`^${course}`) }),
    );
    await keys.press('Enter');
    const pending = page
      .getByTestId('students-table')
      .getByRole('button', { name: `Pendiente: ${student.name} ${student.paterno}` });
    await tabTo(page, pending);
    await keys.press('Enter');

    const dialog = page.getByRole('dialog', { name: 'Actualización y/o Registro de Titular' });
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Adicionar Titular' }));
    await keys.press('Enter');

    // The add view gives the focus to the document field; Enter searches.
    const person = freshIdentity();
    const addDialog = page.getByRole('dialog', { name: 'Adicionar Nuevo Titular' });
    const documentField = addDialog.getByRole('textbox', { name: 'Documento de identidad' });
    await expect.poll(() => documentField.evaluate((el) => el === document.activeElement)).toBe(true);
    await keys.type(person.carnet);
    await keys.press('Enter');
    await addDialog.getByText('No se encontró el documento').waitFor();

    await chooseOption(page, addDialog, 'Parentesco', person.gender === 2 ? 'MADRE' : 'PADRE');
    await tabTo(page, addDialog.getByRole('textbox', { name: 'Paterno' }));
    await keys.type(person.paterno);
    await tabTo(page, addDialog.getByRole('textbox', { name: 'Materno' }));
    await keys.type(person.materno);
    await tabTo(page, addDialog.getByRole('textbox', { name: 'Nombres' }));
    await keys.type(person.name);
    // The birth date is typed as on the identity card.
    const [year, month, day] = person.birthDate.split('-');
    const birth = addDialog.getByRole('textbox', { name: 'Fecha de nacimiento' });
    await tabTo(page, birth);
    await keys.type(`${day}/${month}/${year}`);
    await keys.press('Escape');
    await expect.poll(() => birth.inputValue()).toBe(`${day}/${month}/${year}`);
    await chooseOption(page, addDialog, 'Género', person.gender === 2 ? 'Femenino' : 'Masculino');
    await chooseOption(page, addDialog, 'Extranjero', 'No');
    await screenshot(page, 'keyboard-new-titular-form');
    await tabTo(page, addDialog.getByRole('button', { name: 'Nuevo Titular' }));
    await keys.press('Enter');

    // Back in the list the focus is on 'Adicionar Titular'; the new row's switch is behind it.
    await dialog.getByTestId('guardians-table').getByRole('cell', { name: person.carnet }).waitFor();
    const selection = dialog.getByRole('switch', {
      name: new RegExp(`Seleccionar titular ${person.name}`),
    });
    await tabTo(page, selection, true);
    await keys.press('Space');
    await expect.poll(() => selection.isChecked()).toBe(true);
    await tabTo(page, dialog.getByRole('button', { name: 'Registrar' }));
    await keys.press('Enter');
    const confirmation = page.getByRole('dialog').filter({ hasText: '¿Está Seguro?' });
    await tabTo(page, confirmation.getByRole('button', { name: 'Continuar' }));
    await keys.press('Enter');
    await dialog.waitFor({ state: 'hidden' });

    // Saved: the server has the titular selected, and the list shows the student registered.
    const saved = await apiGet<Modal>(
      page,
      `/api/v1/holders/institutions/${school.sie}/inscriptions/${student.inscriptionId}/titulars`,
    );
    expect(saved.guardians.find((g) => g.selected)?.carnet).toBe(person.carnet);
    await page
      .getByTestId('students-table')
      .getByRole('button', { name: `Registrado: ${student.name} ${student.paterno}` })
      .waitFor();
    await screenshot(page, 'keyboard-titular-registered');
    await page.context().close();
  });
});
