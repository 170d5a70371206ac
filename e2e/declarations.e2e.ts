import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type DeclarationVersionList,
  declarationMessages,
  formatCount,
  type HoldersInstitutionState,
  type NoveltyPage,
  noveltiesTitle,
  type StudentPage,
  type VerificationResult,
} from '@bjp/domain';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, screenshotsDir } from './support/browser.js';
import {
  apiAt,
  boliviaDay,
  loginAt,
  type OwnServer,
  pdfText,
  SMALL_SCREEN,
  shot,
  startOwnServer,
} from './support/declarations.js';
import { firstPageInk } from './support/pdf-check.js';

/**
 * Issue 12 in the browser: the versions of a school's holders' declaration (a 'Habilitar' between
 * two consolidations), the public verification page of a printed code, and 'Novedades posteriores a
 * la consolidación' with the student's Kardex. The three journeys run in order on one school.
 */
let server: OwnServer;
let browser: Browser;
let base = '';
let school = { sie: 0, name: '' };
/** The codes the versions list showed, version 1 (superseded) and version 2 (in force). */
const codes: string[] = [];
/** The holders' declaration totals at each consolidation, as the school's panel counted them. */
const countsAt: HoldersInstitutionState['counts'][] = [];
/** Students of the school, to make sure the public page names none. */
const students: StudentPage['items'] = [];
/** The student removed while the school was reopened (part of version 2, not a novelty). */
let removedRude = '';

beforeAll(async () => {
  server = await startOwnServer();
  base = server.base;
  browser = await launchBrowser();
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const page = async () => newPage(browser, SMALL_SCREEN);
const api = <T>(p: Page, method: 'GET' | 'POST', url: string, body?: object) =>
  apiAt<T>(p, base, method, `/api/v1${url}`, body);
const studentName = (s: { paterno: string; materno: string; name: string }) =>
  `${s.paterno} ${s.materno} ${s.name}`.replace(/\s+/g, ' ').trim();

/** /tutors/principal: the director's school chosen in 'Seleccione Institución'. */
async function openDirectorSchool(p: Page) {
  await p.goto(`${base}/tutors/principal`);
  await p.getByRole('textbox', { name: 'Seleccione Institución' }).click();
  await p.getByRole('option', { name: new RegExp(`^${school.sie} - `) }).click();
  await p.getByTestId('institution-card').getByText(school.name).waitFor();
}

/** 'Consolidar Estudiantes' → 'Estudiantes pendientes' → 'Consolidar' → '¿Está Seguro?' → 'Continuar'. */
async function consolidate(p: Page) {
  await p.getByRole('button', { name: 'Consolidar Estudiantes' }).click();
  const pending = p.getByRole('dialog', { name: 'Estudiantes pendientes' });
  await pending.getByRole('button', { name: 'Consolidar', exact: true }).click();
  await p.getByRole('button', { name: 'Continuar' }).click();
  await p.getByText('Se consolido las listas exitosamente').first().waitFor();
  await p.getByRole('button', { name: 'Reporte Declaración Jurada' }).waitFor();
  const state = await api<HoldersInstitutionState>(p, 'GET', `/holders/institutions/${school.sie}`);
  expect(state.consolidatedAt).not.toBeNull();
  countsAt.push(state.counts);
}

/** The 'Versiones de la declaración' modal, opened from the school's panel. */
async function openVersions(p: Page): Promise<Locator> {
  await p.getByRole('button', { name: 'Versiones', exact: true }).click();
  const dialog = p.getByRole('dialog', { name: 'Versiones de la declaración' });
  await dialog.locator('tbody tr').first().waitFor();
  return dialog;
}

/** One row's cells: version, consolidated, by, state, code, SHA-256, download. */
async function versionRow(dialog: Locator, version: number) {
  const row = dialog.locator('tbody tr').filter({
    has: dialog.page().getByRole('button', { name: `Descargar versión ${version}` }),
  });
  // The text as written, not as CSS shows it: badges are drawn in capitals.
  const cells = await row.locator('td').allTextContents();
  return { row, cells: cells.map((c) => c.trim()) };
}

async function download(p: Page, dialog: Locator, version: number) {
  const [file] = await Promise.all([
    p.waitForEvent('download', { timeout: 60_000 }),
    dialog.getByRole('button', { name: `Descargar versión ${version}` }).click(),
  ]);
  return file;
}

describe('frozen declarations (issue 12)', () => {
  it('a school consolidates, is reopened with “Habilitar SIE” and consolidates again; staff see version 1 superseded and version 2 in force, and download each', async () => {
    const director = await page();
    await loginAt(director, base, 'director', 2);
    const mine = await api<{ items: Array<{ sie: number; name: string; codeType: number }> }>(
      director,
      'GET',
      '/institutions/mine',
    );
    const regular = mine.items.find((i) => i.codeType === 1)!;
    school = { sie: regular.sie, name: regular.name };
    for (let n = 1; ; n++) {
      const list = await api<StudentPage>(
        director,
        'GET',
        `/holders/institutions/${school.sie}/students?page=${n}`,
      );
      students.push(...list.items);
      if (students.length >= list.total || list.items.length === 0) break;
    }
    expect(students.length).toBeGreaterThan(2);

    // Version 1: the director consolidates the open list.
    await openDirectorSchool(director);
    await consolidate(director);

    // An administrator reopens it ('Habilitar SIE'); version 1 is now superseded.
    const admin = await page();
    await loginAt(admin, base, 'admin', 1);
    await admin.goto(`${base}/config/enabled`);
    await admin.getByRole('textbox', { name: 'Código SIE' }).fill(String(school.sie));
    await admin
      .getByRole('textbox', { name: 'Motivo de la habilitación' })
      .fill('La dirección distrital pidió corregir la lista de titulares.');
    await admin.getByRole('button', { name: 'Habilitar SIE', exact: true }).click();
    await admin.getByRole('button', { name: 'Continuar' }).click();
    await admin.getByText('Habilitación exitosa').first().waitFor();

    // While reopened, a beneficiary is removed: version 2 declares one more 'Baja / sin titular'.
    removedRude = students.find((s) => s.status === 'registered')!.rude;
    await api(admin, 'POST', `/removals/departments/2/students/${removedRude}`, {
      reason: 'Traslado al exterior',
    });

    // Version 2: the director consolidates again.
    await openDirectorSchool(director);
    await consolidate(director);
    const mineVersions = await openVersions(director);
    await expect.poll(() => mineVersions.locator('tbody tr').count()).toBe(2);
    await director.context().close();

    // District staff find the school by its SIE code and open its versions.
    const district = await page();
    await loginAt(district, base, 'distrito', 2);
    await district.goto(`${base}/tutors/district`);
    await district.getByRole('textbox', { name: 'Código SIE' }).fill(String(school.sie));
    await district.getByRole('button', { name: 'Buscar' }).click();
    await district.getByTestId('institution-card').getByText(school.name).waitFor();
    const dialog = await openVersions(district);
    await expect.poll(() => dialog.locator('tbody tr').count()).toBe(2);
    const stored = await api<DeclarationVersionList>(
      district,
      'GET',
      `/holders/institutions/${school.sie}/declaration/versions`,
    );
    // Versions count per gestión (decision 042): the demo's closed year records a declaration of
    // this school too, yet the open year's first is version 1 again.
    const closed = await api<DeclarationVersionList>(
      district,
      'GET',
      `/holders/institutions/${school.sie}/declaration/versions?year=${stored.items[0]!.year - 1}`,
    );
    expect(closed.items.map((v) => v.version)).toEqual([1]);
    expect(stored.items.map((v) => [v.year, v.version, v.status])).toEqual([
      [closed.items[0]!.year + 1, 1, declarationMessages.superseded],
      [closed.items[0]!.year + 1, 2, declarationMessages.current],
    ]);

    const v1 = await versionRow(dialog, 1);
    const v2 = await versionRow(dialog, 2);
    // Version, consolidated (today, in Bolivia), by whom, state, code.
    expect(v1.cells[0]).toBe(String(1));
    expect(v2.cells[0]).toBe(String(2));
    const today = boliviaDay(new Date());
    expect(v1.cells[1]).toContain(today);
    expect(v2.cells[1]).toContain(today);
    expect(v1.cells[2]).toBe('Director de Unidad Educativa');
    expect(v2.cells[2]).toBe('Director de Unidad Educativa');
    // The superseded one says so, with when; the current one says 'Vigente'.
    expect(v1.cells[3]).toContain(declarationMessages.superseded);
    expect(v1.cells[3]).toContain(today);
    expect(v2.cells[3]).toBe(declarationMessages.current);
    await v1.row.getByText(declarationMessages.superseded, { exact: true }).waitFor();
    await v2.row.getByText(declarationMessages.current, { exact: true }).waitFor();
    codes.push(v1.cells[4]!, v2.cells[4]!);
    expect(codes[0]).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(codes[1]).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
    expect(codes[0]).not.toBe(codes[1]);
    expect(codes).toEqual(stored.items.map((v) => v.verificationCode));
    expect(v1.cells[5]).toBe(`${stored.items[0]!.sha256.slice(0, 12)}…`);
    await shot(district, 'declarations-versions-modal');

    // Each version downloads as the PDF it was: its own code and version number printed on it.
    for (const [index, version] of [1, 2].entries()) {
      const file = await download(district, dialog, version);
      expect(file.suggestedFilename()).toMatch(new RegExp(`^DDJJ_TITULARES_${school.sie}_\\d{14}\\.pdf$`));
      const saved = (await file.path())!;
      copyFileSync(saved, path.join(screenshotsDir, `declarations-v${index + 1}.pdf`));
      const bytes = readFileSync(saved);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // The very bytes that were stored when it was consolidated.
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(stored.items[index]!.sha256);
      const text = pdfText(saved);
      expect(text).toContain(`Código de verificación: ${codes[index]}`);
      expect(text).toContain(`Versión ${version} de la declaración`);
      expect(text).toMatch(new RegExp(`/public/verificar/${codes[index]}`));
      expect(firstPageInk(saved, `declarations-v${index + 1}`)).toBeGreaterThan(0.01);
    }
    await district.context().close();
    await admin.context().close();
  });

  it('the public page /public/verificar/:code shows a printed code’s declaration without login, names no student, and answers in Spanish for malformed and unknown codes', async () => {
    expect(codes).toHaveLength(2);
    const visitor = await page();
    const published: Record<number, VerificationResult> = {};
    for (const [index, code] of codes.entries()) {
      const res = await fetch(`${base}/api/v1/public/declarations/${code}`);
      expect(res.status).toBe(200);
      published[index + 1] = (await res.json()) as VerificationResult;
    }

    // Version 1, as its QR code opens it: authentic, superseded, with when and what it declared.
    await visitor.goto(`${base}/public/verificar/${codes[0]}`);
    const result = visitor.getByTestId('verification-result');
    await result.getByText('Declaración auténtica').waitFor();
    const row = async (label: string) =>
      (
        await result
          .getByRole('row')
          .filter({ has: visitor.getByRole('rowheader', { name: label, exact: true }) })
          .locator('td')
          .innerText()
      ).trim();
    expect(await row('Código')).toBe(codes[0]);
    expect(await row('Institución')).toBe(`${school.name} (SIE ${school.sie})`);
    expect(await row('Documento')).toBe(published[1]!.kindLabel);
    expect(await row('Versión')).toBe(String(1));
    expect(await row('Consolidada')).toContain(boliviaDay(new Date()));
    expect(await row('Reemplazada')).toContain(boliviaDay(new Date()));
    // The two badges: authentic, and its state.
    const badges = () => result.locator('.mantine-Badge-root').allTextContents();
    expect(await badges()).toEqual(['Declaración auténtica', declarationMessages.superseded]);
    await result.getByText(declarationMessages.supersededNotice).waitFor();
    const c1 = countsAt[0]!;
    expect(await row('Estudiantes inscritos')).toBe(formatCount(c1.total));
    expect(await row('Pendientes')).toBe(formatCount(c1.pending));
    expect(await row('SHA-256 del PDF')).toBe(published[1]!.sha256);
    const v1Removed = await row('Baja / sin titular');
    await shot(visitor, 'declarations-verify-v1');

    // No personal data: no student's RUDE or name anywhere on the page.
    const body = await visitor.locator('body').innerText();
    for (const s of students) {
      expect(body).not.toContain(s.rude);
      expect(body).not.toContain(studentName(s));
    }

    // Version 2, typed into the form: in force, no superseded notice, one more removal declared.
    await visitor.getByRole('textbox', { name: 'Código de verificación' }).fill(codes[1]!.toLowerCase());
    await visitor.getByRole('button', { name: 'Verificar' }).click();
    await visitor.waitForURL(`${base}/public/verificar/${codes[1]}`);
    await expect.poll(() => row('Código')).toBe(codes[1]);
    expect(await row('Versión')).toBe(String(2));
    expect(await badges()).toEqual(['Declaración auténtica', declarationMessages.current]);
    expect(await result.getByText(declarationMessages.supersededNotice).count()).toBe(0);
    expect(await result.locator('th', { hasText: /^Reemplazada$/ }).count()).toBe(0);
    expect(Number(await row('Baja / sin titular'))).toBe(Number(v1Removed) + 1);
    await shot(visitor, 'declarations-verify-v2');

    // A code that cannot be one, and a well-formed code nobody issued.
    await visitor.goto(`${base}/public/verificar/ABC-123`);
    await visitor.getByText(declarationMessages.malformedCode).waitFor();
    expect(await visitor.getByTestId('verification-result').count()).toBe(0);
    await shot(visitor, 'declarations-verify-malformed');
    const unknown = codes[0]!.startsWith('0000') ? '1111-1111-1111-1111' : '0000-0000-0000-0000';
    await visitor.goto(`${base}/public/verificar/${unknown}`);
    await visitor.getByText(declarationMessages.unknownCode).waitFor();
    expect(await visitor.getByTestId('verification-result').count()).toBe(0);
    await shot(visitor, 'declarations-verify-unknown');
    // Nobody logged in: no token was ever stored in this browser.
    expect(await visitor.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await visitor.context().close();
  });

  it('a block after the consolidation is listed in “Novedades posteriores a la consolidación” for the district, and in the student’s Kardex', async () => {
    const admin = await page();
    await loginAt(admin, base, 'admin', 1);
    const target = students.find(
      (s) =>
        s.status === 'registered' &&
        !s.blocked &&
        s.rude !== students.find((r) => r.status === 'registered')!.rude,
    )!;
    const observation = 'Denuncia de cobro indebido, revisión distrital';

    // The administrator blocks the student on 'Bloqueo Estudiante pago BJP'.
    const before = new Date();
    await admin.goto(`${base}/block/student-lock`);
    await admin.getByRole('textbox', { name: 'Código RUDE' }).fill(target.rude);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin.getByTestId('block-candidate').getByText('Habilitado').waitFor();
    await admin.getByRole('button', { name: 'Bloquear Estudiante' }).click();
    await admin.getByRole('button', { name: 'Continuar' }).click();
    const observationDialog = admin
      .getByRole('dialog')
      .filter({ has: admin.getByRole('textbox', { name: 'Observación' }) });
    await observationDialog.getByRole('textbox', { name: 'Observación' }).fill(observation);
    await observationDialog.getByRole('button', { name: 'Registrar' }).click();
    await admin.getByTestId('block-candidate').getByText('Bloqueado').waitFor();
    const after = new Date();

    // District staff open the list from their menu and narrow it to the school.
    const district = await page();
    await loginAt(district, base, 'distrito', 2);
    await district.getByRole('link', { name: 'Novedades posteriores' }).first().click();
    await district.waitForURL(`${base}/seguimiento/novedades`);
    await district.getByRole('heading', { name: noveltiesTitle }).waitFor();
    await district.getByRole('textbox', { name: 'Código SIE' }).fill(String(school.sie));
    await Promise.all([
      district.waitForResponse(
        (r) => r.url().includes(`/declarations/novelties?`) && r.url().includes(`sie=${school.sie}`),
      ),
      district.getByRole('button', { name: 'Buscar' }).click(),
    ]);
    const table = district.getByTestId('novelties');
    const listed = await api<NoveltyPage>(
      district,
      'GET',
      `/declarations/novelties?sie=${school.sie}&page=1`,
    );
    const novelty = listed.items.find((n) => n.rude === target.rude && n.kind === 'block')!;
    expect(novelty).toBeDefined();
    expect(new Date(novelty.at).getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(new Date(novelty.at).getTime()).toBeLessThanOrEqual(after.getTime() + 1000);
    // The removal made while the school was reopened went into version 2: it is not a novelty.
    expect(listed.items.filter((n) => n.kind === 'removal')).toEqual([]);

    const row = table.locator('tbody tr').filter({ hasText: `RUDE ${target.rude}` });
    await row.waitFor();
    const cells = (await row.locator('td').allTextContents()).map((c) => c.replace(/\s+/g, ' ').trim());
    const [when, what, who, where, by, postdates] = cells;
    expect(when).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/);
    expect(when!.slice(0, 10)).toBe(boliviaDay(new Date(novelty.at)));
    expect(what).toContain('Bloqueo');
    expect(what).toContain(observation);
    expect(who).toContain(studentName(target));
    expect(who).toContain(`RUDE ${target.rude}`);
    expect(where).toContain(school.name);
    expect(where).toContain(`SIE ${school.sie}`);
    expect(by).toBe('Administrador Nacional');
    expect(postdates).toContain(`Registro de titulares v2`);
    // Only in the list's rows: every one of them is about this school.
    const schools = await table.locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(schools.every((s) => s.includes(`SIE ${school.sie}`))).toBe(true);
    await row.scrollIntoViewIfNeeded();
    await shot(district, 'declarations-novelties');
    await district.context().close();

    // The Kardex: the day's changes are consolidated on 'Sincronización Síntesis', the student found
    // in 'Lista Paso 1' by RUDE, and its Kardex lists the block as after the consolidation.
    await admin.goto(`${base}/sync-module/admin`);
    const step = admin.getByRole('button', { name: 'Consolidar modificaciones' });
    await expect.poll(() => step.isEnabled()).toBe(true);
    await step.click();
    await admin.getByRole('button', { name: 'Continuar' }).click();
    await admin
      .getByTestId('result-consolidate')
      .getByText(/Modificaciones consolidadas/)
      .waitFor();
    await admin.getByRole('textbox', { name: 'Filtrar por RUDE' }).fill(target.rude);
    const stepOne = admin.getByTestId('step-one');
    await expect
      .poll(async () => {
        const rudes = await stepOne.locator('tbody tr td:nth-child(2)').allInnerTexts();
        return rudes.length > 0 && rudes.every((r) => r.trim() === target.rude);
      })
      .toBe(true);
    await stepOne.getByRole('button', { name: 'Kardex' }).first().click();
    const kardex = admin.getByRole('dialog', { name: 'Kardex del Estudiante' });
    await kardex.getByText(`RUDE ${target.rude}`, { exact: false }).first().waitFor();
    const heading = kardex.getByRole('heading', { name: /^Posterior a la consolidación/ });
    await heading.waitFor();
    // The section is the heading's parent: its table sits in a scroll container of its own.
    const section = heading.locator('xpath=..');
    const kardexRow = section.locator('tbody tr').filter({ hasText: observation });
    await kardexRow.waitFor();
    const kardexCells = (await kardexRow.locator('td').allTextContents()).map((c) => c.trim());
    expect(kardexCells[0]).toBe(when);
    expect(kardexCells[1]).toBe('Bloqueo');
    expect(kardexCells[2]).toBe(observation);
    expect(kardexCells[3]).toBe('Administrador Nacional');
    expect(kardexCells[4]).toMatch(/^Registro de titulares v2 \(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\)$/);
    await heading.scrollIntoViewIfNeeded();
    await shot(admin, 'declarations-kardex');
    await kardex.getByRole('button', { name: 'Cerrar' }).click();
    await admin.context().close();
  });
});
