import { boliviaDay, profiles, type SessionUser } from '@bjp/domain';
import type { Page } from 'playwright-core';
import { type MenuUser, menuFor, pinnableLinks } from '../../apps/web/src/app/menus.js';
import { type AppPath, canAccess, routeAccess } from '../../apps/web/src/app/route-access.js';
import { apiGet, baseUrl } from './browser.js';

/** The demo profiles as they log in (user type 1: Ministerio, 2: SIE). */
export const demoProfiles = [
  { username: 'admin', type: 1 },
  { username: 'ministerio', type: 1 },
  { username: 'depto', type: 2 },
  { username: 'distrito', type: 2 },
  { username: 'director', type: 2 },
  { username: 'otro', type: 2 },
] as const;
export type DemoProfile = (typeof demoProfiles)[number];

export const allAppPaths = Object.keys(routeAccess) as AppPath[];

/** The session user the console keeps after login (what its own sidebar is drawn from). */
export async function sessionUser(page: Page): Promise<SessionUser> {
  const raw = await page.evaluate(() => localStorage.getItem('User'));
  if (!raw) throw new Error('no session user after login');
  return JSON.parse(raw) as SessionUser;
}

const menuPaths = (user: MenuUser): AppPath[] =>
  pinnableLinks(menuFor(user, boliviaDay()))
    .filter((l) => l.type === 'link')
    .map((l) => (l as { path: AppPath }).path);

/** Every path some menu links to: each menu drawn for a user holding every permission. */
const linkedSomewhere = (): Set<AppPath> => {
  const permissions = Object.values(routeAccess).filter((p): p is NonNullable<typeof p> => p !== null);
  const users: MenuUser[] = [undefined, ...Object.values(profiles)].map((profile) => ({
    type: profile === undefined ? 1 : 2,
    profile: profile ?? 0,
    permissions,
    directorDeadline: '9999-12-31',
  }));
  return new Set(users.flatMap(menuPaths));
};

/**
 * The routes a profile is walked through: every link of its own menu (menus.ts, as the sidebar
 * computes it) and the routes of the route table it may open that no menu links to: the user
 * menu's profile pages, the screens opened from a row (with parameters) and any other.
 */
export function routesOf(user: SessionUser): AppPath[] {
  const linked = linkedSomewhere();
  const offMenu = allAppPaths.filter(
    (p) => (routeAccess[p] === null || p.includes(':') || !linked.has(p)) && canAccess(p, user.permissions),
  );
  return [...new Set([...menuPaths(user), ...offMenu])];
}

type Page1<T> = { items: T[] };

/** Real demo values for each route parameter, read through the API as the profile sees it. */
export async function demoParams(page: Page): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  for (const tab of ['active', 'created', 'finished']) {
    const events = await apiGet<Page1<{ id: number }>>(page, `/api/v1/events?tab=${tab}`).catch(() => null);
    if (events?.items[0]) {
      params[':id'] = String(events.items[0].id);
      break;
    }
  }
  const mine = await apiGet<Page1<{ sie: number }>>(page, '/api/v1/institutions/mine').catch(() => null);
  if (mine?.items[0]) params[':code'] = String(mine.items[0].sie);
  // National staff have no schools of their own: the first school of the first department (ids 1–9,
  // Bolivia's departments) whose tracking list they can read.
  for (let department = 1; !params[':code'] && department <= 9; department++) {
    const schools = await apiGet<Page1<{ institutionId: number }>>(
      page,
      `/api/v1/tracking/departments/${department}/institutions`,
    ).catch(() => null);
    if (schools?.items[0]) params[':code'] = String(schools.items[0].institutionId);
  }
  return params;
}

/** A route with its parameters filled in; null when no demo value is known for one of them. */
export function fillParams(path: string, params: Record<string, string>): string | null {
  let missing = false;
  const url = path.replace(/:[a-zA-Z]+/g, (name) => {
    const value = params[name];
    if (!value) missing = true;
    return value ?? name;
  });
  return missing ? null : url;
}

/**
 * Waits until the screen has its data: no request in flight, no spinner nor 'Cargando…' text,
 * no route progress bar. Then lets fonts and a frame settle before measuring.
 */
export async function waitForData(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const busy = [
      ...document.querySelectorAll(
        '[data-testid="route-progress"], .mantine-Loader-root, [aria-label^="Cargando"], [aria-busy="true"]',
      ),
    ].some((el) => (el as HTMLElement).checkVisibility());
    const loadingText = document.body.innerText.includes('Cargando…');
    const loadingPlaceholder = [...document.querySelectorAll('input[placeholder="Cargando…"]')].length > 0;
    // A drawer or a menu still sliding after a resize is measured where it stops.
    const moving = document.getAnimations().some((a) => a.playState === 'running');
    return !busy && !loadingText && !loadingPlaceholder && !moving;
  });
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((r) => requestAnimationFrame(r))));
}

export const url = (path: string) => `${baseUrl()}${path}`;
