import { rows } from '../db/rows.js';
import { DEMO_PASSWORD, seedDatabase } from '../db/seed/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from './app.js';

/**
 * The closed-year tests' common start (issue 18, decision 040): a server over the tiny demo data,
 * which holds the open year and the closed previous one, the demo administrator's token and the two
 * years. Each test file starts its own (its own fresh database).
 */
export type ClosedYearDemo = { ctx: TestContext; admin: string; open: number; closed: number };

/**
 * Seeds the tiny demo data as of 2025-11-20 (the open year's payment campaign) and logs the admin in.
 * `options` go to createTestApp (e.g. the server's DATABASE_URL, so stored files become rows).
 */
export async function startClosedYearDemo(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<ClosedYearDemo> {
  const ctx = await createTestApp(options);
  await seedDatabase(ctx.handle, { scale: 'tiny', today: '2025-11-20' });
  const admin = (await loginAs(ctx.app, 'admin', 1, DEMO_PASSWORD)).token;
  const [years] = await rows<{ open: number; closed: number }>(
    ctx.handle.db,
    'SELECT (SELECT year FROM programme_settings) AS open, (SELECT max(year) FROM closed_years) AS closed',
  );
  return { ctx, admin, open: years!.open, closed: years!.closed };
}

/**
 * GET requests to the API of the demo `current()` returns (read when called, so a test file may
 * build them before its beforeAll starts the demo): as the admin unless another token is given;
 * `json` fails with the route and its answer on anything but 200.
 */
export function demoReads(current: () => Pick<ClosedYearDemo, 'ctx' | 'admin'>) {
  const get = (url: string, token?: string) => {
    const { ctx, admin } = current();
    return ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(token ?? admin) });
  };
  const json = async <T>(url: string, token?: string): Promise<T> => {
    const res = await get(url, token);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json<T>();
  };
  return { get, json };
}
