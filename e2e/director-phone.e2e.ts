import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/axe.js';
import { launchBrowser, login, newPage, screenshot, screenshotsDir } from './support/browser.js';
import { findClipped } from './support/clipping.js';
import { demoParams, fillParams, routesOf, sessionUser, url, waitForData } from './support/route-walk.js';

/**
 * Issue 37 §3: a phone is a full console for the director. Every route of the director's profile
 * (its menu and the screens opened from a row, as the route walk computes them) is opened at
 * 390 × 844; where a screen first asks for a school (and a course, and 'Buscar'), each of the
 * director's schools is chosen in turn. Then every action of every row — its buttons, links and
 * switches — must be wholly inside the screen and inside whatever box holds it, and the page must
 * not scroll sideways, nothing may be clipped and axe may find nothing serious. Rows are cards on
 * a phone (decision 061).
 */
const phone = { width: 390, height: 844 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type Measure = { rows: number; actions: number; hidden: string[]; pageScrollsX: boolean };

/** Runs in the page: each row action that is not wholly in view, and whether the page scrolls sideways. */
function measureRows(): Measure {
  const width = document.documentElement.clientWidth;
  const hidden: string[] = [];
  const rows = [...document.querySelectorAll('tbody > tr')].filter((r) =>
    (r as HTMLElement).checkVisibility(),
  );
  let actions = 0;
  for (const row of rows) {
    const controls = row.querySelectorAll<HTMLElement>(
      'button, a[href], [role="switch"], input[type="checkbox"], input[type="radio"]',
    );
    for (const control of controls) {
      // A switch's or checkbox's input is drawn by its track; the track is what must be in view.
      const drawn = (control.closest('.mantine-Switch-root, .mantine-Checkbox-root') ??
        control) as HTMLElement;
      if (!drawn.checkVisibility()) continue;
      actions++;
      const r = drawn.getBoundingClientRect();
      let inside = r.left >= -1 && r.right <= width + 1;
      // Inside a box that scrolls or clips sideways, it must also be within that box.
      for (let box = drawn.parentElement; box && box !== document.body; box = box.parentElement) {
        const overflowX = getComputedStyle(box).overflowX;
        if (overflowX === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1) inside = false;
      }
      if (!inside) {
        const name = control.getAttribute('aria-label') || control.innerText.trim() || control.tagName;
        hidden.push(`«${name}» de ${Math.round(r.left)} a ${Math.round(r.right)}px`);
      }
    }
  }
  return {
    rows: rows.length,
    actions,
    hidden,
    pageScrollsX: document.documentElement.scrollWidth > document.documentElement.clientWidth + 1,
  };
}

/** The options of the screen's 'Seleccione Institución' selector, or none when it has none. */
async function schoolOptions(page: Page): Promise<string[]> {
  const selector = page.getByRole('textbox', { name: 'Seleccione Institución' });
  if ((await selector.count()) === 0) return [];
  await selector.click();
  const options = await page.getByRole('listbox').getByRole('option').allInnerTexts();
  await page.keyboard.press('Escape');
  return options;
}

/** Brings a screen's rows out: the school chosen, then 'Buscar' pressed or the first course opened. */
async function reveal(page: Page, school: string | null): Promise<void> {
  if (school) {
    await page.getByRole('textbox', { name: 'Seleccione Institución' }).click();
    await page.getByRole('listbox').getByRole('option', { name: school, exact: true }).click();
  }
  await waitForData(page);
  // 'Buscar' where it shows a school's lists ('Validación Pagados'); beside a course menu it is a
  // search by RUDE, which an empty field refuses.
  const search = page.getByRole('main').getByRole('button', { name: 'Buscar', exact: true });
  const hasMenu = (await page.getByTestId('course-menu').count()) > 0;
  if (!hasMenu && (await search.count()) === 1 && (await search.isEnabled())) {
    await search.click();
    await waitForData(page);
  }
  // The first course of the first level (expanded when it is not), or 'Estudiantes Habilitados'.
  const menu = page.getByTestId('course-menu');
  const first = menu.getByRole('button').first();
  if ((await first.count()) === 1) {
    if ((await first.getAttribute('aria-expanded')) === 'false') await first.click();
    const course = menu.locator('.mantine-NavLink-root').first();
    await ((await course.count()) > 0 ? course : first).click();
    await waitForData(page);
  }
}

/**
 * The lists a row's action opens: the titular dialog of a student (its guardians, each with a
 * switch and icons) and a titular's students in 'Validación Pagados' (each with its ESTADO button).
 */
const drillDowns: Record<string, { open: string | RegExp; ready: (page: Page) => Promise<unknown> }> = {
  '/tutors/principal': {
    open: /^Registrado: /,
    ready: (page) => page.getByRole('dialog').getByTestId('guardians-table').waitFor(),
  },
  '/paid-report/principal-report': {
    open: /^Estudiantes de /,
    ready: (page) => page.getByTestId('titular-card').waitFor(),
  },
};

describe('the director on a phone (390 × 844)', () => {
  it('reaches every row action of every director route without scrolling sideways', {
    timeout: 900_000,
  }, async () => {
    const page = await newPage(browser, phone);
    await login(page, 'director', 2);
    const user = await sessionUser(page);
    const params = await demoParams(page);
    const problems: string[] = [];
    const withRows = new Set<string>();
    for (const route of routesOf(user)) {
      const target = fillParams(route, params);
      expect(target, `sin valor de demostración para ${route}`).not.toBeNull();
      await page.goto(url(target!));
      await waitForData(page);
      const schools = await schoolOptions(page);
      for (const school of schools.length > 0 ? schools : [null]) {
        if (school) {
          await page.goto(url(target!));
          await waitForData(page);
        }
        await reveal(page, school);
        const where = `${target}${school ? ` (${school})` : ''}`;
        const m = await page.evaluate(measureRows);
        if (m.actions > 0) withRows.add(route);
        if (m.pageScrollsX) problems.push(`${where}: la página se desplaza hacia el lado`);
        for (const h of m.hidden) problems.push(`${where}: acción fuera de la vista ${h}`);
        // The screen as the director uses it: nothing cut off, nothing serious for axe (the
        // every-route walk sees these screens before a school is chosen, their lists empty).
        for (const c of await findClipped(page))
          problems.push(`${where}: recortado (${c.kind}) ${c.path} «${c.text}» — ${c.detail}`);
        for (const v of await seriousAxeViolations(page))
          problems.push(`${where}: axe ${v.id} [${v.impact}] ${v.help} → ${v.targets.join(' | ')}`);
        const shot = `director-phone-${target!.replace(/[/:]+/g, '_')}${school ? `-${school.slice(0, 8)}` : ''}`;
        await screenshot(page, shot);
        const drill = drillDowns[route];
        const opener = drill && page.locator('tbody > tr').getByRole('button', { name: drill.open });
        if (opener && (await opener.count()) > 0) {
          await opener.first().click();
          await drill.ready(page);
          await waitForData(page);
          const inner = await page.evaluate(measureRows);
          const there = `${where} → ${drill.open}`;
          if (inner.actions > 0) withRows.add(`${route} → ${drill.open}`);
          if (inner.pageScrollsX) problems.push(`${there}: la página se desplaza hacia el lado`);
          for (const h of inner.hidden) problems.push(`${there}: acción fuera de la vista ${h}`);
          // What the phone shows: a full-page shot draws a dialog over a page grown to its list.
          await page.screenshot({ path: path.join(screenshotsDir, `${shot}-detalle.png`) });
        }
      }
    }
    await page.context().close();
    expect(problems).toEqual([]);
    // The lists whose rows carry the director's actions were really drawn and measured.
    expect([...withRows].sort()).toEqual(
      expect.arrayContaining([
        '/tutors/principal',
        '/tutors/principal → /^Registrado: /',
        '/paid-report/principal-report',
        '/paid-report/principal-report → /^Estudiantes de /',
      ]),
    );
    console.info(`rutas con acciones medidas: ${[...withRows].sort().join(', ')}`);
  });
});
