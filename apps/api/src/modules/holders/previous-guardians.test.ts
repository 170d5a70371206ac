import type { PreviousGuardiansResponse } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.js';
import { expectNothingWrittenWhenAuditFails, fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { movableClock } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { enrolAgain, openNextYear } from '../../test/years.js';

/**
 * Issue 18, decision 041: the titular modal of 2026 lists the student's guardians of 2025 not yet
 * among this year's, and 'Agregar los tutores de 2025' copies them under this year's rules.
 */

const clock = movableClock('2025-11-20T14:00:00Z');
let ctx: TestContext;
let director = '';
let distrito = '';
let sie = 0;
let otherSie = 0;
/** 2026 inscriptions of `sie`: [mother+aunt+removed uncle, father removed this year + unconfirmed grandmother, for the audit test, new in 2026]. */
const now: number[] = [];
/** The 2025 inscriptions of `sie`, in the same order. */
let old: number[] = [];
/** 2026 inscription of the other district's school. */
let otherNow = 0;
const person: Record<string, number> = {};

type Answer = PreviousGuardiansResponse & { message: string };
const url = (inscriptionId: number, rest = '/titulars', school = sie) =>
  `/api/v1/holders/institutions/${school}/inscriptions/${inscriptionId}${rest}`;
const call = async (method: 'GET' | 'POST', path: string, payload?: object, token = director) => {
  const res = await ctx.app.inject({ method, url: path, headers: bearer(token), payload });
  return { status: res.statusCode, body: res.json<Answer>() };
};
const copy = (inscriptionId: number, payload: object = {}, token = director, school = sie) =>
  call('POST', url(inscriptionId, '/guardians/previous', school), payload, token);
const db = () => ctx.handle.db;

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const district = await makeDistrict(db(), { departmentId: 2 });
  const elsewhere = await makeDistrict(db(), { departmentId: 2 });
  sie = (await makeSchool(db(), { districtId: district.id })).id;
  otherSie = (await makeSchool(db(), { districtId: elsewhere.id })).id;
  ({ inscriptionIds: old } = await makeHolderCourse(db(), { institutionId: sie, students: [{}, {}, {}] }));
  const { inscriptionIds: otherOld } = await makeHolderCourse(db(), {
    institutionId: otherSie,
    students: [{}],
  });
  for (const name of ['mother', 'aunt', 'uncle', 'father', 'teacher', 'neighbour'])
    person[name] = (await makePerson(db())).id;
  person.grandmother = (await makePerson(db(), { verified: false })).id;
  const guardian = (inscriptionId: number, name: string, relationshipId: number, selected = false) =>
    makeTitular(db(), {
      inscriptionId,
      personId: person[name]!,
      relationshipId,
      registeredInstitutionId: sie,
      selected,
    });
  await guardian(old[0]!, 'mother', 1, true);
  await guardian(old[0]!, 'aunt', 5);
  const uncle = await guardian(old[0]!, 'uncle', 5);
  // Removed from the 2025 list: not offered in 2026.
  await db().execute(sql`UPDATE guardians SET removed_at = now() WHERE id = ${uncle.id}`);
  await guardian(old[1]!, 'father', 2, true);
  await guardian(old[1]!, 'grandmother', 3);
  await guardian(old[2]!, 'teacher', 6, true);
  await guardian(otherOld[0]!, 'neighbour', 1, true);
  await makeUser(db(), { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db(), { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  await makeUser(db(), { username: 'distrito', type: 2, profile: 10, districtId: district.id });
  await openNextYear(ctx.app, (await loginAs(ctx.app, 'admin', 1)).token);
  now.push(...(await enrolAgain(db(), old)));
  [otherNow] = await enrolAgain(db(), otherOld);
  const { inscriptionIds: fresh } = await makeHolderCourse(db(), { institutionId: sie, students: [{}] });
  now.push(...(await enrolAgain(db(), fresh)));
  await db().execute(sql`DELETE FROM inscriptions WHERE id = ${fresh[0]}`);
  // The father was added to 2026's list and removed again: he comes back, not a second row.
  const father = await guardian(now[1]!, 'father', 2);
  await db().execute(sql`UPDATE guardians SET removed_at = now() WHERE id = ${father.id}`);
  clock.set('2026-10-20T14:00:00Z');
  director = (await loginAs(ctx.app, 'director', 2)).token;
  distrito = (await loginAs(ctx.app, 'distrito', 2)).token;
});
afterAll(() => ctx?.close());

const candidateNames = (body: Answer) => body.previousGuardians?.candidates.map((c) => c.personId) ?? [];

describe("last year's guardians in the titular modal", () => {
  it("lists 2025's active guardians, then copies one, then the rest, and a second call adds nothing", async () => {
    const modal = await call('GET', url(now[0]!));
    expect(modal.status, JSON.stringify(modal.body)).toBe(200);
    expect(modal.body.guardians).toEqual([]);
    expect(modal.body.previousGuardians).toEqual({
      year: 2025,
      candidates: [
        expect.objectContaining({ personId: person.mother, relationshipName: 'MADRE', refusal: null }),
        expect.objectContaining({ personId: person.aunt, relationshipId: 5, refusal: null }),
      ],
    });

    const one = await copy(now[0]!, { personIds: [person.aunt] });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body.added).toBe(1);
    expect(one.body.guardians).toEqual([
      expect.objectContaining({ personId: person.aunt, relationshipId: 5, selected: false }),
    ]);
    expect(candidateNames(one.body)).toEqual([person.mother]);

    const rest = await copy(now[0]!);
    expect(rest.status).toBe(200);
    expect(rest.body.added).toBe(1);
    expect(rest.body.guardians.map((g) => g.personId)).toEqual([person.aunt, person.mother]);
    // Nobody left to offer: the section is gone, and the GET says the same.
    expect(rest.body.previousGuardians).toBeNull();
    const { added: _added, ...modalAfter } = rest.body;
    expect((await call('GET', url(now[0]!))).body).toEqual(modalAfter);
    // The titular is still this year's decision.
    expect(rest.body.status).toBe('pending');

    const before = await fingerprint(db());
    for (const body of [{}, { personIds: [person.mother, person.aunt] }]) {
      const again = await copy(now[0]!, body);
      expect(again.status).toBe(200);
      expect(again.body.added).toBe(0);
    }
    expect(await fingerprint(db())).toEqual(before);

    const audit = await rows<{ action: string; after: { previousYear: number; guardians: unknown[] } }>(
      db(),
      sql`SELECT action, after FROM audit_log WHERE entity_id = ${String(now[0])} ORDER BY id`,
    );
    expect(audit.map((a) => a.action)).toEqual([
      'holders.guardian.add_previous',
      'holders.guardian.add_previous',
    ]);
    expect(audit[0]!.after).toEqual({
      previousYear: 2025,
      guardians: [expect.objectContaining({ personId: person.aunt, relationshipId: 5 })],
    });
  });

  it('brings back a guardian removed this year (same row), and leaves out one SEGIP has not confirmed', async () => {
    const modal = await call('GET', url(now[1]!));
    expect(modal.body.previousGuardians?.candidates).toEqual([
      expect.objectContaining({ personId: person.father, refusal: null }),
      expect.objectContaining({
        personId: person.grandmother,
        refusal: 'Su identidad no fue validada por SEGIP: búsquelo con «Adicionar Titular».',
      }),
    ]);
    const before = await fingerprint(db());
    const refused = await copy(now[1]!, { personIds: [person.grandmother] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Su identidad no fue validada por SEGIP: búsquelo con «Adicionar Titular».',
    );
    const stranger = await copy(now[1]!, { personIds: [person.neighbour] });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('La persona no fue tutor del estudiante en la gestión anterior.');
    expect(await fingerprint(db())).toEqual(before);

    const res = await copy(now[1]!);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.added).toBe(1);
    expect(res.body.guardians).toEqual([expect.objectContaining({ personId: person.father })]);
    expect(candidateNames(res.body)).toEqual([person.grandmother]);
    const fatherRows = await rows<{ n: number }>(
      db(),
      sql`SELECT count(*)::int AS n FROM guardians WHERE inscription_id = ${now[1]} AND person_id = ${person.father}`,
    );
    expect(fatherRows[0]!.n).toBe(1);
  });

  it('offers nothing to a student not enrolled the year before', async () => {
    const modal = await call('GET', url(now[3]!));
    expect(modal.status).toBe(200);
    expect(modal.body.previousGuardians).toBeNull();
    const res = await copy(now[3]!);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('El estudiante no tuvo tutores en la gestión anterior.');
  });

  it('refuses a school outside the user’s place, another school’s student, a closed year, and bad input', async () => {
    const before = await fingerprint(db());
    const elsewhere = await copy(otherNow, {}, distrito, otherSie);
    expect(elsewhere.status).toBe(403);
    const director403 = await copy(otherNow, {}, director, otherSie);
    expect(director403.status).toBe(403);
    // Their own school in the path, another district's student: not found in the locking statement.
    const smuggled = await copy(otherNow, {}, distrito, sie);
    expect(smuggled.status).toBe(404);
    const closed = await copy(old[2]!);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe('La gestión 2025 está cerrada: sus datos solo se pueden consultar.');
    const bad = await copy(now[2]!, { personIds: [] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Indique al menos un tutor.');
    const worse = await copy(now[2]!, { personIds: ['x'] });
    expect(worse.status).toBe(400);
    expect(await fingerprint(db())).toEqual(before);
  });

  it('writes nothing when its audit row fails', async () => {
    await expectNothingWrittenWhenAuditFails(db(), 'holders.guardian.add_previous', ['guardians'], () =>
      copy(now[2]!),
    );
    expect(candidateNames((await call('GET', url(now[2]!))).body)).toEqual([person.teacher]);
  });

  it('a consolidated school refuses, like every guardian write', async () => {
    await db().execute(sql`UPDATE institutions SET holders_consolidated_at = now() WHERE id = ${sie}`);
    try {
      const before = await fingerprint(db());
      const res = await copy(now[2]!);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(
        'La lista de titulares de esta institución ya fue consolidada y su declaración jurada no cambia: para modificarla, la Dirección Distrital debe reabrirla con «Habilitar SIE» («Habilitar UE/CEE»), o registrar el cambio como novedad con «Habilitar Modificación Estudiante».',
      );
      expect(await fingerprint(db())).toEqual(before);
    } finally {
      await db().execute(sql`UPDATE institutions SET holders_consolidated_at = NULL WHERE id = ${sie}`);
    }
  });
});
