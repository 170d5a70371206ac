import { NOVELTY_PAGE_SIZE, type NoveltyPage } from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { boliviaDay, type Clock } from '../../lib/clock.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { controlSimulator, makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 12: 'Novedades posteriores a la consolidación'. A school consolidates its holders'
 * registration at 14:00 UTC; a block made before is not a novelty, the unblock, a block, a removal
 * and a Síntesis payment sync made after are, with who (or which sync) and when, in the caller's
 * place only.
 */
let ctx: TestContext;
let now = new Date('2025-11-20T13:00:00Z');
const clock: Clock = { now: () => new Date(now), today: () => boliviaDay(now) };
const logins = [
  ['admin', 1],
  ['depto', 2],
  ['distrito', 2],
  ['otrodistrito', 2],
  ['director', 2],
] as const;
/** Moves the clock; tokens last 15 minutes of it, so the callers log in again. */
const at = async (iso: string, who: ReadonlyArray<readonly [string, 1 | 2]> = [['admin', 1]]) => {
  now = new Date(iso);
  for (const [name, type] of who) t[name] = (await loginAs(ctx.app, name, type)).token;
};
const t: Record<string, string> = {};
let school = 0;
let otherSchool = 0;
let districtId = 0;
let otherDistrictId = 0;
let rudes: string[] = [];
let otherRudes: string[] = [];
let otherIds: number[] = [];
let ids: number[] = [];
let adminName = '';

const call = async <T = { message: string }>(
  who: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  return { status: res.statusCode, body: res.json<T>() };
};
const novelties = (who: string, query = '') =>
  call<NoveltyPage>(who, 'GET', `/declarations/novelties${query}`);

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 5 });
  const otherDistrict = await makeDistrict(db, { departmentId: 6 });
  districtId = district.id;
  otherDistrictId = otherDistrict.id;
  school = (await makeSchool(db, { districtId })).id;
  otherSchool = (await makeSchool(db, { districtId: otherDistrictId })).id;
  const made = await makeStudentsWithTitulars(db, {
    institutionId: school,
    students: Array.from({ length: 25 }, () => ({})),
  });
  ids = made.inscriptionIds;
  rudes = made.rudes;
  const other = await makeStudentsWithTitulars(db, { institutionId: otherSchool, students: [{}, {}] });
  otherIds = other.inscriptionIds;
  otherRudes = other.rudes;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 5 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId });
  await makeUser(db, { username: 'otrodistrito', type: 2, profile: 10, districtId: otherDistrictId });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [school] });
  const [admin] = await db.select().from(users).where(eq(users.username, 'admin'));
  adminName = `${admin!.name} ${admin!.firstLastName}`;

  // 13:00 — before the consolidation: a block (not a novelty).
  await at('2025-11-20T13:00:00Z');
  const observation = { observation: 'Bloqueo previo a la consolidación' };
  expect((await call('admin', 'POST', `/blocking/students/${rudes[0]}/block`, observation)).status).toBe(200);
  // 14:00 — both schools consolidate their holders' registration (version 1 stored).
  await at('2025-11-20T14:00:00Z');
  for (const sie of [school, otherSchool])
    expect((await call('admin', 'POST', `/holders/institutions/${sie}/consolidation`)).status).toBe(200);
  // 15:00 — after: a block, the unblock of the earlier one, a removal.
  await at('2025-11-20T15:00:00Z');
  expect(
    (
      await call('admin', 'POST', `/blocking/students/${rudes[1]}/block`, {
        observation: 'Denuncia de cobro indebido',
      })
    ).status,
  ).toBe(200);
  expect(
    (
      await call('admin', 'POST', `/blocking/students/${rudes[0]}/unblock`, {
        observation: 'Revisado, sin observación',
      })
    ).status,
  ).toBe(200);
  const removal = await call('admin', 'POST', `/removals/departments/5/students/${rudes[24]}`, {
    reason: 'Traslado al exterior',
  });
  expect(removal.status, JSON.stringify(removal.body)).toBe(200);
  // 16:00 — 'Sincronizar Datos de Pago de Sintesis' reports 21 students of the school and one of the other paid.
  await at('2025-11-20T16:00:00Z', logins);
  const url = ctx.outside.endpoints.sintesis.url;
  await controlSimulator(url, { today: '2025-11-20' });
  await controlSimulator(
    url,
    {
      pagos: [
        ...ids.slice(2, 23).map((inscripcion) => ({
          inscripcion,
          pagado: true,
          fechaPago: '2025-11-19',
          banco: 'Banco Unión',
          modalidad: 'VENTANILLA',
        })),
        {
          inscripcion: otherIds[0],
          pagado: true,
          fechaPago: '2025-11-19',
          banco: 'BancoSol',
          modalidad: 'ABONO',
        },
        ...[ids[0], ids[1], ids[23], ids[24], otherIds[1]].map((inscripcion) => ({
          inscripcion,
          pagado: false,
        })),
      ],
    },
    '/control/pagos',
  );
  const sync = await call<{ inserted: number }>('admin', 'POST', '/sync/payments');
  expect(sync.status).toBe(200);
  expect(sync.body.inserted).toBe(22);
});
afterAll(() => ctx.close());

describe('Novedades posteriores a la consolidación', () => {
  it('lists what changed after the consolidation, newest first, with label, who and when', async () => {
    const res = await novelties('admin', `?sie=${school}`);
    expect(res.status).toBe(200);
    // 21 payments + block + unblock + removal = 24; the block of 13:00 is not there.
    expect(res.body.total).toBe(24);
    expect(res.body.pageSize).toBe(NOVELTY_PAGE_SIZE);
    const all = [...res.body.items, ...(await novelties('admin', `?sie=${school}&page=2`)).body.items];
    expect(all).toHaveLength(24);
    expect(new Set(all.map((r) => r.key)).size).toBe(24);
    const of = (rude: string) => all.filter((r) => r.rude === rude);
    expect(of(rudes[0]!).map((r) => r.label)).toEqual(['Desbloqueo']);
    expect(of(rudes[0]!)[0]).toMatchObject({
      at: '2025-11-20T15:00:00.000Z',
      by: expect.stringContaining(adminName),
      detail: 'Revisado, sin observación',
      declarationKind: 'holders',
      declarationVersion: 1,
      consolidatedAt: '2025-11-20T14:00:00.000Z',
      sie: school,
    });
    expect(of(rudes[1]!)[0]).toMatchObject({
      label: 'Bloqueo',
      kind: 'block',
      detail: 'Denuncia de cobro indebido',
    });
    expect(of(rudes[24]!)[0]).toMatchObject({ label: 'Baja de beneficiario', kind: 'removal' });
    const paid = of(rudes[2]!)[0]!;
    expect(paid).toMatchObject({ label: 'Pago registrado por Síntesis', at: '2025-11-20T16:00:00.000Z' });
    expect(paid.syncRunId).toBeGreaterThan(0);
    expect(paid.by).toBe(`Sincronización de pagos Síntesis N.º ${paid.syncRunId} (${adminName})`);
    expect(paid.detail).toContain('Fecha de pago 19/11/2025');
    expect(res.body.items[0]!.at >= res.body.items.at(-1)!.at).toBe(true);
  });

  it('a change before the consolidation is not a novelty', async () => {
    const res = await novelties('admin', `?sie=${school}&page=2`);
    expect(res.body.items.some((r) => r.label === 'Bloqueo' && r.rude === rudes[0])).toBe(false);
    const first = await novelties('admin', `?sie=${school}`);
    expect(first.body.items.some((r) => r.label === 'Bloqueo' && r.rude === rudes[0])).toBe(false);
  });

  it('pages on the server: 20 then 4, and a page past the end is empty with the total', async () => {
    expect((await novelties('admin', `?sie=${school}`)).body.items).toHaveLength(20);
    expect((await novelties('admin', `?sie=${school}&page=2`)).body.items).toHaveLength(4);
    const past = await novelties('admin', `?sie=${school}&page=9`);
    expect(past.body).toMatchObject({ items: [], total: 24, page: 9 });
  });

  it('filters by date (Bolivia days) and declaration kind', async () => {
    expect((await novelties('admin', `?sie=${school}&from=2025-11-20&to=2025-11-20`)).body.total).toBe(24);
    expect((await novelties('admin', `?sie=${school}&to=2025-11-19`)).body.total).toBe(0);
    expect((await novelties('admin', `?sie=${school}&kind=holders`)).body.total).toBe(24);
    expect((await novelties('admin', `?sie=${school}&kind=paid_validation`)).body.total).toBe(0);
    expect((await novelties('admin', '?from=2025-11-21&to=2025-11-20')).status).toBe(400);
  });

  it('is scoped: national sees both schools, a district only its own, a director is refused', async () => {
    expect((await novelties('admin')).body.total).toBe(25);
    const mine = await novelties('distrito');
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(24);
    expect(mine.body.items.every((r) => r.sie === school)).toBe(true);
    const theirs = await novelties('otrodistrito');
    expect(theirs.body.total).toBe(1);
    expect(theirs.body.items[0]).toMatchObject({ rude: otherRudes[0], sie: otherSchool });
    expect((await novelties('depto', '?departmentId=5')).body.total).toBe(24);
    expect((await novelties('depto', '?departmentId=6')).status).toBe(403);
    expect((await novelties('distrito', `?districtId=${otherDistrictId}`)).status).toBe(403);
    expect((await novelties('distrito', `?sie=${otherSchool}`)).status).toBe(403);
    expect((await novelties('distrito', `?districtId=${districtId}`)).body.total).toBe(24);
    expect((await novelties('director')).status).toBe(403);
    expect((await novelties('director', `?sie=${school}`)).status).toBe(403);
  });

  it('appears in the student Kardex as posterior to the consolidation', async () => {
    const res = await call<{ novelties: Array<{ label: string }> }>(
      'admin',
      'GET',
      `/sync/kardex/${rudes[0]}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.novelties.map((n) => n.label)).toEqual(['Desbloqueo']);
    const none = await call<{ novelties: unknown[] }>('admin', 'GET', `/sync/kardex/${rudes[23]}`);
    expect(none.body.novelties).toEqual([]);
  });

  it('measures against the two stored declarations only (one per consolidated school)', async () => {
    const count = await ctx.handle.db.execute(sql`SELECT count(*)::int AS n FROM declarations`);
    expect((count as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(2);
  });
});
