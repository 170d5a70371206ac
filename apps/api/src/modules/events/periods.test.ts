import { eventMessages } from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { programmeSettings } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeUser } from '../../test/factories.js';

let ctx: TestContext;
let admin: string;

beforeAll(async () => {
  ctx = await createTestApp();
  await makeUser(ctx.handle.db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

const list = async (page = 1) =>
  (
    await ctx.app.inject({ method: 'GET', url: `/api/v1/kind-events?page=${page}`, headers: bearer(admin) })
  ).json();
const valid = {
  name: 'Juegos Plurinacionales',
  phase: 'Fase departamental',
  subsystems: ['Regular', 'Especial'],
  startsOn: '2025-11-10',
  endsOn: '2025-12-10',
  instances: ['departmental', 'institutional'],
  state: 'VIGENTE',
};

describe('periods and stages', () => {
  it('lists the holder registration period (row 1) marked as such', async () => {
    const page = await list();
    expect(page.items[0]).toMatchObject({
      id: 1,
      isRegistration: true,
      subsystems: ['Regular', 'Especial'],
      active: true,
    });
  });

  it("'Agregar Periodo y Etapa' stores every field; the instances become the three columns", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/kind-events',
      headers: bearer(admin),
      payload: valid,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      phase: 'Fase departamental',
      departmental: true,
      district: false,
      institutional: true,
      state: 'VIGENTE',
      active: true,
      isRegistration: false,
    });
  });

  it('requires every field and ordered dates', async () => {
    for (const key of Object.keys(valid)) {
      const payload: Record<string, unknown> = { ...valid };
      delete payload[key];
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/kind-events',
        headers: bearer(admin),
        payload,
      });
      expect(res.statusCode, key).toBe(400);
    }
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/kind-events',
      headers: bearer(admin),
      payload: { ...valid, subsystems: [] },
    });
    expect(empty.json().message).toBe('El campo es obligatorio.');
    const backwards = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/kind-events',
      headers: bearer(admin),
      payload: { ...valid, startsOn: '2025-12-10', endsOn: '2025-11-10' },
    });
    expect(backwards.json().message).toBe(eventMessages.endBeforeStart);
  });

  it('refuses CONCLUIDO for a period that ends after today (Bolivia), saving nothing', async () => {
    const post = (payload: object) =>
      ctx.app.inject({ method: 'POST', url: '/api/v1/kind-events', headers: bearer(admin), payload });
    const before = (await list()).total;
    // The clock is 20 Nov 2025, 10:00 in La Paz.
    const future = await post({ ...valid, state: 'CONCLUIDO', endsOn: '2025-11-21' });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toBe(eventMessages.concludedInFuture);
    expect((await list()).total).toBe(before);
    const endsToday = await post({
      ...valid,
      startsOn: '2025-11-01',
      endsOn: '2025-11-20',
      state: 'CONCLUIDO',
    });
    expect(endsToday.statusCode, endsToday.body).toBe(201);
    const past = await post({ ...valid, startsOn: '2025-10-01', endsOn: '2025-10-31', state: 'CONCLUIDO' });
    expect(past.statusCode).toBe(201);
  });

  it('the active switch really toggles; row 1 stays the registration period', async () => {
    const toggle = (active: boolean) =>
      ctx.app.inject({
        method: 'PATCH',
        url: '/api/v1/kind-events/1/active',
        headers: bearer(admin),
        payload: { active },
      });
    expect((await toggle(false)).json()).toEqual({ id: 1, active: false });
    expect((await list()).items[0].active).toBe(false);
    expect((await toggle(true)).json()).toEqual({ id: 1, active: true });
    const [settings] = await ctx.handle.db.select().from(programmeSettings);
    expect(settings!.registrationPeriodId).toBe(1);
  });

  it('offers the subsystems, instances and states', async () => {
    const res = (
      await ctx.app.inject({ method: 'GET', url: '/api/v1/kind-events/catalogs', headers: bearer(admin) })
    ).json();
    expect(res.instances.map((i: { label: string }) => i.label)).toEqual([
      'Departamental',
      'Distrital',
      'BJP',
    ]);
    expect(res.states).toContain('VIGENTE');
  });
});
