import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AxeFinding, seriousAxeViolations } from './support/axe.js';
import { launchBrowser, login, newPage, screenshot, screenshotsDir } from './support/browser.js';
import { type Clip, findClipped } from './support/clipping.js';
import {
  allAppPaths,
  demoParams,
  demoProfiles,
  fillParams,
  routesOf,
  sessionUser,
  url,
  waitForData,
} from './support/route-walk.js';

/**
 * Issue 16: every route of the console, as each demo profile and on the public pages, at an office
 * laptop's 1366 × 768 and a phone's 390 × 844. Fails on content clipped with no way to scroll to
 * it, and on any serious or critical axe-core violation. The routes come from the console's own
 * menus and route table, so a new screen is walked without touching this file.
 */
const viewports = [
  { name: '1366x768', width: 1366, height: 768 },
  { name: '390x844', width: 390, height: 844 },
] as const;

type Finding = { where: string; clip?: Clip; axe?: AxeFinding };

let browser: Browser;
const walked = new Set<string>();
const findings: Finding[] = [];
let visits = 0;
// Every visit and finding as it happens, to read while a long walk runs or after it failed.
const log = path.join(screenshotsDir, 'every-route.txt');
const note = (line: string) => appendFileSync(log, `${new Date().toISOString().slice(11, 19)} ${line}\n`);

beforeAll(async () => {
  mkdirSync(screenshotsDir, { recursive: true });
  writeFileSync(log, '');
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  note(
    `${visits} visitas, ${findings.filter((f) => f.clip).length} recortes, ${findings.filter((f) => f.axe).length} violaciones axe`,
  );
});

/** Opens a route inside the running app (as its links do), so the bundle is not loaded again. */
async function open(page: Page, route: string): Promise<void> {
  if (!page.url().startsWith(url('/'))) {
    await page.goto(url(route));
    return;
  }
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, route);
  await page.waitForURL((u) => u.pathname === route);
}

/** Opens one route at each viewport, waits for its data and collects what is clipped or inaccessible. */
async function check(page: Page, route: string, who: string): Promise<string[]> {
  const problems: string[] = [];
  await page.setViewportSize(viewports[0]);
  await open(page, route);
  for (const viewport of viewports) {
    const where = `${route} como ${who} a ${viewport.name}`;
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    const loaded = await waitForData(page).then(
      () => true,
      () => false,
    );
    visits++;
    note(`visita ${where}`);
    if (!loaded) {
      problems.push(`${where}: sigue cargando`);
      note(`LOADING ${where}`);
      continue;
    }
    const clips = await findClipped(page);
    for (const clip of clips) {
      findings.push({ where, clip });
      note(`CLIP ${where} ${clip.kind} ${clip.path} «${clip.text}» (${clip.detail})`);
      problems.push(`${where}: recortado (${clip.kind}) ${clip.path} «${clip.text}» — ${clip.detail}`);
    }
    for (const violation of await seriousAxeViolations(page)) {
      findings.push({ where, axe: violation });
      note(
        `AXE ${where} ${violation.id} [${violation.impact}] ${violation.help} → ${violation.targets.join(' | ')} (${violation.summary})`,
      );
      problems.push(
        `${where}: axe ${violation.id} [${violation.impact}] ${violation.help} → ${violation.targets.join(' | ')} (${violation.summary})`,
      );
    }
    if (process.env.WALK_SCREENSHOTS)
      await screenshot(page, `walk-${who}-${route.replace(/[/:]+/g, '_')}-${viewport.name}`);
  }
  return problems;
}

describe('every route, as each profile, at 1366 × 768 and 390 × 844', () => {
  // WALK_PROFILES=admin,director walks only those (while fixing); a full run walks them all.
  const only = process.env.WALK_PROFILES?.split(',');
  for (const profile of demoProfiles.filter((p) => !only || only.includes(p.username))) {
    it(`${profile.username}: nothing clipped, no serious or critical axe violation`, {
      timeout: 1_800_000,
    }, async () => {
      const page = await newPage(browser, viewports[0]);
      await login(page, profile.username, profile.type);
      const user = await sessionUser(page);
      const params = await demoParams(page);
      const problems: string[] = [];
      for (const route of routesOf(user)) {
        const target = fillParams(route, params);
        expect(target, `sin valor de demostración para ${route}`).not.toBeNull();
        walked.add(route);
        problems.push(...(await check(page, target!, profile.username)));
      }
      await page.context().close();
      expect(problems).toEqual([]);
    });
  }

  it('the public pages and the login page: nothing clipped, no serious or critical axe violation', {
    timeout: 300_000,
  }, async () => {
    // Real ids for the public pages, read as the administrator.
    const admin = await newPage(browser);
    await login(admin, 'admin', 1);
    const params = await demoParams(admin);
    await admin.context().close();
    const page = await newPage(browser, viewports[0]);
    const routes = [
      '/auth/login',
      '/public/consulta',
      `/public/enrollment/${params[':id']}`,
      // A well-formed code: the page answers with its own 'not found' panel when the demo has none.
      '/public/verificar/AAAA-BBBB-CCCC-DDDD',
    ];
    const problems: string[] = [];
    for (const route of routes) problems.push(...(await check(page, route, 'visitante')));
    await page.context().close();
    expect(problems).toEqual([]);
  });

  it('walked every route of the route table with at least one profile', () => {
    expect(allAppPaths.filter((p) => !walked.has(p))).toEqual([]);
  });
});
