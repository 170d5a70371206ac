import { count, eq, like, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventEnrollments, eventSeats, events, places } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeEvent, multipartPayload, tempDataDir, validParticipant } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

/**
 * Issue 15 on PostgreSQL (real concurrency): an edit lowering the maximum while enrollments pour in
 * never lets the enrolled pass the maximum, and two simultaneous creates of one place make one row.
 */
let ctx: TestContext;
let admin: string;
let address = 0;

beforeAll(async () => {
  ctx = await createTestApp({ env: { DATA_DIR: tempDataDir() } });
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

const enroll = (eventId: number, document: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/public/events/${eventId}/enrollments`,
    payload: validParticipant(document),
    remoteAddress: `10.${Math.floor(++address / 250)}.7.${(address % 250) + 1}`,
  });

async function lowerMaximum(event: Awaited<ReturnType<typeof makeEvent>>, maximum: number) {
  const { payload, headers } = await multipartPayload({
    title: event.title,
    description: event.description,
    detail: event.detail,
    startsOn: event.startsOn,
    endsOn: event.endsOn,
    placeId: String(event.placeId),
    kindEventId: String(event.kindEventId),
    enrollmentFormId: String(event.enrollmentFormId),
    minimum: '0',
    maximum: String(maximum),
    withLimitControl: 'true',
  });
  return ctx.app.inject({
    method: 'PUT',
    url: `/api/v1/events/${event.id}`,
    payload,
    headers: { ...headers, ...bearer(admin) },
  });
}

describe('editing the maximum under concurrent enrollments', () => {
  it('never ends with more enrolled than the maximum, and the free places always add up', async () => {
    for (let round = 0; round < 6; round++) {
      const event = await makeEvent(ctx.handle.db, { maximum: 40 });
      const attempts = Array.from({ length: 60 }, (_, i) =>
        enroll(event.id, String(6_000_000 + round * 100 + i)),
      );
      // The edit lands while the enrollments run: early rounds sooner, later ones later.
      await new Promise((resolve) => setTimeout(resolve, round * 15));
      const edit = lowerMaximum(event, 20);
      const [editResult, ...results] = await Promise.all([edit, ...attempts]);
      const [row] = await ctx.handle.db.select().from(events).where(eq(events.id, event.id));
      const [enrolled] = await ctx.handle.db
        .select({ n: count() })
        .from(eventEnrollments)
        .where(eq(eventEnrollments.eventId, event.id));
      const [free] = await ctx.handle.db
        .select({ n: sum(eventSeats.remaining) })
        .from(eventSeats)
        .where(eq(eventSeats.eventId, event.id));
      const what = `round ${round}: edit ${editResult!.statusCode} ${editResult!.body.slice(0, 120)}`;
      // Either the edit came first (maximum 20) or more than 20 were in already (refused, 40 stays).
      if (editResult!.statusCode === 200) expect(row!.maximum, what).toBe(20);
      else {
        expect(editResult!.statusCode, what).toBe(409);
        expect(editResult!.json().message, what).toMatch(
          /^El máximo no puede ser menor que los \d+ inscritos\.$/,
        );
        expect(row!.maximum, what).toBe(40);
      }
      expect(enrolled!.n, what).toBe(row!.maximum);
      expect(Number(free!.n), what).toBe(0);
      expect(results.filter((r) => r.statusCode === 201).length, what).toBe(row!.maximum);
      expect(
        results.every((r) => r.statusCode === 201 || r.statusCode === 409),
        what,
      ).toBe(true);
    }
  });
});

describe('creating one place twice at the same time', () => {
  it('keeps one active record and refuses the others with 409', async () => {
    const attempts = Array.from({ length: 8 }, (_, i) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v1/places',
        headers: bearer(admin),
        payload: {
          description: i % 2 ? 'Salón Ñandú – Casa de la Moneda' : 'salon ñandu – casa de la moneda',
          capacity: 100,
          reference: '2025-10-01',
        },
      }),
    );
    const codes = (await Promise.all(attempts)).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const rows = await ctx.handle.db.select().from(places).where(like(places.description, '%oneda'));
    expect(rows).toHaveLength(1);
  });
});
