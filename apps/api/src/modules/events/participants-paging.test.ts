import { PARTICIPANT_COUNT_CAP } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSeats } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeEvent } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

/**
 * Issue 15, participants at scale: a page in the second half is read from the oldest end and put
 * back newest first, and the search goes through trigram indexes (migration 0026). Both must give
 * exactly the rows of the plain newest-first order, on PGlite and PostgreSQL.
 */
let ctx: TestContext;
let admin = '';

type Row = {
  id: number;
  createdAt: number;
  cancelled: boolean;
  surname: string;
  institution: string;
  document: string;
};
const events: Record<'capped' | 'open', { id: number; rows: Row[] }> = {
  capped: { id: 0, rows: [] },
  open: { id: 0, rows: [] },
};
const N = 83;
const MAXIMUM = 500;

/**
 * N enrollments straight into the table: three per minute (equal created_at, the id decides), one in
 * ten cancelled, surnames with accents and capitals, documents 3000001…
 */
async function seed(eventId: number, n = N): Promise<Row[]> {
  const db = ctx.handle.db;
  await db.execute(sql`
    insert into event_enrollments (event_id, document, complement, nationality, first_last_name,
      second_last_name, name, phone, email, job, institution, position, birth_date, department, extra,
      created_at, cancelled_at, cancel_reason)
    select ${eventId}, (3000000 + g)::text, '', 1,
      (array['Pérez', 'NÚÑEZ', 'Quispe'])[1 + g % 3], 'Limachi', (array['José', 'María'])[1 + g % 2],
      '70000000', 'p@correo.bo', 'Docente', 'Unidad Educativa ' || (g % 7), 'Profesor', date '1990-01-01',
      'La Paz', '{}'::jsonb, timestamptz '2025-11-01 12:00:00+00' + (g / 3) * interval '1 minute',
      case when g % 10 = 0 then timestamptz '2025-11-20 12:00:00+00' end,
      case when g % 10 = 0 then 'Prueba de anulación' end
    from generate_series(1, ${n}) as g`);
  const result = (await db.execute(sql`
    select id, created_at, cancelled_at, first_last_name, institution, document
    from event_enrollments where event_id = ${eventId}`)) as unknown as {
    rows: Array<{
      id: number;
      created_at: string | Date;
      cancelled_at: string | Date | null;
      first_last_name: string;
      institution: string;
      document: string;
    }>;
  };
  return result.rows
    .map((r) => ({
      id: Number(r.id),
      createdAt: new Date(r.created_at).getTime(),
      cancelled: r.cancelled_at !== null,
      surname: r.first_last_name,
      institution: r.institution,
      document: r.document,
    }))
    .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id);
}

const list = async (eventId: number, query: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/events/${eventId}/participants?${query}`,
    headers: bearer(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: Array<{ id: number; fullName: string }>;
    total: number;
    totalCapped: boolean;
  };
};

/** Every page of a query, one past the last included (empty, with the total). */
async function allPages(eventId: number, query: string, pageSize: number) {
  const first = await list(eventId, `${query}&pageSize=${pageSize}`);
  const ids = first.items.map((r) => r.id);
  const last = Math.ceil(first.total / pageSize);
  for (let page = 2; page <= last + 1; page++) {
    const body = await list(eventId, `${query}&pageSize=${pageSize}&page=${page}`);
    expect(body.total).toBe(first.total);
    if (page === last + 1) expect(body.items).toEqual([]);
    ids.push(...body.items.map((r) => r.id));
  }
  return { ids, total: first.total };
}

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
  events.capped.id = (await makeEvent(db, { maximum: MAXIMUM })).id;
  events.open.id = (await makeEvent(db, { withLimitControl: false })).id;
  events.capped.rows = await seed(events.capped.id);
  events.open.rows = await seed(events.open.id);
  // The capped event's places as enrolling would have left them: one per active enrollment.
  const active = events.capped.rows.filter((r) => !r.cancelled).length;
  await db.delete(eventSeats).where(eq(eventSeats.eventId, events.capped.id));
  await db.insert(eventSeats).values({ eventId: events.capped.id, shard: 0, remaining: MAXIMUM - active });
});
afterAll(() => ctx.close());

describe('participants: deep pages', () => {
  for (const which of ['capped', 'open'] as const) {
    it(`gives every page the right rows in order, from either end (${which} event)`, async () => {
      const { id, rows } = events[which];
      const expected = {
        active: rows.filter((r) => !r.cancelled).map((r) => r.id),
        cancelled: rows.filter((r) => r.cancelled).map((r) => r.id),
        all: rows.map((r) => r.id),
      };
      for (const status of ['active', 'all', 'cancelled'] as const) {
        for (const pageSize of [7, 25]) {
          const got = await allPages(id, `status=${status}`, pageSize);
          expect(got.total, `${status} ${pageSize}`).toBe(expected[status].length);
          expect(got.ids, `${status} ${pageSize}`).toEqual(expected[status]);
        }
      }
      // A deep page alone (the 11th of 7 rows is past the middle of 75 active ones).
      const deep = await list(id, 'pageSize=7&page=11');
      expect(deep.items.map((r) => r.id)).toEqual(expected.active.slice(70, 77));
    });
  }
});

describe('participants: search on the trigram indexes', () => {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase();

  it('finds names without accents or case, on every page, and a document', async () => {
    const { id, rows } = events.open;
    const active = rows.filter((r) => !r.cancelled);
    for (const q of ['nunez', 'NÚÑEZ', 'núñez', 'PEREZ', 'pérez', 'ez', 'z']) {
      const expected = active.filter((r) => fold(r.surname).includes(fold(q))).map((r) => r.id);
      expect(expected.length, q).toBeGreaterThan(0);
      const got = await allPages(id, `q=${encodeURIComponent(q)}`, 6);
      expect(got, q).toEqual({ ids: expected, total: expected.length });
    }
    const one = await list(id, 'q=3000042');
    expect(one.items.map((r) => r.id)).toEqual(
      active.filter((r) => r.document === '3000042').map((r) => r.id),
    );
    const ten = active.filter((r) => r.document.startsWith('300004')).map((r) => r.id);
    expect(ten).toHaveLength(9);
    expect(await allPages(id, 'q=300004', 4)).toEqual({ ids: ten, total: 9 });
  });

  it('filters the institution by a part of its name in any case, with other filters', async () => {
    const { id, rows } = events.capped;
    const expected = rows
      .filter((r) => !r.cancelled && r.institution === 'Unidad Educativa 3')
      .map((r) => r.id);
    expect(await allPages(id, 'institution=EDUCATIVA%203', 4)).toEqual({
      ids: expected,
      total: expected.length,
    });
    const both = rows
      .filter((r) => !r.cancelled && r.institution === 'Unidad Educativa 3' && r.surname === 'Quispe')
      .map((r) => r.id);
    expect(await allPages(id, 'institution=educativa%203&q=quis', 4)).toEqual({
      ids: both,
      total: both.length,
    });
    const all = rows.filter((r) => r.institution === 'Unidad Educativa 3').map((r) => r.id);
    expect(await allPages(id, 'institution=educativa%203&status=all', 4)).toEqual({
      ids: all,
      total: all.length,
    });
  });
});

describe('participants: a broad search counts up to the cap', () => {
  let big: { id: number; rows: Row[] };
  beforeAll(async () => {
    const id = (await makeEvent(ctx.handle.db, { withLimitControl: false })).id;
    big = { id, rows: await seed(id, PARTICIPANT_COUNT_CAP + 150) };
  });

  it('says "more than the cap" past it, exact below it, and still pages past it', async () => {
    const active = big.rows.filter((r) => !r.cancelled).map((r) => r.id);
    expect(active.length).toBeGreaterThan(PARTICIPANT_COUNT_CAP);
    // Every row is a Limachi: the search matches all of them, and the count stops at the cap.
    const first = await list(big.id, 'q=limachi&pageSize=100');
    expect(first).toMatchObject({ total: PARTICIPANT_COUNT_CAP, totalCapped: true });
    expect(first.items.map((r) => r.id)).toEqual(active.slice(0, 100));
    const second = await list(big.id, 'q=limachi&pageSize=100&page=2');
    expect(second.items.map((r) => r.id)).toEqual(active.slice(100, 200));
    // Past the cap the rows are still the right ones (newest first), for whoever pages there.
    const past = await list(big.id, 'q=limachi&pageSize=100&page=11');
    expect(past.items.map((r) => r.id)).toEqual(active.slice(1000, 1100));
    // The institution filter is a text filter too.
    const byInstitution = await list(big.id, 'institution=unidad&pageSize=10');
    expect(byInstitution).toMatchObject({ total: PARTICIPANT_COUNT_CAP, totalCapped: true });
    // Below the cap the total is exact; without a text filter it is never capped.
    const quispe = big.rows.filter((r) => !r.cancelled && r.surname === 'Quispe').length;
    expect(quispe).toBeLessThan(PARTICIPANT_COUNT_CAP);
    expect(await list(big.id, 'q=quispe')).toMatchObject({ total: quispe, totalCapped: false });
    expect(await list(big.id, 'status=all')).toMatchObject({ total: big.rows.length, totalCapped: false });
  });
});
