import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, baseUrl, launchBrowser, login, newPage, screenshot } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

type UserPage = { items: { username: string }[]; total: number; pageSize: number };

const search = (page: Page) => page.getByRole('textbox', { name: 'Buscar usuarios' });
const currentPage = (page: Page) =>
  page.getByRole('navigation', { name: 'Paginación' }).locator('[aria-current="page"]');
const selectedTab = (page: Page) => page.getByRole('tab', { selected: true });
const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);

/** The first user name of the table the tab shows (its rows are the page the URL names). */
const firstUser = (page: Page, tab: string) =>
  page.getByTestId(`users-table-${tab}`).locator('tbody tr').first().locator('td').nth(2);

describe("a list's tab, filter and page live in the URL (issue 16)", () => {
  it('Lista de Usuarios: reload keeps tab + search + page, Back returns to the previous state', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    // A search with more than one page of directors in the demo data.
    let term = '';
    let expected: UserPage | null = null;
    for (const candidate of ['a', 'e', 'o', 'i', 'u']) {
      const found = await apiGet<UserPage>(page, `/api/v1/users?tab=principals&search=${candidate}&page=2`);
      if (found.total > found.pageSize) {
        term = candidate;
        expected = found;
        break;
      }
    }
    expect(term, 'the demo data has more than one page of directors for some vowel').not.toBe('');

    await page.goto(`${baseUrl()}/config/users`);
    await page.getByTestId('users-table-ministry').locator('tbody tr').first().waitFor();
    expect(params(page)).toEqual({});

    // Tab (pushes), search typed key by key (replaces, after a pause), page 2 (pushes).
    await page.getByRole('tab', { name: 'Directores UE' }).click();
    await expect.poll(() => params(page)).toEqual({ tab: 'principals' });
    await search(page).pressSequentially(term, { delay: 60 });
    await expect.poll(() => params(page)).toEqual({ tab: 'principals', q: term });
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await expect.poll(() => params(page)).toEqual({ tab: 'principals', q: term, page: '2' });
    await expect.poll(() => firstUser(page, 'principals').textContent()).toBe(expected!.items[0]!.username);

    // Reload: the same tab, search and page.
    await page.reload();
    await expect.poll(() => selectedTab(page).textContent()).toBe('Directores UE');
    await expect.poll(() => search(page).inputValue()).toBe(term);
    await expect.poll(() => currentPage(page).textContent()).toBe('2');
    await expect.poll(() => firstUser(page, 'principals').textContent()).toBe(expected!.items[0]!.username);
    await screenshot(page, 'list-url-state-reloaded');

    // Back: page 1 of the same search (the typing left no entries of its own)…
    await page.goBack();
    await expect.poll(() => params(page)).toEqual({ tab: 'principals', q: term });
    await expect.poll(() => currentPage(page).textContent()).toBe('1');
    await expect.poll(() => search(page).inputValue()).toBe(term);
    expect(await selectedTab(page).textContent()).toBe('Directores UE');
    // …and once more: the list as it was opened, first tab, empty search.
    await page.goBack();
    await expect.poll(() => params(page)).toEqual({});
    await expect.poll(() => selectedTab(page).textContent()).toBe('Ministerio de Educación');
    await expect.poll(() => search(page).inputValue()).toBe('');
    // Forward again: the search comes back in the box.
    await page.goForward();
    await expect.poll(() => search(page).inputValue()).toBe(term);
    await page.context().close();
  });

  it('Registro Titulares: school, course, page and tab survive a reload and Back walks them back', async () => {
    const page = await newPage(browser);
    await login(page, 'director', 2);
    const mine = await apiGet<{ items: { sie: number; name: string; codeType: number }[] }>(
      page,
      '/api/v1/institutions/mine',
    );
    // A school of the director with a course of more than one page of students.
    let target: { sie: number; name: string; courseId: number; label: string; rude: string } | null = null;
    for (const school of mine.items.filter((i) => i.codeType !== 4)) {
      const courses = await apiGet<{ levels: { courses: { courseId: number; label: string }[] }[] }>(
        page,
        `/api/v1/institutions/${school.sie}/courses`,
      );
      for (const course of courses.levels.flatMap((l) => l.courses)) {
        const second = await apiGet<{ items: { rude: string }[] }>(
          page,
          `/api/v1/holders/institutions/${school.sie}/students?course=${course.courseId}&page=2`,
        );
        if (second.items[0]) {
          target = { ...school, ...course, rude: second.items[0].rude };
          break;
        }
      }
      if (target) break;
    }
    expect(target, 'a demo course with two pages of students').not.toBeNull();
    const t = target!;
    const students = page.getByTestId('students-table');

    await page.goto(`${baseUrl()}/tutors/principal`);
    await page.getByRole('textbox', { name: 'Seleccione Institución' }).click();
    await page.getByRole('option', { name: new RegExp(t.name) }).click();
    await expect.poll(() => params(page)).toEqual({ sie: String(t.sie) });
    await page
      .getByTestId('course-menu')
      .getByRole('button', { name: new RegExp(`^${t.label}`) })
      .first()
      .click();
    await expect.poll(() => params(page)).toEqual({ sie: String(t.sie), course: String(t.courseId) });
    await page.getByRole('button', { name: 'Página 2', exact: true }).click();
    await expect.poll(() => students.textContent()).toContain(t.rude);
    await page.getByRole('tab', { name: 'Titulares' }).click();
    await expect
      .poll(() => params(page))
      .toEqual({ sie: String(t.sie), course: String(t.courseId), page: '2', tab: 'titulars' });

    await page.reload();
    await expect.poll(() => selectedTab(page).textContent()).toBe('Titulares');
    await page.getByTestId('institution-card').getByText(t.name).waitFor();

    // Back: the course's page 2 on the Estudiantes tab, then page 1, then the course unchosen.
    await page.goBack();
    await expect.poll(() => selectedTab(page).textContent()).toBe('Estudiantes');
    await expect.poll(() => students.textContent()).toContain(t.rude);
    expect(await currentPage(page).textContent()).toBe('2');
    await page.goBack();
    await expect.poll(() => params(page)).toEqual({ sie: String(t.sie), course: String(t.courseId) });
    await expect.poll(() => currentPage(page).textContent()).toBe('1');
    await page.goBack();
    await expect.poll(() => params(page)).toEqual({ sie: String(t.sie) });
    await page.getByText('Elija un curso en la Lista.').waitFor();
    await screenshot(page, 'list-url-state-holders-back');
    await page.context().close();
  });

  it('reads bad values as the defaults instead of failing', async () => {
    const page = await newPage(browser);
    await login(page, 'admin', 1);
    await page.goto(`${baseUrl()}/config/users?tab=nope&page=abc&q=${'x'.repeat(300)}`);
    await expect.poll(() => selectedTab(page).textContent()).toBe('Ministerio de Educación');
    await expect.poll(() => currentPage(page).count()).toBeLessThanOrEqual(1);
    expect((await search(page).inputValue()).length).toBeLessThanOrEqual(100);
    await page.getByTestId('users-table-ministry').waitFor();
    expect(await page.getByText('Ocurrió un error inesperado').count()).toBe(0);
    await page.context().close();
  });
});
