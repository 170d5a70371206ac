import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiGet,
  baseUrl,
  launchBrowser,
  login,
  newPage,
  reopenHolders,
  screenshotsDir,
} from './support/browser.js';
import { addNewTitular, freshIdentity, loadSegipRegistry } from './support/holders.js';

/**
 * Issue 37 §5: notifications never cover a control. A toast shown while the titular dialog stays
 * open ('Nuevo Titular' saved) lies clear of every button of the dialog, on a laptop and on a
 * phone; and a problem of the dialog's own (no document typed) is said beside its field, not in a
 * toast (decision 061).
 */
type Student = {
  inscriptionId: number;
  name: string;
  paterno: string;
  statusLabel: string;
  editBlocker: string | null;
};

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  await loadSegipRegistry();
});
afterAll(() => browser?.close());

/** Runs in the page: the dialog's visible controls that a shown toast overlaps, by name. */
function dialogControlsUnderToasts(): string[] {
  const toasts = [...document.querySelectorAll('.mantine-Notification-root')].map((t) =>
    t.getBoundingClientRect(),
  );
  const hits: string[] = [];
  for (const control of document.querySelectorAll<HTMLElement>(
    '[role="dialog"] :is(button, a[href], input:not([type="hidden"]), [role="switch"], [role="combobox"])',
  )) {
    const r = control.getBoundingClientRect();
    if (r.width < 2 || r.height < 2 || !control.checkVisibility({ visibilityProperty: true })) continue;
    for (const t of toasts)
      if (r.left < t.right && r.right > t.left && r.top < t.bottom && r.bottom > t.top)
        hits.push(control.getAttribute('aria-label') || control.innerText.trim() || control.tagName);
  }
  return hits;
}

const sizes = [
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

describe("toasts and the titular dialog's own messages", () => {
  for (const size of sizes) {
    it(`a toast over the open titular dialog covers none of its buttons; a missing document is said on its field (${size.name})`, async () => {
      const page = await newPage(browser, size.viewport);
      await login(page, 'director', 2);
      const mine = await apiGet<{ items: Array<{ sie: number; name: string; codeType: number }> }>(
        page,
        '/api/v1/institutions/mine',
      );
      const special = mine.items.find((i) => i.codeType === 4)!;
      // Another file may have consolidated the centre's list: opened again (409 when it is open).
      expect([200, 409]).toContain(
        await reopenHolders(browser, special.sie, 'Reapertura para la prueba de avisos'),
      );
      const students = await apiGet<{ items: Student[] }>(
        page,
        `/api/v1/holders/institutions/${special.sie}/students`,
      );
      // Any student the director may open: another file may have designated every pending one.
      const student = students.items.find((s) => s.editBlocker === null)!;
      expect(student).toBeDefined();
      await page.goto(`${baseUrl()}/tutors/principal`);
      await page.getByRole('textbox', { name: 'Seleccione Institución' }).click();
      await page
        .getByRole('listbox')
        .getByRole('option', { name: new RegExp(`^${special.sie}`) })
        .click();
      await page.getByRole('button', { name: 'Estudiantes Habilitados' }).click();
      await page
        .getByRole('button', { name: `${student.statusLabel}: ${student.name} ${student.paterno}` })
        .click();
      const dialog = page.getByRole('dialog');

      // 'Buscar' with no document: the field says so, and no toast is shown.
      await dialog.getByRole('button', { name: 'Adicionar Titular' }).click();
      await dialog.getByRole('button', { name: 'Buscar' }).click();
      const documentField = dialog.getByRole('textbox', { name: 'Documento de identidad' });
      await expect.poll(() => documentField.getAttribute('aria-invalid')).toBe('true');
      await dialog.getByText('Ingrese un documento de identidad').waitFor();
      await page.waitForTimeout(300);
      expect(await page.locator('.mantine-Notification-root').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Regresar' }).click();

      // 'Nuevo Titular' saved: the dialog stays open under the toast 'Operación exitosa'.
      await addNewTitular(page, freshIdentity());
      await page.locator('.mantine-Notification-root').first().waitFor();
      // Measured once the toast has finished entering.
      await page.waitForTimeout(300);
      expect(await dialog.getByRole('button', { name: 'Registrar' }).isVisible()).toBe(true);
      expect(await page.evaluate(dialogControlsUnderToasts)).toEqual([]);
      await page.screenshot({ path: path.join(screenshotsDir, `dialog-toast-${size.name}.png`) });
      await page.context().close();
    });
  }
});
