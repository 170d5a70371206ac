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
} from './support/browser.js';

type Review = { eligible: unknown[]; excluded: unknown[]; alreadyDesignated: number; year: number };
type School = { sie: number; name: string; codeType: number };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

/**
 * A school of the director's with returning students to designate, its list open again if an earlier
 * browser test consolidated it (the files share one server).
 */
async function schoolWithReturning(page: Page): Promise<{ school: School; review: Review }> {
  const mine = await apiGet<{ items: School[] }>(page, '/api/v1/institutions/mine');
  for (const school of mine.items) {
    const review = await apiGet<Review>(page, `/api/v1/holders/institutions/${school.sie}/previous-titulars`);
    if (review.eligible.length === 0) continue;
    const state = await apiGet<{ consolidatedAt: string | null }>(
      page,
      `/api/v1/holders/institutions/${school.sie}`,
    );
    if (state.consolidatedAt)
      await reopenHolders(browser, school.sie, 'Prueba: titulares de la gestión anterior');
    return { school, review };
  }
  throw new Error('no school of the director with returning students');
}

async function openReview(page: Page, school: School) {
  await page.goto(`${baseUrl()}/tutors/principal`);
  await page.getByRole('textbox', { name: 'Seleccione Institución' }).click();
  await page.getByRole('option', { name: new RegExp(school.name) }).click();
  await page.getByTestId('institution-card').getByText(school.name).waitFor();
  await page.getByRole('button', { name: 'Titulares de la gestión anterior' }).click();
  return page.getByRole('dialog');
}

describe("'Titulares de la gestión anterior' (issue 37 §1)", () => {
  it('a director reviews the returning students and designates them all with one confirmation, on a phone too', async () => {
    const phone = await newPage(browser, { width: 390, height: 844 });
    await login(phone, 'director', 2);
    const { school, review } = await schoolWithReturning(phone);
    const count = review.eligible.length;
    const label = count === 1 ? 'Designar 1 titular' : `Designar ${count} titulares`;
    const onPhone = await openReview(phone, school);
    await onPhone.getByRole('button', { name: label }).waitFor();
    // The confirmation is reachable without sideways scrolling.
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(phone, 'previous-titulars-phone');

    const page = await newPage(browser);
    await login(page, 'director', 2);
    const dialog = await openReview(page, school);
    await screenshot(page, 'previous-titulars-review');
    await dialog.getByRole('button', { name: label }).click();
    await dialog.getByTestId('previous-titulars-result').waitFor();
    expect(await dialog.getByTestId('previous-titulars-result').innerText()).toMatch(
      /Se design(ó|aron) \d+ titular(es)? de la gestión anterior\./,
    );
    await screenshot(page, 'previous-titulars-result');
    const after = await apiGet<Review>(page, `/api/v1/holders/institutions/${school.sie}/previous-titulars`);
    expect(after.eligible).toEqual([]);
    expect(after.alreadyDesignated).toBeGreaterThanOrEqual(review.alreadyDesignated + count);
  });
});
