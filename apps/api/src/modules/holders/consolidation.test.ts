import type { ConsolidationResult, PendingPage, TitularListPage } from '@bjp/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, inscriptions, institutions, statsBeneficiaries } from '../../db/schema/index.js';
import { refreshStatistics } from '../../db/summaries.js';
import { fixedClock } from '../../lib/clock.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { raceIt } from '../../test/race.js';

let ctx: TestContext;
const t: Record<string, string> = {};
const sie = { race: 0, pending: 0, special: 0, other: 0, list: 0 };
let districtId = 0;

const call = async <T = { message: string; details?: { observations: string[] } }>(
  who: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  return {
    status: res.statusCode,
    body: String(res.headers['content-type']).includes('json')
      ? res.json<T>()
      : (res.rawPayload as unknown as T),
    headers: res.headers,
  };
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 4 });
  districtId = district.id;
  for (const key of ['race', 'pending', 'other', 'list'] as const)
    sie[key] = (await makeSchool(db, { districtId })).id;
  sie.special = (await makeSchool(db, { districtId, codeType: 4 })).id;
  const mother = await makePerson(db);
  for (const school of [sie.race, sie.pending]) {
    const { inscriptionIds } = await makeHolderCourse(db, {
      institutionId: school,
      students: [{}, {}, {}, { segipId: 0 }],
    });
    await makeTitular(db, {
      inscriptionId: inscriptionIds[0]!,
      personId: mother.id,
      registeredInstitutionId: school,
    });
  }
  await makeHolderCourse(db, { institutionId: sie.special, levelId: 1, gradeId: 99, students: [{}, {}] });
  await makeUser(db, {
    username: 'director',
    type: 2,
    profile: 9,
    institutionIds: [sie.race, sie.pending, sie.special, sie.list],
  });
  await makeUser(db, { username: 'otrodirector', type: 2, profile: 9, institutionIds: [sie.other] });
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId });
  for (const [name, type] of [
    ['director', 2],
    ['otrodirector', 2],
    ['admin', 1],
    ['ministerio', 1],
    ['distrito', 2],
  ] as const) {
    t[name] = (await loginAs(ctx.app, name, type)).token;
  }
  await refreshStatistics(db);
});
afterAll(() => ctx.close());

describe('pending list and consolidation', () => {
  it('lists the pending students first, 10 a page', async () => {
    const res = await call<PendingPage>('director', 'GET', `/holders/institutions/${sie.pending}/pending`);
    expect(res.body.total).toBe(3);
    expect(res.body.items.map((p) => p.identityValidated)).toContain(false);
  });

  raceIt('consolidates once when two requests race: one wins, the other gets 409', async () => {
    const [a, b] = await Promise.all([
      call<ConsolidationResult & { message: string }>(
        'director',
        'POST',
        `/holders/institutions/${sie.race}/consolidation`,
      ),
      call<ConsolidationResult & { message: string }>(
        'admin',
        'POST',
        `/holders/institutions/${sie.race}/consolidation`,
      ),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(winner.body).toMatchObject({
      message: 'Se consolido las listas exitosamente',
      pending: 3,
      removed: 0,
    });
    expect(loser.body.message).toBe(
      'La lista de titulares de esta institución ya fue consolidada y su declaración jurada no cambia: para modificarla, la Dirección Distrital debe reabrirla con «Habilitar SIE» («Habilitar UE/CEE»), o registrar el cambio como novedad con «Habilitar Modificación Estudiante».',
    );
    const audit = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'holders.consolidate'));
    expect(audit).toHaveLength(1);
    const [row] = await ctx.handle.db.select().from(institutions).where(eq(institutions.id, sie.race));
    expect(row!.holdersConsolidatedAt).not.toBeNull();
  });

  it('turns students saved without titular into removals and refreshes the statistics', async () => {
    const { inscriptionIds } = await makeHolderCourse(ctx.handle.db, {
      institutionId: sie.pending,
      students: [{}],
    });
    const before = await beneficiaries();
    const saved = await call(
      'director',
      'PUT',
      `/holders/institutions/${sie.pending}/inscriptions/${inscriptionIds[0]}/titular`,
      { guardianId: null },
    );
    expect(saved.status).toBe(200);
    await refreshStatistics(ctx.handle.db);
    expect(await beneficiaries()).toBe(before + 1);
    const res = await call<ConsolidationResult>(
      'director',
      'POST',
      `/holders/institutions/${sie.pending}/consolidation`,
    );
    expect(res.body).toMatchObject({ removed: 1, pending: 3 });
    const [removed] = await ctx.handle.db
      .select()
      .from(inscriptions)
      .where(eq(inscriptions.id, inscriptionIds[0]!));
    expect(removed!.removedAt).not.toBeNull();
    expect(await beneficiaries()).toBe(before);
    const afterwards = await call(
      'director',
      'PUT',
      `/holders/institutions/${sie.pending}/inscriptions/${inscriptionIds[0]}/titular`,
      { guardianId: null },
    );
    expect(afterwards.status).toBe(409);
  });

  it('is refused outside the registration period and outside the user’s scope or permission', async () => {
    expect(
      (await call('otrodirector', 'POST', `/holders/institutions/${sie.special}/consolidation`)).status,
    ).toBe(403);
    expect(
      (await call('ministerio', 'POST', `/holders/institutions/${sie.special}/consolidation`)).status,
    ).toBe(403);
    expect(
      (await call('distrito', 'POST', `/holders/institutions/${sie.special}/consolidation`)).status,
    ).toBe(403);
    const late = await createTestApp({ clock: fixedClock('2025-10-01T14:00:00Z') });
    try {
      const district = await makeDistrict(late.handle.db);
      const school = await makeSchool(late.handle.db, { districtId: district.id });
      await makeUser(late.handle.db, { username: 'dir', type: 2, profile: 9, institutionIds: [school.id] });
      const token = (await loginAs(late.app, 'dir', 2)).token;
      const res = await late.app.inject({
        method: 'POST',
        url: `/api/v1/holders/institutions/${school.id}/consolidation`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        message: 'El periodo de registro de titulares no está habilitado.',
        details: { observations: ['El periodo de registro de titulares no está habilitado.'] },
      });
    } finally {
      await late.close();
    }
  });
});

/** Beneficiaries of the test district as the dashboard's summary table counts them. */
async function beneficiaries(): Promise<number> {
  const rows = await ctx.handle.db
    .select()
    .from(statsBeneficiaries)
    .where(eq(statsBeneficiaries.districtId, districtId));
  return rows.reduce((n, r) => n + r.total, 0);
}

describe('sworn declaration', () => {
  it('is generated only after consolidation, as a landscape PDF named {token}{timestamp}.pdf', async () => {
    const before = await call('director', 'GET', `/holders/institutions/${sie.special}/declaration`);
    expect(before.status).toBe(409);
    expect(before.body.message).toBe('La declaración jurada se genera después de consolidar la lista.');
    await call('director', 'POST', `/holders/institutions/${sie.special}/consolidation`);
    const res = await call<Buffer>('director', 'GET', `/holders/institutions/${sie.special}/declaration`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`filename="DDJJ_TITULARES_${sie.special}_20251120\\d{6}\\.pdf"`),
    );
    const pdf = Buffer.from(res.body);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    // Landscape letter: the media box is wider than tall.
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 792 612\]/);
    expect(
      (await call('otrodirector', 'GET', `/holders/institutions/${sie.special}/declaration`)).status,
    ).toBe(403);
  });

  it('adds the pending-summary page when a student is pending', async () => {
    // The race above consolidated this school on PostgreSQL; on PGlite (race skipped) it is done here.
    const consolidation = await call('director', 'POST', `/holders/institutions/${sie.race}/consolidation`);
    expect([200, 409]).toContain(consolidation.status);
    const withPending = await call<Buffer>(
      'director',
      'GET',
      `/holders/institutions/${sie.race}/declaration`,
    );
    expect(pages(withPending.body)).toBe(2);
  });
});

describe('titular validation list', () => {
  it('lists each titular with TOTAL / VALIDADO and validates their students until consolidation', async () => {
    const db = ctx.handle.db;
    const teacher = await makePerson(db);
    const { inscriptionIds } = await makeHolderCourse(db, {
      institutionId: sie.list,
      students: [{}, {}, {}],
    });
    for (const id of inscriptionIds) {
      await makeTitular(db, {
        inscriptionId: id,
        personId: teacher.id,
        relationshipId: 6,
        registeredInstitutionId: sie.list,
      });
    }
    const list = await call<TitularListPage>('director', 'GET', `/holders/institutions/${sie.list}/titulars`);
    expect(list.body.items[0]).toMatchObject({
      personId: teacher.id,
      holderTypeName: 'MAESTRO',
      total: 3,
      validated: 0,
    });
    const students = await call<{ items: unknown[] }>(
      'director',
      'GET',
      `/holders/institutions/${sie.list}/titulars/${teacher.id}/students`,
    );
    expect(students.body.items).toHaveLength(3);
    const validated = await call(
      'director',
      'POST',
      `/holders/institutions/${sie.list}/titulars/${teacher.id}/validation`,
    );
    expect(validated.body).toEqual({ validated: 3, total: 3 });
    const again = await call(
      'director',
      'POST',
      `/holders/institutions/${sie.list}/titulars/${teacher.id}/validation`,
    );
    expect(again.status).toBe(409);
    expect(
      (await call<TitularListPage>('director', 'GET', `/holders/institutions/${sie.list}/titulars`)).body
        .items[0]!.validated,
    ).toBe(3);
    await call('director', 'POST', `/holders/institutions/${sie.list}/consolidation`);
    const closed = await call(
      'director',
      'POST',
      `/holders/institutions/${sie.list}/titulars/${teacher.id}/validation`,
    );
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(
      'La lista de titulares de esta institución ya fue consolidada y su declaración jurada no cambia: para modificarla, la Dirección Distrital debe reabrirla con «Habilitar SIE» («Habilitar UE/CEE»), o registrar el cambio como novedad con «Habilitar Modificación Estudiante».',
    );
    // Every student has a titular: the declaration has no pending-summary page.
    expect(
      pages((await call<Buffer>('director', 'GET', `/holders/institutions/${sie.list}/declaration`)).body),
    ).toBe(1);
  });
});

const pages = (pdf: Buffer) =>
  (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type \/Page\b/g) ?? []
  ).length;
