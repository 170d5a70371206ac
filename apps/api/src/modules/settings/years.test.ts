import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closedYears } from '../../db/schema/index.js';
import { createTestApp, type TestContext } from '../../test/app.js';
import { settingsForYear } from './index.js';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

describe('programme years', () => {
  it('lists the open year alone on a new database, and gives its settings', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/config/public' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ year: number; years: Array<{ year: number; closed: boolean }> }>();
    expect(body.years).toEqual([{ year: body.year, closed: false }]);
    const open = await settingsForYear(ctx.handle.db, body.year);
    expect(open).toMatchObject({ year: body.year, closed: false });
    expect(await settingsForYear(ctx.handle.db, body.year - 7)).toBeUndefined();
  });

  it("reads a closed year's frozen settings, not the open year's", async () => {
    const open = await ctx.app.inject({ method: 'GET', url: '/api/v1/config/public' });
    const { year, amountPerStudent } = open.json<{ year: number; amountPerStudent: number }>();
    await ctx.handle.db.insert(closedYears).values({
      year: year - 1,
      amountPerStudent: amountPerStudent - 50,
      directorDeadline: `${year - 1}-10-31`,
      calendarStart: `${year - 1}-02-01`,
      registrationPeriodId: 1,
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/v1/config/public' });
      expect(res.json<{ years: unknown }>().years).toEqual([
        { year, closed: false },
        { year: year - 1, closed: true },
      ]);
      expect(await settingsForYear(ctx.handle.db, year - 1)).toMatchObject({
        year: year - 1,
        amountPerStudent: amountPerStudent - 50,
        directorDeadline: `${year - 1}-10-31`,
        closed: true,
      });
    } finally {
      await ctx.handle.db.execute(sql`DELETE FROM closed_years WHERE year = ${year - 1}`);
    }
  });
});
