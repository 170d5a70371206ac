import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, places } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeEvent } from '../../test/factories/events.js';
import { makeUser } from '../../test/factories.js';

/** Issue 15: 'Ambientes' — list, edit, deactivate/reactivate, no duplicate active place. */
let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, payload, headers: bearer(admin) });
const place = (description: string, reference = '2025-10-01', capacity = 100) => ({
  description,
  capacity,
  reference,
});

describe('duplicate places', () => {
  it('refuses an active place with the same name (accents, case, spaces aside) and reference', async () => {
    const first = await call('POST', '/places', place('Salón Ñandú – Casa de la Moneda'));
    expect(first.statusCode).toBe(201);
    for (const variant of [
      'Salón Ñandú – Casa de la Moneda',
      'salon nandu – casa de la moneda',
      '  SALÓN   ÑANDÚ – Casa de la  Moneda ',
    ]) {
      const res = await call('POST', '/places', place(variant));
      expect(res.statusCode, variant).toBe(409);
      expect(res.json().message).toBe(
        'Ya existe el ambiente «Salón Ñandú – Casa de la Moneda» con esa referencia.',
      );
    }
    expect(
      (await call('POST', '/places', place('Salón Ñandú – Casa de la Moneda', '2025-10-02'))).statusCode,
    ).toBe(201);
    const rows = await ctx.handle.db.select().from(places).where(like(places.description, '%Moneda%'));
    expect(rows).toHaveLength(2);
  });

  it('lets a deactivated place be registered again, and refuses reactivating the old one then', async () => {
    const old = (await call('POST', '/places', place('Coliseo Cerrado'))).json();
    const off = await call('POST', `/events/places/${old.id}/deactivate`);
    expect(off.json()).toMatchObject({ id: old.id, state: false });
    expect((await call('POST', '/places', place('coliseo cerrado'))).statusCode).toBe(201);
    const on = await call('POST', `/events/places/${old.id}/activate`);
    expect(on.statusCode).toBe(409);
    expect(on.json().message).toBe('Ya existe el ambiente «coliseo cerrado» con esa referencia.');
    const [row] = await ctx.handle.db.select().from(places).where(eq(places.id, old.id));
    expect(row!.state).toBe(false);
  });

  it('refuses an edit that makes a duplicate and audits an accepted one with what changed', async () => {
    const a = (await call('POST', '/places', place('Aula Magna'))).json();
    const b = (await call('POST', '/places', place('Aula Menor'))).json();
    const clash = await call('PUT', `/events/places/${b.id}`, place('AULA MAGNA'));
    expect(clash.statusCode).toBe(409);
    // The place itself may keep its own name (with another capacity).
    const same = await call('PUT', `/events/places/${a.id}`, place('Aula Magna', '2025-10-01', 250));
    expect(same.json()).toMatchObject({ id: a.id, capacity: 250 });
    const [audit] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'place.update'), eq(auditLog.entityId, String(a.id))));
    expect(audit).toMatchObject({ before: { capacity: 100 }, after: { capacity: 250 } });
  });

  it('answers bad input with 4xx and changes nothing', async () => {
    const a = (await call('POST', '/places', place('Patio central'))).json();
    for (const [url, body, status] of [
      [`/events/places/${a.id}`, { description: '', capacity: 10, reference: '2025-10-01' }, 400],
      [`/events/places/${a.id}`, { description: 'X', capacity: 0, reference: '2025-10-01' }, 400],
      [`/events/places/${a.id}`, { description: 'X', capacity: 10, reference: '2025-13-45' }, 400],
      ['/events/places/99999999999999', place('X'), 400],
      ['/events/places/987654', place('X'), 404],
    ] as const) {
      expect((await call('PUT', url, body)).statusCode, url).toBe(status);
    }
    expect((await call('POST', '/events/places/987654/deactivate')).statusCode).toBe(404);
    const [row] = await ctx.handle.db.select().from(places).where(eq(places.id, a.id));
    expect(row).toMatchObject({ description: 'Patio central', capacity: 100, state: true });
  });
});

describe("'Ambientes' list and the event form", () => {
  it('lists every place with a state filter and search, and offers only active ones to events', async () => {
    const event = await makeEvent(ctx.handle.db);
    const [used] = await ctx.handle.db.select().from(places).where(eq(places.id, event.placeId));
    await call('POST', `/events/places/${used!.id}/deactivate`);
    const inactive = (await call('GET', '/events/places?state=inactive')).json();
    expect(inactive.items.find((p: { id: number }) => p.id === used!.id)).toMatchObject({
      state: false,
      events: 1,
    });
    const active = (await call('GET', '/events/places?state=active')).json();
    expect(active.items.every((p: { state: boolean }) => p.state)).toBe(true);
    const search = (await call('GET', `/events/places?search=${encodeURIComponent('Ñandú')}`)).json();
    expect(search.total).toBe(2);
    const options = (await call('GET', '/events/options')).json();
    expect(options.places.map((p: { id: number }) => p.id)).not.toContain(used!.id);
    // The event keeps its place.
    const list = (await call('GET', '/events?tab=all')).json();
    expect(list.items.find((e: { id: number }) => e.id === event.id).placeName).toBe(used!.description);
    expect((await call('GET', '/events/places?state=nada')).statusCode).toBe(400);
  });
});
