import type {
  EnablingPage,
  EnablingResult,
  HoldersInstitutionState,
  PaidInstitutionState,
} from '@bjp/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, institutionEnablings, institutions } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { testDriver } from '../../test/database.js';
import { makeStaffTitular } from '../../test/factories/paid-validation.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { raceIt } from '../../test/race.js';

let ctx: TestContext;
const t: Record<string, string> = {};
const sie = { paid: 0, race: 0, holders: 0, open: 0 };
let student = 0;
let raceStudent = 0;
const reason = 'El director pidió corregir la validación de un estudiante';

const call = async <T = { message: string; details?: Array<{ field: string; message: string }> }>(
  who: string,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  return { status: res.statusCode, body: res.json<T>() };
};
const validate = (school: number, inscriptionId: number, isPaid: boolean, observation?: string) =>
  call(
    'director',
    'PUT',
    `/paid-validation/institutions/${school}/inscriptions/${inscriptionId}/validation`,
    {
      isPaid,
      observation,
    },
  );
const consolidate = (school: number) =>
  call('director', 'POST', `/paid-validation/institutions/${school}/consolidation`);
const enablePaid = (payload: object, who = 'admin') =>
  call<EnablingResult>(who, 'POST', '/enabling/paid-validation', payload);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 8 });
  for (const key of ['paid', 'race', 'open'] as const)
    sie[key] = (await makeSchool(db, { districtId: district.id, codeType: 4 })).id;
  sie.holders = (await makeSchool(db, { districtId: district.id, consolidated: true })).id;
  student = (await makeStaffTitular(db, { institutionId: sie.paid, students: [{}] })).inscriptionIds[0]!;
  raceStudent = (await makeStaffTitular(db, { institutionId: sie.race, students: [{}] })).inscriptionIds[0]!;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: Object.values(sie) });
  for (const [name, type] of [
    ['admin', 1],
    ['ministerio', 1],
    ['director', 2],
  ] as const) {
    t[name] = (await loginAs(ctx.app, name, type)).token;
  }
});
afterAll(() => ctx.close());

describe("'Habilitación UE/CEE' (paid validation)", () => {
  it("asks for a valid code and a reason: 'Ingrese un código válido.'", async () => {
    const noCode = await enablePaid({ reason });
    expect(noCode.status).toBe(400);
    expect(noCode.body.message).toBe('Ingrese un código válido.');
    expect((await enablePaid({ sie: '', reason })).body.message).toBe('Ingrese un código válido.');
    expect((await enablePaid({ sie: sie.paid })).body.message).toBe('Ingrese el motivo de la habilitación.');
    expect((await enablePaid({ sie: sie.paid, reason: 'corto' })).body.message).toBe(
      'El motivo debe tener al menos 10 caracteres.',
    );
  });

  it('refuses a school whose validation is not consolidated, with the reason in the message (409)', async () => {
    const res = await enablePaid({ sie: sie.open, reason });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'La validación de pagados de la institución no está consolidada: no hay nada que habilitar.',
    );
  });

  it('answers 404 for an unknown school and 403 to anyone but an administrator', async () => {
    expect((await enablePaid({ sie: 99_999_999, reason })).status).toBe(404);
    expect((await enablePaid({ sie: sie.paid, reason }, 'director')).status).toBe(403);
    expect((await enablePaid({ sie: sie.paid, reason }, 'ministerio')).status).toBe(403);
    expect((await call('director', 'GET', '/enabling')).status).toBe(403);
  });

  it('says what an enabling would reopen before the confirmation, changing nothing', async () => {
    const holders = await call<{ sie: number; institutionName: string; consolidatedAt: string }>(
      'admin',
      'GET',
      `/enabling/holders/schools/${sie.holders}`,
    );
    expect(holders.status).toBe(200);
    expect(holders.body.sie).toBe(sie.holders);
    expect(holders.body.institutionName.length).toBeGreaterThan(0);
    expect(Number.isNaN(Date.parse(holders.body.consolidatedAt))).toBe(false);
    const [school] = await ctx.handle.db.select().from(institutions).where(eq(institutions.id, sie.holders));
    expect(school!.holdersConsolidatedAt).not.toBeNull();

    const open = await call('admin', 'GET', `/enabling/paid_validation/schools/${sie.open}`);
    expect(open.status).toBe(409);
    expect(open.body.message).toBe(
      'La validación de pagados de la institución no está consolidada: no hay nada que habilitar.',
    );
    expect((await call('admin', 'GET', '/enabling/holders/schools/99999999')).status).toBe(404);
    const badKind = await call('admin', 'GET', `/enabling/todo/schools/${sie.holders}`);
    expect(badKind.status).toBe(400);
    expect(badKind.body.message).toBe('Tipo de habilitación no válido.');
    expect((await call('admin', 'GET', '/enabling/holders/schools/4294967296')).status).toBe(400);
    expect((await call('director', 'GET', `/enabling/holders/schools/${sie.holders}`)).status).toBe(403);
  });

  it("reopens a consolidated school: 'Habilitación exitosa', then the director validates and consolidates again", async () => {
    await validate(sie.paid, student, true);
    expect((await consolidate(sie.paid)).status).toBe(200);
    expect((await validate(sie.paid, student, false, 'El bono no llegó al estudiante')).status).toBe(409);

    const res = await enablePaid({ sie: sie.paid, reason: `  ${reason}  ` });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Habilitación exitosa',
      kind: 'paid_validation',
      sie: sie.paid,
      reason,
    });
    const state = await call<PaidInstitutionState>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie.paid}`,
    );
    expect(state.body).toMatchObject({
      consolidation: null,
      canValidate: true,
      counts: { validated: 1, delivered: 1 },
    });

    const changed = await validate(sie.paid, student, false, 'El bono no llegó al estudiante');
    expect(changed.status).toBe(200);
    const again = await consolidate(sie.paid);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ undelivered: 1, saldo: 200 });

    const audits = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'enabling.paid_validation'), eq(auditLog.entityId, String(sie.paid))));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.after).toMatchObject({ reason, consolidatedAt: null });
  });

  raceIt('lets one of two simultaneous enablings win; the other gets 409', async () => {
    await validate(sie.race, raceStudent, true);
    await consolidate(sie.race);
    const [a, b] = await Promise.all([
      enablePaid({ sie: sie.race, reason }),
      enablePaid({ sie: sie.race, reason }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });
});

describe("'Habilitar SIE' (holder registration)", () => {
  it('reopens a consolidated holder list, once', async () => {
    const res = await call<EnablingResult>('admin', 'POST', '/enabling/holders', {
      sie: sie.holders,
      reason,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      kind: 'holders',
      kindLabel: 'Registro de Titulares',
      message: 'Habilitación exitosa',
    });
    expect(res.body.previousConsolidatedAt).toBe('2025-11-01T12:00:00.000Z');
    const [school] = await ctx.handle.db.select().from(institutions).where(eq(institutions.id, sie.holders));
    expect(school!.holdersConsolidatedAt).toBeNull();
    const holders = await call<HoldersInstitutionState>(
      'admin',
      'GET',
      `/holders/institutions/${sie.holders}`,
    );
    expect(holders.body.consolidatedAt).toBeNull();

    const again = await call('admin', 'POST', '/enabling/holders', { sie: sie.holders, reason });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'La lista de titulares de la institución no está consolidada: no hay nada que habilitar.',
    );
  });

  it('lists the enablings newest first with their reason, by kind', async () => {
    // The race test's enabling exists only where races run (PostgreSQL; skipped on PGlite).
    const paidSchools = testDriver === 'pg' ? [sie.paid, sie.race] : [sie.paid];
    const all = await call<EnablingPage>('admin', 'GET', '/enabling');
    expect(all.body.total).toBe(1 + paidSchools.length);
    expect(all.body.items[0]).toMatchObject({ kind: 'holders', sie: sie.holders, reason });
    const paid = await call<EnablingPage>('admin', 'GET', '/enabling?kind=paid_validation');
    expect(paid.body.items.map((r) => r.sie).sort()).toEqual(paidSchools.sort());
    expect(await ctx.handle.db.select().from(institutionEnablings)).toHaveLength(1 + paidSchools.length);
  });
});
