import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';
import {
  addNewTitular,
  freshIdentity,
  loadSegipRegistry,
  type SegipIdentity,
  selectAndRegister,
  selectOption,
} from './support/holders.js';

type Student = {
  inscriptionId: number;
  name: string;
  paterno: string;
  status: string;
  editBlocker: string | null;
};
type Courses = { codeType: number; levels: Array<{ courses: Array<{ courseId: number; label: string }> }> };
type Modal = { guardians: Array<{ carnet: string; selected: boolean }> };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await loadSegipRegistry();
});
afterAll(() => browser?.close());

/** The first course (or the whole special centre) whose first page has a pending student the user can open. */
async function findPendingStudent(
  page: Page,
  sie: number,
): Promise<{ course: string | null; student: Student }> {
  const courses = await apiGet<Courses>(page, `/api/v1/institutions/${sie}/courses`);
  const targets = courses.codeType === 4 ? [null] : courses.levels.flatMap((l) => l.courses);
  for (const course of targets) {
    const query = course ? `?course=${course.courseId}` : '';
    const list = await apiGet<{ items: Student[] }>(
      page,
      `/api/v1/holders/institutions/${sie}/students${query}`,
    );
    const student = list.items.find((s) => s.status === 'pending' && s.editBlocker === null);
    if (student) return { course: course?.label ?? null, student };
  }
  throw new Error(`no pending student in ${sie}`);
}

/** 'Adicionar Titular' → a new document → 'Datos Titular' (the missing 'Extranjero' marked, then cleared) → 'Nuevo Titular'. */
async function registerNewTitular(page: Page, person: SegipIdentity) {
  await addNewTitular(page, person, {
    checkMissingMark: true,
    beforeSaving: () => screenshot(page, 'holders-new-titular-form'),
  });
}

/** 'Consolidar Estudiantes' → pending list → confirmation → the report button → the declaration PDF. */
async function consolidateAndDownload(page: Page, name: string) {
  await page.getByRole('button', { name: 'Consolidar Estudiantes' }).click();
  const pending = page.getByRole('dialog', { name: 'Estudiantes pendientes' });
  await pending.waitFor();
  await screenshot(page, `${name}-pending`);
  await pending.getByRole('button', { name: 'Consolidar', exact: true }).click();
  await page.getByRole('button', { name: 'Continuar' }).click();
  try {
    await page.getByText('Se consolido las listas exitosamente').waitFor();
  } finally {
    await screenshot(page, `${name}-after-confirm`);
  }
  const report = page.getByRole('button', { name: 'Reporte Declaración Jurada' });
  await report.waitFor();
  expect(await page.getByRole('button', { name: 'Consolidar Estudiantes' }).count()).toBe(0);
  const [download] = await Promise.all([page.waitForEvent('download'), report.click()]);
  expect(download.suggestedFilename()).toMatch(/^DDJJ_TITULARES_\d+_\d{14}\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await screenshot(page, `${name}-consolidated`);
}

describe('holder registration', () => {
  it('a director registers a new titular, adds an existing one, changes a relationship, removes one, consolidates and downloads the declaration', async () => {
    const page = await newPage(browser);
    await login(page, 'director', 2);
    await page.goto(`${baseUrl()}/tutors/principal`);
    const mine = await apiGet<{ items: Array<{ sie: number; name: string; codeType: number }> }>(
      page,
      '/api/v1/institutions/mine',
    );
    const school = mine.items.find((i) => i.codeType === 1)!;
    await page.getByRole('textbox', { name: 'Seleccione Institución' }).click();
    await page.getByRole('option', { name: new RegExp(school.name) }).click();
    await page.getByTestId('institution-card').getByText(school.name).waitFor();

    const { course, student } = await findPendingStudent(page, school.sie);
    await page
      .getByTestId('course-menu')
      .getByRole('button', { name: new RegExp(`^${course}`) })
      .first()
      .click();
    await page.getByTestId('students-table').getByRole('row').nth(1).waitFor();
    await screenshot(page, 'holders-director-list');
    await page.getByRole('button', { name: `Pendiente: ${student.name} ${student.paterno}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('RUDE').first().waitFor();

    const person = freshIdentity();
    await registerNewTitular(page, person);

    // An existing person: another student's titular, found by document and added with a relationship.
    const registered = (
      await apiGet<{ items: Student[] }>(page, `/api/v1/holders/institutions/${school.sie}/students`)
    ).items.find((s) => s.status === 'registered')!;
    const existing = (
      await apiGet<Modal>(
        page,
        `/api/v1/holders/institutions/${school.sie}/inscriptions/${registered.inscriptionId}/titulars`,
      )
    ).guardians[0]!.carnet;
    await dialog.getByRole('button', { name: 'Adicionar Titular' }).click();
    await dialog.getByRole('textbox', { name: 'Documento de identidad' }).fill(existing);
    await dialog.getByRole('button', { name: 'Buscar' }).click();
    await dialog.getByRole('button', { name: 'Editar Datos' }).waitFor();
    expect(await dialog.getByRole('textbox', { name: 'Nombres' }).isDisabled()).toBe(true);
    await selectOption(page, 'Parentesco', 'TIA/O');
    await dialog.getByRole('button', { name: 'Agregar Titular' }).click();
    const row = dialog.getByRole('row').filter({ hasText: existing });
    await row.getByRole('cell', { name: 'TIA/O' }).waitFor();

    await row.getByRole('button', { name: /Cambiar parentesco/ }).click();
    await dialog.getByRole('textbox', { name: 'Nuevo parentesco' }).click();
    await page.getByRole('option', { name: 'ABUELA/O', exact: true }).click();
    await dialog.getByRole('button', { name: 'Actualizar parentesco' }).click();
    await row.getByRole('cell', { name: 'ABUELA/O' }).waitFor();
    await screenshot(page, 'holders-modal-two-titulars');

    await row.getByRole('button', { name: /Eliminar titular/ }).click();
    await page.getByText('Se eliminará al titular de la lista.').waitFor();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect.poll(() => dialog.getByRole('row').filter({ hasText: existing }).count()).toBe(0);

    await selectAndRegister(page, person);
    await expect
      .poll(
        async () =>
          (
            await apiGet<Modal>(
              page,
              `/api/v1/holders/institutions/${school.sie}/inscriptions/${student.inscriptionId}/titulars`,
            )
          ).guardians.find((g) => g.selected)?.carnet,
      )
      .toBe(person.carnet);
    await page
      .getByTestId('students-table')
      .getByRole('button', { name: `Registrado: ${student.name} ${student.paterno}` })
      .waitFor();

    await consolidateAndDownload(page, 'holders-director');
    await page.context().close();
  });

  it('an administrator does the same for a school found by its SIE code', async () => {
    const page = await newPage(browser);
    await login(page, 'director', 2);
    const special = (
      await apiGet<{ items: Array<{ sie: number; codeType: number }> }>(page, '/api/v1/institutions/mine')
    ).items.find((i) => i.codeType === 4)!;
    await page.context().close();

    const admin = await newPage(browser);
    await login(admin, 'admin', 1);
    await admin.goto(`${baseUrl()}/tutors/admin`);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin.getByText('Ingrese un código SIE').first().waitFor();
    await admin.getByRole('textbox', { name: 'Código SIE' }).fill(String(special.sie));
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin.getByTestId('institution-card').waitFor();
    await admin.getByRole('button', { name: 'Estudiantes Habilitados' }).click();
    const { student } = await findPendingStudent(admin, special.sie);
    await admin.getByRole('button', { name: `Pendiente: ${student.name} ${student.paterno}` }).click();
    const person = freshIdentity();
    await registerNewTitular(admin, person);
    await selectAndRegister(admin, person);
    await admin.getByRole('button', { name: `Registrado: ${student.name} ${student.paterno}` }).waitFor();
    await screenshot(admin, 'holders-admin-list');
    await consolidateAndDownload(admin, 'holders-admin');
    await admin.context().close();
  });
});
