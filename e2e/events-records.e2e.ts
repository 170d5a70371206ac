import { readFile } from 'node:fs/promises';
import { createField, defaultFormConfig, type FieldDefinition } from '@bjp/domain';
import ExcelJS from 'exceljs';
import type { Browser, Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseUrl,
  DEMO_PASSWORD,
  launchBrowser,
  login,
  newPage as openPage,
  screenshot,
} from './support/browser.js';

/**
 * Issue 15 in the browser: the participants of an event, editing an event with its history, a form in
 * use edited into a new version, and the places screen. The event, its form and its participants are
 * made through the API (the screens that make them have their own tests in events.e2e.ts).
 */
let browser: Browser;
let token = '';
const stamp = Date.now().toString(36).slice(-5);
const day = (offset: number) =>
  new Date(Date.now() - 4 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
const REGULATION_V1 = pdf('reglamento primera version');
const REGULATION_V2 = pdf('reglamento segunda version');

async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  const isForm = body instanceof FormData;
  const res = await fetch(`${baseUrl()}/api/v1${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body && !isForm ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url} → ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const formName = `Inscripción feria ${stamp}`;
const placeName = `Sala Ñandú ${stamp}`;
const placeReference = day(0);
const turno = createField('select', 'campo_Turno');
const photo = createField('upload', 'campo_Fotos');
if (turno.kind !== 'select' || photo.kind !== 'upload') throw new Error('unexpected field kinds');
const fields: FieldDefinition[] = [
  { ...createField('input', 'campo_Coleg'), name: 'colegio', label: 'Colegio' },
  {
    ...turno,
    name: 'turno',
    label: 'Turno',
    options: {
      ...turno.options,
      items: [
        { label: 'Mañana', value: '1' },
        { label: 'Tarde', value: '2' },
      ],
    },
  },
  { ...photo, name: 'foto', label: 'Fotografía', upload: { ...photo.upload, accept: 'image', limit: 1 } },
];
const eventTitle = `Olimpiada ${stamp}`;
const editedTitle = `Olimpiada de robótica ${stamp}`;
let eventId = 0;
let placeId = 0;
let kindEventId = 0;
let formId = 0;

async function createEvent(title: string, maximum: number) {
  const body = new FormData();
  const values: Record<string, string> = {
    title,
    description: 'Olimpiada de prueba',
    startsOn: day(5),
    endsOn: day(7),
    placeId: String(placeId),
    kindEventId: String(kindEventId),
    minimum: '1',
    maximum: String(maximum),
    withLimitControl: 'true',
    detail: 'Traer carnet',
    enrollmentFormId: String(formId),
  };
  for (const [k, v] of Object.entries(values)) body.append(k, v);
  body.append(
    'regulation',
    new Blob([new Uint8Array(REGULATION_V1)], { type: 'application/pdf' }),
    'reglamento.pdf',
  );
  const created = await api<{ id: number }>('POST', '/events', body);
  await api('POST', `/events/${created.id}/send`);
  return created.id;
}

const people = [
  { document: '4100001', firstLastName: 'Mamani', name: 'Juana', colegio: 'Colegio Ayacucho', turno: '1' },
  { document: '41000022', firstLastName: 'Pérez', name: 'José', colegio: 'Colegio Bolívar', turno: '2' },
  { document: '4100003', firstLastName: 'Condori', name: 'Ana', colegio: 'Colegio Sucre', turno: '1' },
];

async function enroll(id: number, p: (typeof people)[number]) {
  const body = new FormData();
  body.append(
    'data',
    JSON.stringify({
      document: p.document,
      complement: '',
      nationality: 1,
      firstLastName: p.firstLastName,
      secondLastName: 'Quispe',
      name: p.name,
      phone: '71234567',
      email: `p${p.document}@example.com`,
      job: 'Docente',
      institution: 'Unidad Educativa',
      position: 'Profesora',
      birthDate: '1990-04-12',
      department: 'La Paz',
      extra: { colegio: p.colegio, turno: p.turno },
    }),
  );
  body.append('foto', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), `foto ${p.name}.png`);
  const res = await fetch(`${baseUrl()}/api/v1/public/events/${id}/enrollments`, { method: 'POST', body });
  if (res.status !== 201) throw new Error(`enrollment ${p.document} → ${res.status} ${await res.text()}`);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const res = await fetch(`${baseUrl()}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: DEMO_PASSWORD, type: 1 }),
  });
  token = ((await res.json()) as { token: string }).token;
  placeId = (
    await api<{ id: number }>('POST', '/places', {
      description: placeName,
      capacity: 40,
      reference: placeReference,
    })
  ).id;
  const options = await api<{ kinds: Array<{ id: number; name: string }> }>('GET', '/events/options');
  kindEventId = options.kinds.find((k) => /Etapa institucional/.test(k.name))!.id;
  formId = (
    await api<{ id: number }>('POST', '/enrollment-forms', {
      name: formName,
      definition: { config: defaultFormConfig, fields },
    })
  ).id;
  // Three places and three participants: the event is full until one is cancelled.
  eventId = await createEvent(eventTitle, 3);
  for (const p of people) await enroll(eventId, p);
});
afterAll(() => browser?.close());

/** A page that waits longer than the suite's default: these flows run many steps on a shared machine. */
async function newPage(b: Browser) {
  const page = await openPage(b);
  page.setDefaultTimeout(30_000);
  return page;
}

/** The file a click downloads, with the name the browser was given. */
async function downloaded(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download') as Promise<Download>, click()]);
  return { name: download.suggestedFilename(), bytes: await readFile((await download.path())!) };
}

const bodyRows = (page: Page, testId: string) => page.getByTestId(testId).locator('tbody tr');

async function openActiveEvents(page: Page, search: string) {
  await page.goto(`${baseUrl()}/events/list`);
  await page.getByRole('tab', { name: 'Activos' }).click();
  await page.getByLabel('Buscar eventos').fill(search);
  const table = page.getByTestId('events-table-active');
  // Wait for the search to settle, so the row is not redrawn under the next click.
  await expect.poll(() => bodyRows(page, 'events-table-active').count()).toBe(1);
  await table.locator('table[aria-busy="false"]').waitFor();
  const row = table.getByRole('row').filter({ hasText: search });
  await row.waitFor();
  return row;
}

describe('participants of an event', () => {
  it('opens from the events list, searches, shows a detail with answers and files, cancels, exports', async () => {
    const publicPage = await newPage(browser);
    await publicPage.goto(`${baseUrl()}/public/enrollment/${eventId}`);
    await publicPage.getByText('El evento alcanzó el máximo de inscritos.').waitFor();

    const page = await newPage(browser);
    await login(page, 'admin', 1);
    const row = await openActiveEvents(page, eventTitle);
    await row.getByRole('link', { name: `Ver los 3 participantes del evento ${eventId}` }).click();
    await page.waitForURL(`**/events/list/${eventId}/participants`);
    await page.getByRole('heading', { name: `Participantes del evento N° ${eventId}` }).waitFor();
    await expect.poll(() => bodyRows(page, 'participants-table').count()).toBe(3);
    await page.getByText(`${eventTitle} · Inscritos: 3 de 3 · Plazas libres: 0`).waitFor();

    // The search ignores accents and case.
    await page.getByLabel('Buscar').fill('perez');
    await expect.poll(() => bodyRows(page, 'participants-table').count()).toBe(1);
    await expect.poll(() => page.url()).toContain('q=perez');
    const jose = bodyRows(page, 'participants-table').first();
    expect(await jose.textContent()).toContain('Pérez Quispe José');
    await screenshot(page, 'events-participants-search');

    // The detail: the form's answers under their labels, the photo downloadable as it was sent.
    await jose.getByRole('button', { name: 'Ver detalle' }).click();
    const drawer = page.getByRole('dialog', { name: 'Pérez Quispe José' });
    await drawer.getByText('Respuestas del formulario').waitFor();
    const answer = (label: string) =>
      drawer.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]').textContent();
    expect(await answer('Colegio')).toBe('Colegio Bolívar');
    expect(await answer('Turno')).toBe('Tarde');
    expect(await answer('Fotografía')).toBe('foto José.png');
    const photo = await downloaded(page, () => drawer.getByRole('button', { name: 'Descargar' }).click());
    expect(photo.bytes.equals(PNG)).toBe(true);
    await screenshot(page, 'events-participant-detail');

    // Cancelling: a reason is required; then the enrollment shows as cancelled with its reason.
    await drawer.getByLabel('Motivo').fill('mal');
    await drawer.getByRole('button', { name: 'Anular inscripción' }).click();
    await drawer
      .getByText(/al menos|mínimo|caracteres/i)
      .first()
      .waitFor();
    await drawer.getByLabel('Motivo').fill('Se retiró del evento');
    await drawer.getByRole('button', { name: 'Anular inscripción' }).click();
    await page.getByText('La inscripción fue anulada y su plaza quedó libre.').waitFor();
    await drawer.getByText('Motivo: Se retiró del evento').waitFor();
    await page.getByText(`${eventTitle} · Inscritos: 2 de 3 · Plazas libres: 1`).waitFor();
    await drawer.getByText('Anulada', { exact: true }).waitFor();
    expect(await drawer.getByRole('button', { name: 'Anular inscripción' }).count()).toBe(0);
    await screenshot(page, 'events-participant-cancelled');
    await page.keyboard.press('Escape');

    // 'Vigentes' no longer lists him; 'Todas' does, as 'Anulada'.
    await expect.poll(() => bodyRows(page, 'participants-table').count()).toBe(1);
    expect(await bodyRows(page, 'participants-table').first().textContent()).toContain(
      'No hay inscripciones con estos filtros.',
    );
    await page.getByLabel('Buscar').fill('');
    await expect.poll(() => bodyRows(page, 'participants-table').count()).toBe(2);

    // The XLSX export: the active enrollments, one column per answer.
    const xlsx = await downloaded(page, () => page.getByRole('button', { name: 'Exportar XLSX' }).click());
    expect(xlsx.name).toMatch(new RegExp(`^participantes_evento_${eventId}_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Participantes')!;
    const header = (sheet.getRow(2).values as unknown[]).slice(1);
    const column = (name: string) => header.indexOf(name);
    const lines = [3, 4].map((n) => (sheet.getRow(n).values as unknown[]).slice(1));
    expect(sheet.actualRowCount).toBe(3);
    expect(lines.map((l) => l[column('Nombre(s)')]).sort()).toEqual(['Ana', 'Juana']);
    expect(lines.map((l) => l[column('Turno')])).toEqual(['Mañana', 'Mañana']);
    expect(lines.map((l) => l[column('Estado')])).toEqual(['Vigente', 'Vigente']);

    // The CSV with 'Todas': the cancelled one too, with its reason.
    await page.getByRole('textbox', { name: 'Estado' }).click();
    await page.getByRole('option', { name: 'Todas' }).click();
    await expect.poll(() => bodyRows(page, 'participants-table').count()).toBe(3);
    await page.getByText('Anulada', { exact: true }).waitFor();
    const csv = await downloaded(page, () => page.getByRole('button', { name: 'Exportar CSV' }).click());
    const text = csv.bytes.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const csvLines = text.slice(1).split('\r\n').filter(Boolean);
    expect(csvLines).toHaveLength(4);
    const perez = csvLines.find((l) => l.includes('Pérez'))!;
    expect(perez).toContain(',Anulada,');
    expect(perez).toContain('Se retiró del evento');
    expect(perez).toContain('Colegio Bolívar,Tarde,foto José.png');
    await screenshot(page, 'events-participants-all');

    // The events list counts two; the public page takes enrollments again (a place is free).
    await page.getByRole('link', { name: 'Volver' }).click();
    const after = await openActiveEvents(page, eventTitle);
    await after.getByRole('link', { name: `Ver los 2 participantes del evento ${eventId}` }).waitFor();
    await publicPage.reload();
    await publicPage.getByRole('button', { name: 'Registrar Inscripción' }).waitFor();
    expect(await publicPage.getByText('El evento alcanzó el máximo de inscritos.').count()).toBe(0);
    await publicPage.context().close();
    await page.context().close();
  });
});

describe('editing an event', () => {
  it('changes the title and the regulation; the history keeps the old file; a maximum below the enrolled is refused', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    const row = await openActiveEvents(page, eventTitle);
    await row.getByRole('button', { name: `Más acciones del evento ${eventId}` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar evento' });
    await expect.poll(() => dialog.getByLabel('Título').inputValue()).toBe(eventTitle);
    await dialog.getByText('Actual: reglamento.pdf (v1). Elija otro para reemplazarlo.').waitFor();
    await dialog.getByLabel('Título').fill(editedTitle);
    await dialog
      .locator('input[type="file"]')
      .nth(2)
      .setInputFiles({ name: 'reglamento-2.pdf', mimeType: 'application/pdf', buffer: REGULATION_V2 });
    await screenshot(page, 'events-edit-form');
    await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    // The dialog closes only once the server has saved (an error keeps it open with its message); the
    // toast that says so lasts a few seconds, which a loaded CI machine can outlast before looking.
    await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
    const edited = await openActiveEvents(page, editedTitle);

    // 'Historial': the edit with the title before and after, both regulations downloadable.
    await edited.getByRole('button', { name: `Más acciones del evento ${eventId}` }).click();
    await page.getByRole('menuitem', { name: 'Historial' }).click();
    const history = page.getByRole('dialog', { name: `Historial — ${editedTitle}` });
    await history.getByText('Edición', { exact: true }).waitFor();
    await history.getByText(`${eventTitle} → ${editedTitle}`).waitFor();
    const files = history.getByRole('row');
    await files.filter({ hasText: 'reglamento-2.pdf' }).waitFor();
    const old = files.filter({ hasText: 'reglamento.pdf' });
    // Each version names who uploaded it, the first one (sent with the registration) included.
    expect(await old.textContent()).toContain('v1');
    expect(await old.textContent()).toContain('Administrador Nacional');
    await screenshot(page, 'events-history');
    const oldFile = await downloaded(page, () => old.getByRole('button', { name: 'reglamento.pdf' }).click());
    expect(oldFile.bytes.equals(REGULATION_V1)).toBe(true);
    const newFile = await downloaded(page, () =>
      files.filter({ hasText: 'reglamento-2.pdf' }).getByRole('button', { name: 'reglamento-2.pdf' }).click(),
    );
    expect(newFile.bytes.equals(REGULATION_V2)).toBe(true);
    await page.keyboard.press('Escape');

    // Two are enrolled (one was cancelled): a maximum of 1 is refused in Spanish, nothing changed.
    await edited.getByRole('button', { name: `Más acciones del evento ${eventId}` }).click();
    await page.getByRole('menuitem', { name: 'Editar' }).click();
    const again = page.getByRole('dialog', { name: 'Editar evento' });
    await expect.poll(() => again.getByLabel('Título').inputValue()).toBe(editedTitle);
    await again.getByLabel('Máximo').fill('1');
    await again.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('El máximo no puede ser menor que los 2 inscritos.').waitFor();
    await page.getByText('No se guardaron los cambios').waitFor();
    await screenshot(page, 'events-edit-maximum-refused');
    await again.getByRole('button', { name: 'Cancelar' }).click();
    const unchanged = await openActiveEvents(page, editedTitle);
    expect(await unchanged.textContent()).toContain('1 / 3');
    await page.context().close();
  });
});

describe('a form in use edited', () => {
  it('makes a new version: the event keeps its own, and old answers keep their labels', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/events/enrollments`);
    await page.getByRole('button', { name: `Editar ${formName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Formulario de Inscripción' });
    await dialog.getByText(`Editando «${formName}» — versión 1.`, { exact: false }).waitFor();
    await dialog.getByTestId('board-field-campo_Coleg').click();
    const panel = dialog.getByTestId('properties-panel');
    await panel.getByLabel('Etiqueta', { exact: true }).fill('Unidad educativa de origen');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Se guardó la versión 2 del formulario.').waitFor();
    const forms = page.getByTestId('forms-table');
    const versionColumn = (await forms.locator('thead th').allTextContents()).indexOf('Versión');
    expect(versionColumn).toBeGreaterThan(0);
    const formRow = forms.getByRole('row').filter({ hasText: formName });
    await expect.poll(() => formRow.getByRole('cell').nth(versionColumn).textContent()).toBe('2');
    await screenshot(page, 'events-form-version-2');

    // The event published with version 1 still asks 'Colegio'; a new event asks the new label.
    const publicPage = await newPage(browser);
    await publicPage.goto(`${baseUrl()}/public/enrollment/${eventId}`);
    const form = publicPage.getByRole('form', { name: 'Formulario de Inscripción' });
    await form.getByRole('textbox', { name: 'Colegio' }).waitFor();
    expect(await form.getByText('Unidad educativa de origen').count()).toBe(0);
    const newer = await createEvent(`Feria nueva ${stamp}`, 10);
    await publicPage.goto(`${baseUrl()}/public/enrollment/${newer}`);
    await form.getByRole('textbox', { name: 'Unidad educativa de origen' }).waitFor();
    await publicPage.context().close();

    // The old answers read under the labels they were given.
    await page.goto(`${baseUrl()}/events/list/${eventId}/participants?q=juana`);
    await expect.poll(() => bodyRows(page, 'participants-table').count()).toBe(1);
    await bodyRows(page, 'participants-table').first().getByRole('button', { name: 'Ver detalle' }).click();
    const drawer = page.getByRole('dialog', { name: 'Mamani Quispe Juana' });
    await drawer.getByText('Respuestas del formulario').waitFor();
    await drawer.getByText('Colegio', { exact: true }).waitFor();
    expect(await drawer.getByText('Unidad educativa de origen').count()).toBe(0);
    await drawer.getByText('Colegio Ayacucho').waitFor();
    await screenshot(page, 'events-participant-old-labels');
    await page.context().close();
  });
});

describe('places', () => {
  it('edits a place, refuses a duplicate, and deactivates it', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/events/places`);
    await page.getByLabel('Buscar ambiente').fill(stamp);
    const table = page.getByTestId('places-table');
    const row = table.getByRole('row').filter({ hasText: placeName });
    await row.waitFor();
    expect(await row.textContent()).toContain('40');

    await row.getByRole('button', { name: `Editar ${placeName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar ambiente' });
    await dialog.getByLabel('Capacidad').fill('60');
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('El ambiente se actualizó.').waitFor();
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).toBe('60');

    // The same name written otherwise (case, accents, spaces) with the same reference is refused.
    await page.getByRole('button', { name: 'Agregar ambiente' }).click();
    const add = page.getByRole('dialog', { name: 'Agregar ambiente' });
    await add.getByLabel('Nombre').fill(`  sala  nandu ${stamp.toUpperCase()} `);
    await add.getByLabel('Capacidad').fill('10');
    await add.getByLabel('Referencia').fill(placeReference);
    // The calendar opens above the field: Tab leaves it, and the button below is free to press.
    await add.getByLabel('Referencia').press('Tab');
    await add.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText(/Ya existe el ambiente «.+» con esa referencia\./).waitFor();
    await screenshot(page, 'events-place-duplicate');
    await add.getByRole('button', { name: 'Cancelar' }).click();
    // The closing dialog's overlay would take the next click.
    await add.waitFor({ state: 'hidden' });
    await expect.poll(() => table.getByRole('row').filter({ hasText: stamp }).count()).toBe(1);

    // Deactivated: gone from 'Activos', listed under 'Inactivos', not offered for new events.
    await row.getByRole('switch', { name: `Activo ${placeName}` }).click({ force: true });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Ambiente desactivado.').waitFor();
    await expect.poll(() => table.getByRole('row').filter({ hasText: placeName }).count()).toBe(0);
    await page.getByText('Inactivos', { exact: true }).click();
    const inactive = table.getByRole('row').filter({ hasText: placeName });
    await inactive.getByText('Inactivo', { exact: true }).waitFor();
    await screenshot(page, 'events-places-inactive');
    const options = await api<{ places: Array<{ id: number }> }>('GET', '/events/options');
    expect(options.places.some((p) => p.id === placeId)).toBe(false);
    await page.context().close();
  });
});
