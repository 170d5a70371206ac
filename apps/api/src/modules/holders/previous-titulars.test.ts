import type { PreviousTitularsResult, PreviousTitularsReview } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { movableClock } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { raceIt } from '../../test/race.js';
import { enrolAgain, openNextYear } from '../../test/years.js';

/**
 * Issue 37 §1, decision 062: 'Titulares de la gestión anterior' designates every returning student
 * whose 2025 titular 2026's rules admit, in one request, with the single designation's checks and
 * audit rows; the exceptions are listed with their reason and left as they are.
 */

const clock = movableClock('2025-11-20T14:00:00Z');
let ctx: TestContext;
let director = '';
let sie = 0;
const db = () => ctx.handle.db;

/** 2026 inscription ids by what the test does with them. */
const w = {
  fresh: 0, // eligible; the mother is not yet a 2026 guardian
  listed: 0, // eligible; the mother is already a 2026 guardian
  single: 0, // eligible, designated through the single 'Elegir' for comparison
  young: 0,
  unverified: 0,
  removed: 0,
  identity: 0,
  blocked: 0,
  other: 0,
  without: 0,
  guardianRemoved: 0,
  noPrevious: 0,
  idem: [] as number[],
  fail: [] as number[],
  race: [] as number[],
  foreign: 0,
};

const url = `/api/v1/holders/institutions/`;
async function review() {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${url}${sie}/previous-titulars`,
    headers: bearer(director),
  });
  return { status: res.statusCode, body: res.json<PreviousTitularsReview & { message: string }>() };
}
async function designate(inscriptionIds: number[], key?: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `${url}${sie}/previous-titulars`,
    headers: { ...bearer(director), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { inscriptionIds },
  });
  return {
    status: res.statusCode,
    replayed: res.headers['idempotent-replayed'] === 'true',
    body: res.json<PreviousTitularsResult & { message: string }>(),
  };
}
const auditOf = (inscriptionId: number) =>
  rows<{
    action: string;
    user_id: number;
    entity: string;
    before: unknown;
    after: Record<string, unknown> | null;
  }>(
    db(),
    sql`SELECT action, user_id, entity, before, after FROM audit_log
        WHERE entity = 'inscription' AND entity_id = ${String(inscriptionId)} ORDER BY id`,
  );
const activeTitulars = (inscriptionId: number) =>
  rows<{ person_id: number }>(
    db(),
    sql`SELECT person_id FROM titular_assignments WHERE inscription_id = ${inscriptionId} AND removed_at IS NULL`,
  );

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const district = await makeDistrict(db(), { departmentId: 2 });
  sie = (await makeSchool(db(), { districtId: district.id })).id;
  const names = [
    'fresh',
    'listed',
    'single',
    'young',
    'unverified',
    'removed',
    'identity',
    'blocked',
    'other',
    'without',
    'guardianRemoved',
    'noPrevious',
    'idem1',
    'idem2',
    'fail1',
    'fail2',
    'fail3',
    'race1',
    'race2',
    'race3',
    'race4',
  ];
  const { inscriptionIds: old } = await makeHolderCourse(db(), {
    institutionId: sie,
    students: names.map(() => ({})),
  });
  const mothers: number[] = [];
  for (const [i, name] of names.entries()) {
    if (name === 'noPrevious') {
      mothers.push(0);
      continue;
    }
    const mother = await makePerson(db(), { verified: name !== 'unverified' });
    mothers.push(mother.id);
    await makeTitular(db(), { inscriptionId: old[i]!, personId: mother.id, registeredInstitutionId: sie });
    // 17 on the day of 2026's designation.
    if (name === 'young')
      await db().execute(sql`UPDATE persons SET birth_date = '2009-01-15' WHERE id = ${mother.id}`);
  }
  const otherSchool = (
    await makeSchool(db(), { districtId: (await makeDistrict(db(), { departmentId: 3 })).id })
  ).id;
  const { inscriptionIds: foreignOld } = await makeHolderCourse(db(), {
    institutionId: otherSchool,
    students: [{}],
  });
  const foreignMother = await makePerson(db());
  await makeTitular(db(), {
    inscriptionId: foreignOld[0]!,
    personId: foreignMother.id,
    registeredInstitutionId: otherSchool,
  });
  await makeUser(db(), { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db(), { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  await openNextYear(ctx.app, (await loginAs(ctx.app, 'admin', 1)).token);
  const now = await enrolAgain(db(), old);
  [w.foreign] = await enrolAgain(db(), foreignOld);
  const at = (name: string) => now[names.indexOf(name)]!;
  const person = (name: string) => mothers[names.indexOf(name)]!;
  Object.assign(w, {
    fresh: at('fresh'),
    listed: at('listed'),
    single: at('single'),
    young: at('young'),
    unverified: at('unverified'),
    removed: at('removed'),
    identity: at('identity'),
    blocked: at('blocked'),
    other: at('other'),
    without: at('without'),
    guardianRemoved: at('guardianRemoved'),
    noPrevious: at('noPrevious'),
    idem: [at('idem1'), at('idem2')],
    fail: [at('fail1'), at('fail2'), at('fail3')],
    race: [at('race1'), at('race2'), at('race3'), at('race4')],
  });
  await makeTitular(db(), {
    inscriptionId: w.listed,
    personId: person('listed'),
    registeredInstitutionId: sie,
    selected: false,
  });
  await db().execute(sql`UPDATE inscriptions SET removed_at = now() WHERE id = ${w.removed}`);
  await db().execute(
    sql`UPDATE students SET segip_id = 2, empareja_sereci = false
        WHERE id = (SELECT student_id FROM inscriptions WHERE id = ${w.identity})`,
  );
  await db().execute(
    sql`INSERT INTO student_blocks (inscription_id, student_id, institution_id, observation)
        SELECT id, student_id, institution_id, 'Prueba' FROM inscriptions WHERE id = ${w.blocked}`,
  );
  const stranger = await makePerson(db());
  await makeTitular(db(), { inscriptionId: w.other, personId: stranger.id, registeredInstitutionId: sie });
  await db().execute(
    sql`INSERT INTO beneficiary_exclusions (inscription_id, institution_id) VALUES (${w.without}, ${sie})`,
  );
  await db().execute(
    sql`INSERT INTO guardians (inscription_id, person_id, relationship_id, removed_at)
        VALUES (${w.guardianRemoved}, ${person('guardianRemoved')}, 1, now())`,
  );
  // Inside 2026's holder registration window.
  clock.set('2026-10-20T14:00:00Z');
  director = (await loginAs(ctx.app, 'director', 2)).token;
});
afterAll(() => ctx?.close());

const reasons = {
  young: 'El titular debe ser mayor de edad.',
  unverified: 'Su identidad no fue validada por SEGIP: búsquelo con «Adicionar Titular».',
  removed: 'El estudiante fue dado de baja como beneficiario.',
  identity: 'Su identidad (CI o certificado de nacimiento) no está validada.',
  blocked: 'El estudiante tiene un bloqueo vigente.',
  other: 'Ya tiene otro titular registrado en esta gestión.',
  without: 'Fue registrado sin titular en esta gestión.',
  guardianRemoved: 'El titular anterior fue retirado de la lista de tutores en esta gestión.',
} as const;

describe("'Titulares de la gestión anterior'", () => {
  it('lists the eligible students and each exception with its reason', async () => {
    const res = await review();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.year).toBe(2025);
    expect(res.body.truncated).toBe(false);
    expect(res.body.alreadyDesignated).toBe(0);
    expect(res.body.eligible.map((r) => r.inscriptionId).sort()).toEqual(
      [w.fresh, w.listed, w.single, ...w.idem, ...w.fail, ...w.race].sort(),
    );
    expect(res.body.eligible[0]).toMatchObject({ reason: null, titular: { relationshipName: 'MADRE' } });
    const excluded = Object.fromEntries(res.body.excluded.map((r) => [r.inscriptionId, r.reason]));
    expect(excluded).toEqual(
      Object.fromEntries(
        Object.entries(reasons).map(([k, reason]) => [w[k as keyof typeof reasons], reason]),
      ),
    );
  });

  it('designates the eligible ones with the single designation’s audit rows, and reports the others', async () => {
    const single = await ctx.app.inject({
      method: 'PUT',
      url: `${url}${sie}/inscriptions/${w.single}/titular/previous`,
      headers: bearer(director),
    });
    expect(single.statusCode).toBe(200);
    const ids = [w.fresh, w.listed, w.young, w.blocked, w.noPrevious, w.single];
    const before = await auditOf(w.young);
    const res = await designate(ids);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.designated).toBe(2);
    expect(Object.fromEntries(res.body.notDesignated.map((n) => [n.inscriptionId, n.reason]))).toEqual({
      [w.young]: reasons.young,
      [w.blocked]: reasons.blocked,
      [w.noPrevious]: 'El estudiante no tuvo titular en la gestión anterior.',
      [w.single]: 'Ya es el titular de esta gestión.',
    });
    expect(res.body.notDesignated[0]).toMatchObject({ rude: expect.any(String), course: expect.any(String) });
    // The same rows as the single 'Elegir', ids aside.
    const shape = (audit: Awaited<ReturnType<typeof auditOf>>) =>
      audit.map((a) => ({
        ...a,
        after: a.after && {
          ...a.after,
          guardianId: typeof a.after.guardianId,
          personId: typeof a.after.personId,
        },
      }));
    const singleRows = shape(await auditOf(w.single));
    expect(singleRows.map((a) => a.action)).toEqual(['holders.guardian.add', 'holders.titular.save']);
    expect(shape(await auditOf(w.fresh))).toEqual(singleRows);
    expect(shape(await auditOf(w.listed))).toEqual(singleRows.slice(1));
    expect(await auditOf(w.young)).toEqual(before);
    for (const id of [w.fresh, w.listed]) expect(await activeTitulars(id)).toHaveLength(1);
    expect(await activeTitulars(w.young)).toHaveLength(0);
    // The modal shows the result as a single designation would.
    const modal = await ctx.app.inject({
      method: 'GET',
      url: `${url}${sie}/inscriptions/${w.fresh}/titulars`,
      headers: bearer(director),
    });
    expect(modal.json()).toMatchObject({
      status: 'registered',
      previousTitular: { refusal: 'Ya es el titular de esta gestión.' },
    });
    expect((await review()).body.alreadyDesignated).toBe(3);
  });

  it("refuses another school's inscription with 404, writing nothing", async () => {
    const before = await fingerprint(db());
    const res = await designate([w.idem[0]!, w.foreign]);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(
      `No son estudiantes de esta unidad educativa en la gestión vigente: ${w.foreign}.`,
    );
    expect(await fingerprint(db())).toEqual(before);
  });

  it('answers a repeated request with the same key from the record, designating once', async () => {
    const key = '3f1c2b7e-9a4d-4c1b-8e2f-5a6b7c8d9e01';
    const first = await designate(w.idem, key);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ designated: 2, notDesignated: [] });
    const after = await fingerprint(db());
    const again = await designate(w.idem, key);
    expect(again.replayed).toBe(true);
    expect(again.body).toEqual(first.body);
    expect(await fingerprint(db())).toEqual(after);
    // Without the key, the same batch finds them designated and writes nothing.
    const repeat = await designate(w.idem);
    expect(repeat.body.designated).toBe(0);
    expect(repeat.body.notDesignated.map((n) => n.reason)).toEqual([
      'Ya es el titular de esta gestión.',
      'Ya es el titular de esta gestión.',
    ]);
    expect(await fingerprint(db())).toEqual(after);
  });

  it('commits whole or not at all: the last student’s audit row failing takes back every designation', async () => {
    const last = w.fail.at(-1)!;
    await db().execute(
      sql.raw(`CREATE OR REPLACE FUNCTION test_fail_last() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.action = 'holders.titular.save' AND NEW.entity_id = '${last}' THEN
            RAISE EXCEPTION 'prueba: falla forzada de la última designación';
          END IF;
          RETURN NEW;
        END $$`),
    );
    await db().execute(
      sql.raw(
        'CREATE TRIGGER test_fail_last BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_fail_last()',
      ),
    );
    try {
      const before = await fingerprint(db());
      const res = await designate(w.fail);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await fingerprint(db())).toEqual(before);
    } finally {
      await db().execute(sql.raw('DROP TRIGGER IF EXISTS test_fail_last ON audit_log'));
    }
    const res = await designate(w.fail);
    expect(res.body.designated).toBe(3);
  });

  raceIt('two batches of the same students at once: each student is designated once', async () => {
    const [a, b] = await Promise.all([designate(w.race), designate([...w.race].reverse())]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.designated + b.body.designated).toBe(w.race.length);
    for (const id of w.race) {
      expect(await activeTitulars(id)).toHaveLength(1);
      expect((await auditOf(id)).map((x) => x.action)).toEqual([
        'holders.guardian.add',
        'holders.titular.save',
      ]);
    }
  });

  it('refuses after the list is consolidated (409 in Spanish), writing nothing', async () => {
    await db().execute(sql`UPDATE institutions SET holders_consolidated_at = now() WHERE id = ${sie}`);
    const before = await fingerprint(db());
    const res = await designate([w.race[0]!]);
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('ya fue consolidada');
    expect(await fingerprint(db())).toEqual(before);
  });
});
