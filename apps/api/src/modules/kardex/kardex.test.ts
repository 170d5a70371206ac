import type { Kardex, KardexSearchPage } from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { type MovableClock, makeStudentsWithTitulars, movableClock } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 16 'Kardex del Estudiante' for everyone: search by RUDE or name and the full history, each
 * caller within their place (a student elsewhere answers 404 like an unknown RUDE).
 */
let ctx: TestContext;
let clock: MovableClock;
const tokens: Record<string, string> = {};
/** a1: school A1 (district A1); a1b: another school of district A1; a2: district A2 (same department); b: department 6. */
const rudes: Record<'a1' | 'a1b' | 'a2' | 'b', string[]> = { a1: [], a1b: [], a2: [], b: [] };
const schools: Record<string, number> = {};

const get = (who: string, url: string) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(tokens[who]!) });
const search = async (who: string, q: string, page = 1) => {
  const res = await get(who, `/kardex/students?q=${encodeURIComponent(q)}&page=${page}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<KardexSearchPage>();
};

beforeAll(async () => {
  clock = movableClock('2025-11-20T14:00:00Z');
  ctx = await createTestApp({ clock });
  const db = ctx.handle.db;
  const districtA1 = await makeDistrict(db, { departmentId: 5 });
  const districtA2 = await makeDistrict(db, { departmentId: 5 });
  const districtB = await makeDistrict(db, { departmentId: 6 });
  schools.a1 = (await makeSchool(db, { districtId: districtA1.id })).id;
  schools.a1b = (await makeSchool(db, { districtId: districtA1.id })).id;
  schools.a2 = (await makeSchool(db, { districtId: districtA2.id })).id;
  schools.b = (await makeSchool(db, { districtId: districtB.id })).id;
  rudes.a1 = (
    await makeStudentsWithTitulars(db, {
      institutionId: schools.a1,
      students: [
        { paterno: 'KARDEXA', name: 'ANA LUCIA' },
        ...Array.from({ length: 11 }, () => ({ paterno: 'KARDEXA' })),
      ],
    })
  ).rudes;
  rudes.a1b = (
    await makeStudentsWithTitulars(db, { institutionId: schools.a1b, students: [{ paterno: 'KARDEXA' }] })
  ).rudes;
  rudes.a2 = (
    await makeStudentsWithTitulars(db, { institutionId: schools.a2, students: [{ paterno: 'KARDEXA' }] })
  ).rudes;
  rudes.b = (
    await makeStudentsWithTitulars(db, { institutionId: schools.b, students: [{ paterno: 'KARDEXA' }] })
  ).rudes;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  await makeUser(db, { username: 'depto', type: 2, profile: 7, departmentId: 5 });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: districtA1.id });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [schools.a1] });
  await makeUser(db, { username: 'director2', type: 2, profile: 9, institutionIds: [schools.a1b] });
  await makeUser(db, { username: 'otro', type: 2, profile: null });
  tokens.admin = (await loginAs(ctx.app, 'admin', 1)).token;

  // School A1 consolidates its holders (a declaration), then a student is blocked and another removed.
  const post = (url: string, payload?: object) =>
    ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(tokens.admin!), payload });
  expect((await post(`/holders/institutions/${schools.a1}/consolidation`)).statusCode).toBe(200);
  // An hour later (the morning's access token has expired): everybody logs in.
  clock.set('2025-11-20T15:00:00Z');
  for (const [name, type] of Object.entries({
    admin: 1,
    ministerio: 1,
    depto: 2,
    distrito: 2,
    director: 2,
    director2: 2,
    otro: 2,
  }))
    tokens[name] = (await loginAs(ctx.app, name, type)).token;
  const blocked = await post(`/blocking/students/${rudes.a1[0]}/block`, {
    observation: 'Revisión de asistencia',
  });
  expect(blocked.statusCode, blocked.body).toBe(200);
  const removed = await post(`/removals/departments/5/students/${rudes.a1[1]}`, {
    reason: 'Traslado al exterior',
  });
  expect(removed.statusCode, removed.body).toBe(200);
});
afterAll(() => ctx.close());

describe('Kardex search', () => {
  it('finds by RUDE, its start or words of the name, 10 a page with the total', async () => {
    const byRude = await search('admin', rudes.a1[0]!.toLowerCase());
    expect(byRude.items.map((r) => r.rude)).toEqual([rudes.a1[0]]);
    expect(byRude.items[0]).toMatchObject({ year: 2025, institutionId: schools.a1 });
    expect(byRude.items[0]!.name).toMatch(/^KARDEXA .*ANA LUCIA$/);
    const byName = await search('admin', 'lucia kardexa');
    expect(byName.items.map((r) => r.rude)).toEqual([rudes.a1[0]]);
    const all = await search('admin', 'KARDEXA');
    expect(all).toMatchObject({ total: 15, pageSize: 10 });
    expect(all.items).toHaveLength(10);
    expect((await search('admin', 'KARDEXA', 2)).items).toHaveLength(5);
    expect(await search('admin', 'KARDEXA', 9)).toMatchObject({ items: [], total: 15 });
  });

  it('lists only students whose school is in the caller’s place', async () => {
    expect((await search('ministerio', 'KARDEXA')).total).toBe(15);
    expect((await search('depto', 'KARDEXA')).total).toBe(14);
    expect((await search('distrito', 'KARDEXA')).total).toBe(13);
    expect((await search('director', 'KARDEXA')).total).toBe(12);
    expect((await search('director2', 'KARDEXA')).items.map((r) => r.rude)).toEqual(rudes.a1b);
    expect((await search('distrito', rudes.a2[0]!)).total).toBe(0);
    expect((await get('otro', '/kardex/students?q=KARDEXA')).statusCode).toBe(403);
  });

  it('refuses bad input with a Spanish 400', async () => {
    for (const q of ['ab', 'KAR\u0000DEXA', 'x'.repeat(10_000), '']) {
      const res = await get('distrito', `/kardex/students?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q.slice(0, 20)).toBe(400);
      expect(res.json().message).toMatch(/caracteres|no válidos/);
    }
    expect((await get('distrito', '/kardex/students')).statusCode).toBe(400);
    expect((await get('distrito', '/kardex/students?q=KARDEXA&page=0')).statusCode).toBe(400);
  });
});

describe('Kardex of one student', () => {
  it('shows the whole history: inscription, titulars, block, declaration, novelties', async () => {
    const res = await get('distrito', `/kardex/students/${rudes.a1[0]}`);
    expect(res.statusCode, res.body).toBe(200);
    const k = res.json<Kardex>();
    expect(k.student.rude).toBe(rudes.a1[0]);
    expect(k.inscriptions).toMatchObject([{ year: 2025, institutionId: schools.a1 }]);
    expect(k.inscriptions[0]!.course).toMatch(/^Primaria · Primero - [A-Z]+$/);
    expect(k.titulars).toHaveLength(1);
    expect(k.blocks).toMatchObject([{ observation: 'Revisión de asistencia', unblockedAt: null }]);
    expect(k.declarations).toMatchObject([{ kind: 'Registro de titulares', version: 1, superseded: false }]);
    expect(k.novelties.map((n) => n.kind)).toEqual(['block']);
    expect(k.validations.map((v) => v.kind)).toEqual(['SEGIP']);
  });

  it('shows the removal of a removed student', async () => {
    const k = (await get('director', `/kardex/students/${rudes.a1[1]}`)).json<Kardex>();
    expect(k.removals).toMatchObject([
      { year: 2025, source: 'BAJA BENEFICIARIO', reason: 'Traslado al exterior' },
    ]);
    expect(k.inscriptions[0]!.removedAt).not.toBeNull();
  });

  it('answers 404 in Spanish for a student outside the caller’s place, as for an unknown RUDE', async () => {
    const refused: Array<[string, string]> = [
      ['distrito', rudes.a2[0]!],
      ['distrito', rudes.b[0]!],
      ['depto', rudes.b[0]!],
      ['director', rudes.a1b[0]!],
      ['director2', rudes.a1[0]!],
      ['distrito', 'NOEXISTE'],
    ];
    for (const [who, rude] of refused) {
      const res = await get(who, `/kardex/students/${rude}`);
      expect(res.statusCode, `${who} ${rude}`).toBe(404);
      expect(res.json().message).toBe('Estudiante no encontrado');
    }
    expect((await get('depto', `/kardex/students/${rudes.a2[0]}`)).statusCode).toBe(200);
    expect((await get('ministerio', `/kardex/students/${rudes.b[0]}`)).statusCode).toBe(200);
    expect((await get('otro', `/kardex/students/${rudes.a1[0]}`)).statusCode).toBe(403);
  });

  it('refuses a RUDE with a NUL byte (400) or of 10 kB, with a Spanish 400', async () => {
    const nul = await get('distrito', `/kardex/students/${encodeURIComponent(`${rudes.a1[0]}\u0000`)}`);
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('El texto contiene caracteres no válidos.');
    const long = await get('distrito', `/kardex/students/${'X'.repeat(10_000)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Solicitud no válida.');
    const spaces = await get('distrito', `/kardex/students/${encodeURIComponent('   ')}`);
    expect(spaces.statusCode).toBe(400);
  });
});
