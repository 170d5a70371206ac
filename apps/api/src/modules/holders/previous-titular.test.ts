import type { TitularModalResponse } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { movableClock } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { enrolAgain, openNextYear } from '../../test/years.js';

/**
 * Issue 18: the titular modal of 2026 offers the student's titular of 2025 as a one-click choice,
 * checked against 2026's rules like any guardian.
 */

const clock = movableClock('2025-11-20T14:00:00Z');
let ctx: TestContext;
let director = '';
let sie = 0;
/** 2026 inscriptions: [had a titular, whose titular is now under age, had none in 2025, new in 2026]. */
const now: number[] = [];
let motherId = 0;

const modalUrl = (inscriptionId: number, rest = '/titulars') =>
  `/api/v1/holders/institutions/${sie}/inscriptions/${inscriptionId}${rest}`;
const call = async (method: 'GET' | 'PUT', url: string) => {
  const res = await ctx.app.inject({ method, url, headers: bearer(director) });
  return { status: res.statusCode, body: res.json<TitularModalResponse & { message: string }>() };
};

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2 });
  sie = (await makeSchool(db, { districtId: district.id })).id;
  const { inscriptionIds: old } = await makeHolderCourse(db, {
    institutionId: sie,
    students: [{}, {}, {}],
  });
  const mother = await makePerson(db);
  motherId = mother.id;
  const young = await makePerson(db);
  await makeTitular(db, { inscriptionId: old[0]!, personId: mother.id, registeredInstitutionId: sie });
  await makeTitular(db, {
    inscriptionId: old[1]!,
    personId: young.id,
    relationshipId: 4,
    registeredInstitutionId: sie,
  });
  // 17 on the day of 2026's choice: the rule of age applies on that day, whatever 2025 allowed.
  await db.execute(sql`UPDATE persons SET birth_date = '2009-01-15' WHERE id = ${young.id}`);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  await openNextYear(ctx.app, (await loginAs(ctx.app, 'admin', 1)).token);
  now.push(...(await enrolAgain(db, old)));
  const { inscriptionIds: fresh } = await makeHolderCourse(db, { institutionId: sie, students: [{}] });
  now.push(...(await enrolAgain(db, fresh)));
  // Not enrolled in 2025 at all: only the 2026 inscription stays.
  await db.execute(sql`DELETE FROM inscriptions WHERE id = ${fresh[0]}`);
  // Inside 2026's holder registration window.
  clock.set('2026-10-20T14:00:00Z');
  director = (await loginAs(ctx.app, 'director', 2)).token;
});
afterAll(() => ctx?.close());

describe("last year's titular in the modal", () => {
  it('offers the 2025 titular first, and one click makes them the 2026 titular through the same rules', async () => {
    const modal = await call('GET', modalUrl(now[0]!));
    expect(modal.status, JSON.stringify(modal.body)).toBe(200);
    expect(modal.body.guardians).toEqual([]);
    expect(modal.body.previousTitular).toMatchObject({
      year: 2025,
      personId: motherId,
      relationshipId: 1,
      relationshipName: 'MADRE',
      refusal: null,
    });
    const chosen = await call('PUT', modalUrl(now[0]!, '/titular/previous'));
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.status).toBe('registered');
    expect(chosen.body.guardians).toEqual([
      expect.objectContaining({ personId: motherId, relationshipId: 1, selected: true }),
    ]);
    // Now the same person is this year's titular: still shown, but not offered again.
    expect(chosen.body.previousTitular?.refusal).toBe('Ya es el titular de esta gestión.');
    expect((await call('GET', modalUrl(now[0]!))).body).toEqual(chosen.body);
    const audit = await rows<{ action: string }>(
      ctx.handle.db,
      sql`SELECT action FROM audit_log WHERE entity_id = ${String(now[0])} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['holders.guardian.add', 'holders.titular.save']);
    const again = await call('PUT', modalUrl(now[0]!, '/titular/previous'));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Ya es el titular de esta gestión.');
  });

  it('shows a 2025 titular the rules now refuse with the reason, and refuses the choice, writing nothing', async () => {
    const modal = await call('GET', modalUrl(now[1]!));
    expect(modal.body.previousTitular).toMatchObject({
      year: 2025,
      relationshipName: 'HERMANA/O',
      refusal: 'El titular debe ser mayor de edad.',
    });
    const before = await fingerprint(ctx.handle.db);
    const res = await call('PUT', modalUrl(now[1]!, '/titular/previous'));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('El titular debe ser mayor de edad.');
    expect(await fingerprint(ctx.handle.db)).toEqual(before);
  });

  it('offers nothing when the student had no titular in 2025, or was not enrolled then', async () => {
    for (const inscriptionId of [now[2]!, now[3]!]) {
      const modal = await call('GET', modalUrl(inscriptionId));
      expect(modal.status).toBe(200);
      expect(modal.body.previousTitular).toBeNull();
      const res = await call('PUT', modalUrl(inscriptionId, '/titular/previous'));
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('El estudiante no tuvo titular en la gestión anterior.');
    }
  });
});
