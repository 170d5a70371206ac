import path from 'node:path';
import { formatDate } from '@bjp/domain';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  baseUrl,
  launchBrowser,
  login,
  newPage,
  reopenHolders,
  screenshot,
  screenshotsDir,
} from './support/browser.js';
import {
  addNewTitular,
  confirm,
  freshIdentity,
  loadSegipRegistry,
  type SegipIdentity,
  selectAndRegister,
} from './support/holders.js';

type Certificate = { oficialia: string; libro: string; partida: string; folio: string };
type Student = {
  inscriptionId: number;
  rude: string;
  name: string;
  paterno: string;
  status: string;
  editBlocker: string | null;
};
type Courses = { codeType: number; levels: Array<{ courses: Array<{ courseId: number; label: string }> }> };

let browser: Browser;
let certificateFor: (rude: string, birthDate: string) => Certificate;
// The student the SERECI journey validates; the block journey uses another.
let validatedRude = '';

beforeAll(async () => {
  browser = await launchBrowser();
  // The simulators' registries are loaded at run time: the e2e project type-checks on its own.
  const sereci = new URL('../apps/api/src/integrations/sereci/registry.ts', import.meta.url).href;
  ({ certificateFor } = (await import(sereci)) as { certificateFor: typeof certificateFor });
  await loadSegipRegistry();
});
afterAll(() => browser?.close());

/** 'Habilitar SIE' through the API, as an administrator: the school's holder list opens again. */
async function reopen(sie: number) {
  expect(await reopenHolders(browser, sie, 'Reapertura para la prueba de sincronización')).toBe(200);
}

/** A student of the director's open regular school that waits only for identity validation. */
async function findUnvalidatedStudent(page: Page) {
  const mine = await apiGet<{ items: Array<{ sie: number; name: string; codeType: number }> }>(
    page,
    '/api/v1/institutions/mine',
  );
  const school = mine.items.find((i) => i.codeType === 1)!;
  const state = await apiGet<{ consolidatedAt: string | null }>(
    page,
    `/api/v1/holders/institutions/${school.sie}`,
  );
  // The browser files share one server: holders.e2e.ts may have consolidated this school already.
  if (state.consolidatedAt !== null) await reopen(school.sie);
  const courses = await apiGet<Courses>(page, `/api/v1/institutions/${school.sie}/courses`);
  for (const course of courses.levels.flatMap((l) => l.courses)) {
    const list = await apiGet<{ items: Student[] }>(
      page,
      `/api/v1/holders/institutions/${school.sie}/students?course=${course.courseId}`,
    );
    const student = list.items.find((s) => s.status === 'pending' && s.editBlocker === 'identity');
    if (student) return { school, course: course.label, courseId: course.courseId, student };
  }
  throw new Error('no student waiting for identity validation');
}

/** The holder-registration journey (see holders.e2e.ts): a new titular, selected and registered. */
async function registerNewTitular(page: Page, person: SegipIdentity) {
  await addNewTitular(page, person);
  await selectAndRegister(page, person);
}

async function fillObservation(page: Page, text: string) {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('textbox', { name: 'Observación' }) });
  await dialog.getByRole('textbox', { name: 'Observación' }).fill('corta');
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await dialog.getByText('La observación debe tener al menos 10 caracteres.').waitFor();
  await dialog.getByRole('textbox', { name: 'Observación' }).fill(text);
  await dialog.getByRole('button', { name: 'Registrar' }).click();
}

describe('birth-registry validation, blocking and synchronisation', () => {
  it('an administrator validates a pending student with SERECI, and the director then registers the titular', async () => {
    const director = await newPage(browser);
    await login(director, 'director', 2);
    const { school, course, courseId, student } = await findUnvalidatedStudent(director);

    const admin = await newPage(browser);
    await login(admin, 'admin', 1);
    await admin.goto(`${baseUrl()}/sereci/student-validation`);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin.getByText('Ingrese un RUDE válido').first().waitFor();
    await admin.getByRole('textbox', { name: 'Código RUDE' }).fill(`  ${student.rude.toLowerCase()} `);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    const card = admin.getByTestId('sereci-student');
    await card.getByText('Pendiente de Validación').waitFor();
    await screenshot(admin, 'sereci-pending');
    const found = await apiGet<{ birthDate: string }>(admin, `/api/v1/sereci/students/${student.rude}`);
    const right = certificateFor(student.rude, found.birthDate);

    await card.getByRole('button', { name: 'Validar Estudiante' }).click();
    const modal = admin.getByRole('dialog', { name: 'Datos de Validación SERECI' });
    for (const [label, value] of [
      ['Oficialía', right.oficialia],
      ['Libro', right.libro],
      ['Partida', right.partida],
      ['Folio', '  '],
    ] as const)
      await modal.getByRole('textbox', { name: label }).fill(value);
    expect(await modal.getByRole('button', { name: 'Validar' }).isDisabled()).toBe(true);
    await modal.getByRole('textbox', { name: 'Folio' }).fill(String(Number(right.folio) + 1));
    await modal.getByRole('button', { name: 'Validar' }).click();
    await admin
      .getByText('Los datos del certificado de nacimiento no coinciden con el registro de SERECI: Folio.')
      .waitFor();
    await screenshot(admin, 'sereci-refused');
    await admin.getByRole('button', { name: 'Aceptar' }).click();
    await modal.getByRole('textbox', { name: 'Folio' }).fill(right.folio);
    await screenshot(admin, 'sereci-modal');
    await modal.getByRole('button', { name: 'Validar' }).click();
    await admin.getByText('Validación exitosa', { exact: true }).first().waitFor();
    await card.getByText('Validado SERECI').waitFor();
    await admin.getByTestId('sereci-validated').getByRole('cell', { name: student.rude }).waitFor();
    await screenshot(admin, 'sereci-validated');
    validatedRude = student.rude;
    await admin.context().close();

    // The holder-registration screen now lets the student through.
    await director.goto(`${baseUrl()}/tutors/principal`);
    await director.getByRole('textbox', { name: 'Seleccione Institución' }).click();
    await director.getByRole('option', { name: new RegExp(school.name) }).click();
    await director
      .getByTestId('course-menu')
      .getByRole('button', { name: new RegExp(`^${course}`) })
      .first()
      .click();
    await director.getByRole('button', { name: `Pendiente: ${student.name} ${student.paterno}` }).click();
    await registerNewTitular(director, freshIdentity());
    await director.getByRole('button', { name: `Registrado: ${student.name} ${student.paterno}` }).waitFor();
    await screenshot(director, 'sereci-then-titular');
    const list = await apiGet<{ items: Student[] }>(
      director,
      `/api/v1/holders/institutions/${school.sie}/students?course=${courseId}`,
    );
    expect(list.items.find((s) => s.rude === student.rude)?.status).toBe('registered');
    await director.context().close();
  });

  it('an administrator blocks a student on the base page, then unblocks it on the block/unblock page', async () => {
    const admin = await newPage(browser);
    await login(admin, 'admin', 1);
    const paid = await apiGet<{ items: Array<{ rude: string }> }>(admin, '/api/v1/payments');
    const rude = paid.items.find((p) => p.rude !== validatedRude)!.rude;

    await admin.goto(`${baseUrl()}/block/student-lock`);
    await admin.getByRole('heading', { name: 'Bloqueo Estudiante pago BJP' }).waitFor();
    await admin.getByRole('textbox', { name: 'Código RUDE' }).fill(rude);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin.getByTestId('block-candidate').getByText('Habilitado').waitFor();
    await admin.getByRole('button', { name: 'Bloquear Estudiante' }).click();
    await confirm(admin);
    await fillObservation(admin, 'Bloqueo por verificación de la dirección distrital');
    await admin.getByText('Validación exitosa', { exact: true }).first().waitFor();
    await admin.getByTestId('block-candidate').getByText('Bloqueado').waitFor();
    await admin.getByRole('button', { name: 'Ver respuesta' }).click();
    await admin.getByText('"observation": "Bloqueo por verificación de la dirección distrital"').waitFor();
    await screenshot(admin, 'blocking-base-page');

    await admin.goto(`${baseUrl()}/block/student`);
    await admin.getByText('Estudiantes con bloqueo temporal').waitFor();
    await admin.getByTestId('blocked-list').getByRole('row').nth(1).waitFor();
    await screenshot(admin, 'blocking-list');
    await admin.getByRole('textbox', { name: 'Código RUDE' }).fill(rude);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    const card = admin.getByTestId('block-candidate');
    await card.getByRole('button', { name: 'Desbloquear' }).click();
    await confirm(admin);
    await fillObservation(admin, 'Verificación concluida, se habilita el pago');
    await admin.getByText('Proceso exitoso', { exact: true }).first().waitFor();
    await card.getByText('Habilitado').waitFor();
    await card.getByRole('button', { name: 'Bloqueo Beneficiario' }).waitFor();
    const blocked = await apiGet<{ items: Array<{ rude: string }> }>(
      admin,
      `/api/v1/blocking/blocked?search=${rude}`,
    );
    expect(blocked.items).toHaveLength(0);
    await admin.context().close();
  });

  it('an administrator runs the three synchronisation steps in order and today turns COMPLETA', async () => {
    const admin = await newPage(browser);
    await login(admin, 'admin', 1);
    await admin.goto(`${baseUrl()}/sync-module/admin`);
    const steps = [
      ['consolidate', 'Consolidar modificaciones', 'Modificaciones consolidadas'],
      ['send', 'Sincronizar Cambios Síntesis', 'Cambios enviados a Síntesis'],
      ['copy', 'Ejecuta Copia Sincronizada', 'Copia sincronizada recibida'],
    ] as const;
    await admin.getByRole('button', { name: 'Consolidar modificaciones' }).waitFor();
    expect(await admin.getByRole('button', { name: 'Sincronizar Cambios Síntesis' }).isDisabled()).toBe(true);
    expect(await admin.getByRole('button', { name: 'Ejecuta Copia Sincronizada' }).isDisabled()).toBe(true);
    await screenshot(admin, 'sync-before');
    for (const [step, label, done] of steps) {
      const button = admin.getByRole('button', { name: label });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.click();
      await confirm(admin);
      // The step runs as a job: its card follows the progress, then shows the outcome in the page.
      await admin.getByTestId(`result-${step}`).getByText(new RegExp(done)).waitFor();
      await admin.getByTestId(`reason-${step}`).getByText('Realizado').waitFor();
    }
    await admin.getByTestId('step-one').getByRole('row').nth(1).waitFor();
    const day = (await apiGet<{ today: string }>(admin, '/api/v1/sync/status')).today;
    await admin
      .getByTestId('sync-history')
      .getByRole('row')
      .filter({ hasText: formatDate(day) })
      .getByText('admin')
      .waitFor();
    await screenshot(admin, 'sync-done');
    await admin.getByTestId('step-one').getByRole('button', { name: 'Kardex' }).first().click();
    const kardex = admin.getByRole('dialog', { name: 'Kardex del Estudiante' });
    await kardex.getByText('Inscripciones').waitFor();
    await screenshot(admin, 'sync-kardex');
    await kardex.getByRole('button', { name: 'Cerrar' }).click();
    await admin.getByRole('tab', { name: 'Lista Paso 2' }).click();
    await admin.getByTestId('step-two').getByText('APLICADO').first().waitFor();

    await admin.goto(`${baseUrl()}/control/calendar-control`);
    const today = (await apiGet<{ today: string }>(admin, '/api/v1/sync/status')).today;
    const card = admin.getByTestId(`day-${today}`);
    await card.getByText('HOY').waitFor();
    await card.getByText('SINCRONIZACION COMPLETA').waitFor();
    await screenshot(admin, 'sync-calendar');
    await admin.screenshot({ path: path.join(screenshotsDir, 'sync-calendar-today.png') });
    await admin.context().close();
  });
});
