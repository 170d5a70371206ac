import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pickBirthDate } from './browser.js';

/** A person as the SEGIP simulator's registry gives them. */
export type SegipIdentity = {
  carnet: string;
  complemento: string;
  paterno: string;
  materno: string;
  name: string;
  birthDate: string;
  gender: 1 | 2;
};

type IdentityFor = (carnet: string) => SegipIdentity | null;
let identityFor: IdentityFor | null = null;

/** The SEGIP simulator's registry, loaded at run time: the e2e project type-checks apart from the API. */
export async function loadSegipRegistry(): Promise<void> {
  const registry = new URL('../../apps/api/src/integrations/segip/identity.ts', import.meta.url).href;
  ({ identityFor } = (await import(registry)) as { identityFor: IdentityFor });
}

/**
 * Documents SEGIP knows and the demo data does not use, of adults born 1976–2005 (few calendar
 * clicks). Each file starts in its own random block of the 15–17 million range, so two files of one
 * run never register the same person.
 */
let carnetCursor = 15_000_000 + Math.floor(Math.random() * 200_000) * 10;
export function freshIdentity(): SegipIdentity {
  if (!identityFor) throw new Error('loadSegipRegistry() first');
  for (;;) {
    const id = identityFor(String(carnetCursor++));
    if (id && id.birthDate >= '1976-01-01' && id.birthDate <= '2005-12-31') return id;
  }
}

/** Chooses an option of a select inside the open dialog. */
export async function selectOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('dialog').getByRole('textbox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Presses the confirmation's 'Continuar'. */
export async function confirm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Continuar' }).click();
}

/**
 * 'Adicionar Titular' → search a new document → 'Datos Titular' → 'Nuevo Titular', in the open
 * titular dialog. With `checkMissingMark`, the first 'Nuevo Titular' goes without 'Extranjero', which
 * must mark it, and choosing a value must clear the mark.
 */
export async function addNewTitular(
  page: Page,
  person: SegipIdentity,
  {
    checkMissingMark = false,
    beforeSaving,
  }: { checkMissingMark?: boolean; beforeSaving?: () => Promise<void> } = {},
): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Adicionar Titular' }).click();
  await dialog.getByRole('textbox', { name: 'Documento de identidad' }).fill(person.carnet);
  await dialog.getByRole('button', { name: 'Buscar' }).click();
  await dialog.getByText('No se encontró el documento').waitFor();
  await selectOption(page, 'Parentesco', person.gender === 2 ? 'MADRE' : 'PADRE');
  await dialog.getByRole('textbox', { name: 'Paterno' }).fill(person.paterno);
  await dialog.getByRole('textbox', { name: 'Materno' }).fill(person.materno);
  await dialog.getByRole('textbox', { name: 'Nombres' }).fill(person.name);
  await pickBirthDate(page, person.birthDate);
  await selectOption(page, 'Género', person.gender === 2 ? 'Femenino' : 'Masculino');
  if (checkMissingMark) {
    const foreign = dialog.getByRole('textbox', { name: 'Extranjero' });
    await dialog.getByRole('button', { name: 'Nuevo Titular' }).click();
    await expect.poll(() => foreign.getAttribute('aria-invalid')).toBe('true');
    await selectOption(page, 'Extranjero', 'No');
    await expect.poll(() => foreign.getAttribute('aria-invalid')).not.toBe('true');
  } else {
    await selectOption(page, 'Extranjero', 'No');
  }
  await beforeSaving?.();
  await dialog.getByRole('button', { name: 'Nuevo Titular' }).click();
  await dialog.getByTestId('guardians-table').getByRole('cell', { name: person.carnet }).waitFor();
}

/** Selects the person as the student's titular and registers them ('Registrar' → 'Continuar'). */
export async function selectAndRegister(page: Page, person: SegipIdentity): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Actualización y/o Registro de Titular' });
  // Any earlier confirmation (e.g. of a removal) must be gone, or its closing 'Continuar' is clicked.
  const confirmation = page.getByRole('dialog').filter({ hasText: '¿Está Seguro?' });
  await expect.poll(() => confirmation.count()).toBe(0);
  const selection = dialog.getByRole('switch', { name: new RegExp(`Seleccionar titular ${person.name}`) });
  // The table is disabled while an earlier change (a removal) is still refetching the list; a forced
  // click on a disabled switch does nothing, and one under the earlier steps' notifications (they
  // stack over the dialog's right side for 2 s each) lands on a notification.
  await expect.poll(() => selection.isEnabled()).toBe(true);
  await expect.poll(() => page.getByRole('alert').count()).toBe(0);
  await selection.click({ force: true });
  await expect.poll(() => selection.isChecked()).toBe(true);
  await dialog.getByRole('button', { name: 'Registrar' }).click();
  await confirmation.getByRole('button', { name: 'Continuar' }).click();
  await dialog.waitFor({ state: 'hidden' });
}
