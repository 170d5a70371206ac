import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type EventPage = { items: Array<{ id: number; title: string; state: number; enrolled: number }> };
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const day = (offset: number) =>
  new Date(Date.now() - 4 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const stamp = Date.now().toString(36).slice(-5);

/** Presses on a palette item and moves it onto the board in steps, as a hand would. */
async function drag(page: Page, from: string, toTestId: string) {
  const source = page.getByTestId(from);
  const target = page.getByTestId(toTestId);
  const a = (await source.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height - 20, { steps: 15 });
  await page.mouse.up();
}

/** How many labels inside `scope` carry the required asterisk. */
const requiredMarks = (scope: Locator) => scope.locator('.mantine-InputWrapper-required').count();

async function chooseOption(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

describe('events back-office', () => {
  const formName = `Formulario e2e ${stamp}`;
  const eventTitle = `Feria e2e ${stamp}`;
  let eventId = 0;

  it('builds a form with three field kinds by drag and by click, and saves it', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/events/register`);
    await page.getByText('Parámetros no contemplados').waitFor();
    await page
      .getByText('Arrastrar o hacer un click en el componente que desee agregar al formulario')
      .waitFor();

    await drag(page, 'palette-input', 'builder-board');
    await page.getByTestId('palette-select').click();
    await drag(page, 'palette-switch', 'builder-board');
    const board = page.getByTestId('builder-board');
    await expect
      .poll(() =>
        board.locator('[data-kind]').evaluateAll((els) => els.map((e) => e.getAttribute('data-kind'))),
      )
      .toEqual(['input', 'select', 'switch']);

    // Properties of the first field: label and name.
    await board.locator('[data-kind="input"]').click();
    const panel = page.getByTestId('properties-panel');
    await panel.getByLabel('Etiqueta', { exact: true }).fill('Colegio');
    await panel.getByLabel('Nombre del campo', { exact: true }).fill('colegio');
    // Copy makes a fourth field with a new 'campo_' id; delete removes it again.
    await page.getByRole('button', { name: 'Copiar Colegio', exact: true }).click();
    const ids = await board
      .locator('[data-kind]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')));
    expect(ids).toHaveLength(4);
    expect(ids[1]).toMatch(/^board-field-campo_[A-Za-z0-9]{5}$/);
    await page.getByRole('button', { name: 'Borrar Colegio', exact: true }).nth(1).click();
    await expect.poll(() => board.locator('[data-kind]').count()).toBe(3);
    // The draft is kept in browser storage under 'settings'.
    const draft = await page.evaluate(() => JSON.parse(localStorage.getItem('settings') ?? '{}'));
    expect(draft.fields).toHaveLength(3);

    // 'Obligatorio' off on the list: its asterisk goes from the canvas, the preview and the code.
    await board.locator('[data-kind="select"]').click();
    await panel.getByRole('switch', { name: 'Obligatorio' }).uncheck({ force: true });
    await expect.poll(() => requiredMarks(board.locator('[data-kind="select"]'))).toBe(0);
    expect(await requiredMarks(board.locator('[data-kind="input"]'))).toBe(1);
    expect(await requiredMarks(board.locator('[data-kind="switch"]'))).toBe(1);

    // Preview by device and the code drawer.
    await page.getByRole('button', { name: 'Vista previa' }).click();
    await page.getByTestId('preview-pc').getByLabel('Colegio').waitFor();
    const preview = page.getByTestId('preview-pc');
    expect(await requiredMarks(preview.locator('label').filter({ hasText: 'Colegio' }))).toBe(1);
    await preview.locator('label').filter({ hasText: 'Lista de selección' }).waitFor();
    expect(await requiredMarks(preview.locator('label').filter({ hasText: 'Lista de selección' }))).toBe(0);
    await page.getByText('móvil').click({ force: true });
    await page.getByTestId('preview-mobile').waitFor();
    await screenshot(page, 'events-builder-preview-mobile');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Código' }).click();
    await page.getByRole('button', { name: 'Crear' }).click();
    await page.getByTestId('generated-code').waitFor();
    const code = (await page.getByTestId('generated-code').textContent()) ?? '';
    expect(code).toContain('name="colegio"');
    expect(code).toContain('>Colegio *</label>');
    expect(code).toContain('>Lista de selección</label>');
    expect(code).toMatch(/role="switch" required>/);
    await page.getByRole('button', { name: 'Copiar', exact: true }).click();
    await page.getByText('Acción Exitosa').waitFor();
    await page.keyboard.press('Escape');

    // The name is required.
    await page.getByRole('button', { name: 'Registrar' }).click();
    await page.getByText('Se requiere el nombre del formulario').first().waitFor();
    await screenshot(page, 'events-builder');
    await page.getByLabel('Nombre del formulario').fill(formName);
    await page.getByRole('button', { name: 'Registrar' }).click();
    await page.waitForURL('**/events/enrollments');
    await page.getByRole('cell', { name: formName, exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('settings'))).toBeNull();
    await screenshot(page, 'events-forms-list');
    await page.context().close();
  });

  it('creates an event with files using that form and sends it to communication', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/events/list`);
    await page.getByRole('button', { name: 'Crear Evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Formulario de Registro de Eventos' });
    await dialog.getByLabel('Título').fill(eventTitle);
    await dialog.getByLabel('Descripción').fill('Feria de ciencias de prueba');
    await dialog.getByLabel('Fecha de inicio').fill(day(5));
    await dialog.getByLabel('Fecha de fin').fill(day(7));
    await dialog.getByLabel('Título').click();
    await expect.poll(() => dialog.getByLabel('Días').inputValue()).toBe('3');
    await chooseOption(page, 'Tipo de evento', /Etapa institucional/);
    // A new place through 'Agregar ambiente'.
    await dialog.getByRole('button', { name: 'Agregar ambiente' }).click();
    const placeDialog = page.getByRole('dialog', { name: 'Agregar ambiente' });
    await placeDialog.getByLabel(/^Nombre/).fill(`Aula ${stamp}`);
    await placeDialog.getByLabel('Capacidad').fill('40');
    await placeDialog.getByLabel('Referencia').fill(day(0));
    await placeDialog.getByLabel(/^Nombre/).click();
    await placeDialog.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect
      .poll(() => dialog.getByRole('textbox', { name: 'Ambiente' }).inputValue())
      .toBe(`Aula ${stamp}`);
    await dialog.getByLabel('Mínimo').fill('1');
    await dialog.getByLabel('Máximo').fill('30');
    await dialog.getByLabel('Detalle / Observaciones').fill('Traer carnet');
    await chooseOption(page, 'Formulario de inscripción', formName);
    const files = dialog.locator('input[type="file"]');
    // A PDF as banner is refused in the browser with the specification's message, naming the file.
    await files.nth(0).setInputFiles({ name: 'banner.pdf', mimeType: 'application/pdf', buffer: PDF });
    await dialog.getByLabel('Título').click();
    await dialog.getByText('«banner.pdf»: Tipo de archivo no válido.').waitFor();
    await files.nth(0).setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: PNG });
    await files.nth(2).setInputFiles({ name: 'reglamento.pdf', mimeType: 'application/pdf', buffer: PDF });
    await screenshot(page, 'events-create-form');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    // 'Registro Exitoso!!!' is also the title of the place's notification: wait for the event's own text.
    await page.getByText('El evento se registro de manera exitosa').waitFor();

    const created = await apiGet<EventPage>(
      page,
      `/api/v1/events?tab=created&search=${encodeURIComponent(eventTitle)}`,
    );
    eventId = created.items[0]!.id;
    const row = page.getByRole('row').filter({ hasText: eventTitle });
    await row.getByRole('button', { name: 'Enviar' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Operación exitosa, Evento enviado a comunicación.').waitFor();
    await page.getByRole('tab', { name: 'Activos' }).click();
    await page.getByRole('row').filter({ hasText: eventTitle }).waitFor();
    await screenshot(page, 'events-list-active');
    await page.context().close();
  });

  it("enrols through the public page: asterisks only on required fields, the form's and the identity rules, then success", async () => {
    const page = await newPage(browser);
    await page.goto(`${baseUrl()}/public/enrollment/${eventId}`);
    await page.getByRole('heading', { name: eventTitle }).waitFor();
    await page.getByAltText(`Banner de ${eventTitle}`).waitFor();
    // 'Obligatorio' as the builder left it: the text and the switch required, the list optional.
    const extra = page.getByRole('form', { name: 'Formulario de Inscripción' });
    const labelOf = (text: string) => extra.locator('label').filter({ hasText: text });
    expect(await labelOf('Colegio').locator('.mantine-InputWrapper-required').count()).toBe(1);
    expect(await labelOf('Interruptor').locator('.mantine-InputWrapper-required').count()).toBe(1);
    await labelOf('Lista de selección').waitFor();
    expect(await labelOf('Lista de selección').locator('.mantine-InputWrapper-required').count()).toBe(0);

    await page.getByLabel(/^CI/).fill('123');
    await page.getByRole('button', { name: 'Registrar Inscripción' }).click();
    await page.getByText('Falla en la inscripción!').first().waitFor();
    await page.getByText('El CI debe tener de 5 a 10 dígitos.').first().waitFor();
    await page.getByText('El campo es obligatorio.').first().waitFor();
    await page.getByText('Campo obligatorio', { exact: true }).first().waitFor();
    await page.getByText('Campo obligatorio: debe activarlo para continuar.').waitFor();
    expect(await page.getByText('Campo obligatorio', { exact: true }).count()).toBe(1);
    await screenshot(page, 'events-public-invalid');

    // A passport typed as a CI is explained; a birth date after today is refused in the browser.
    await page.getByLabel(/^CI/).fill('A123456');
    await page
      .getByText('El CI solo admite números; si el documento es extranjero elija «Extranjero».')
      .waitFor();
    await page.getByLabel('Fecha de Nacimiento').fill(day(1));
    await page.getByLabel('Cargo').click();
    await page.getByText('La fecha de nacimiento no puede ser futura.').waitFor();

    // An 8-digit CI, and the optional list left empty.
    await page.getByLabel(/^CI/).fill('76543210');
    await page.getByLabel('Apellido Paterno').fill('Mamani');
    await page.getByLabel('Apellido Materno').fill('Quispe');
    await page.getByLabel('Nombre(s)').fill('Juana');
    await page.getByLabel('Celular/Teléfono').fill('71234567');
    await page.getByLabel('Correo Electrónico').fill('juana@example.com');
    await chooseOption(page, 'Ocupación', 'Docente');
    await chooseOption(page, 'Institución', 'Unidad Educativa');
    await page.getByLabel('Cargo').fill('Profesora');
    await page.getByLabel('Fecha de Nacimiento').fill('1990-04-12');
    await page.getByLabel('Cargo').click();
    await chooseOption(page, 'Departamento', 'La Paz');
    await page.getByRole('textbox', { name: 'Colegio' }).fill('Colegio Ayacucho');
    await page.getByRole('switch', { name: 'Interruptor' }).check({ force: true });
    await page.getByRole('button', { name: 'Registrar Inscripción' }).click();
    await page.getByText('Inscripción Exitosa').first().waitFor();
    await screenshot(page, 'events-public-success');

    const admin = await newPage(browser);
    await login(admin, 'admin', 1);
    const active = await apiGet<EventPage>(
      admin,
      `/api/v1/events?tab=active&search=${encodeURIComponent(eventTitle)}`,
    );
    expect(active.items[0]).toMatchObject({ id: eventId, enrolled: 1 });
    await admin.goto(`${baseUrl()}/events/list`);
    await admin.getByRole('tab', { name: 'Activos' }).click();
    const row = admin.getByRole('row').filter({ hasText: eventTitle });
    await expect.poll(() => row.getByRole('cell').nth(4).textContent()).toBe('1');
    await page.context().close();
    await admin.context().close();
  });
});

describe('periods and stages', () => {
  it("adds a period with 'Establecer Fechas Generales' and its active switch really toggles", async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/config/kind-event`);
    await page.getByText('Periodo de registro de titulares').waitFor();
    await page.getByRole('button', { name: 'Establecer Fechas Generales' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar Periodo y Etapa' });
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await dialog.getByText('El campo es obligatorio.').first().waitFor();
    await dialog.getByLabel('Nombre del periodo').fill(`Juegos ${stamp}`);
    await dialog.getByLabel('Etapa').fill(`Fase ${stamp}`);
    await dialog.getByRole('textbox', { name: 'Subsistemas' }).click();
    await page.getByRole('option', { name: 'Regular' }).click();
    await dialog.getByLabel('Inicio').fill(day(1));
    await dialog.getByLabel('Fin').fill(day(30));
    await dialog.getByLabel('Nombre del periodo').click();
    await dialog.getByRole('checkbox', { name: 'Distrital' }).check();
    await screenshot(page, 'events-period-form');
    await dialog.getByRole('button', { name: 'Registrar' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('El periodo se registró de manera exitosa').waitFor();
    type Periods = { items: Array<{ id: number; phase: string; active: boolean }>; total: number };
    const first = await apiGet<Periods>(page, '/api/v1/kind-events?page=1');
    const lastPage = Math.ceil(first.total / 10);
    await page.getByRole('button', { name: `Página ${lastPage}` }).click();
    const row = page.getByRole('row').filter({ hasText: `Fase ${stamp}` });
    await row.getByRole('switch').click({ force: true });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect
      .poll(
        async () =>
          (await apiGet<Periods>(page, `/api/v1/kind-events?page=${lastPage}`)).items.find(
            (p) => p.phase === `Fase ${stamp}`,
          )?.active,
      )
      .toBe(false);
    await expect.poll(() => row.getByRole('switch').isChecked()).toBe(false);
    await screenshot(page, 'events-periods');
    await page.context().close();
  });
});

describe('institution enrollment page', () => {
  it("refuses other profiles with 'Perfil no válido!'", async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/events/institution`);
    await page.getByText('Perfil no válido!').first().waitFor();
    await page.context().close();
  });

  it('a director marks students, saves them and then enrols, which closes the list', async () => {
    const page = await newPage(browser);
    await login(page, 'director', 2);
    await page.goto(`${baseUrl()}/events/institution`);
    const table = page.getByTestId('institution-students');
    await table.getByRole('columnheader', { name: 'Grado' }).waitFor();
    await table.getByRole('checkbox').nth(0).waitFor();
    await table.getByRole('checkbox').nth(0).check();
    await table.getByRole('checkbox').nth(1).check();
    await page.getByText('Seleccionados: 2').waitFor();
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByText('Registros Salvados!').waitFor();
    await page.getByRole('button', { name: 'Inscribir' }).click();
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByText('Inscripción exitosa!!!').waitFor();
    await page.getByText('Inscripción Cerrada').waitFor();
    expect(await table.getByRole('checkbox').nth(0).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Guardar' }).isDisabled()).toBe(true);
    await screenshot(page, 'events-institution-closed');
    await page.context().close();
  });
});
