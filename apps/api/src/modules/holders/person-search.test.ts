import type { PersonSearchResponse, SearchActivityPage } from '@bjp/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import type { AppError } from '../../lib/errors.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makePerson } from '../../test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { assertFoundBySearch } from './person-search.js';

/**
 * Issue 13, point 2: the person search answers only what the titular modal needs, is throttled per
 * user, leaves an audit row per search, and administrators see who searches out of the ordinary.
 */
let ctx: TestContext;
const t: Record<string, string> = {};
const ids: Record<string, number> = {};
let districtName = '';

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 2 });
  districtName = district.name;
  const school = await makeSchool(db, { districtId: district.id });
  const users: Record<string, NonNullable<Parameters<typeof makeUser>[1]> & { type: number }> = {
    director: { type: 2, profile: 9, institutionIds: [school.id] },
    otrodirector: { type: 2, profile: 9, institutionIds: [school.id] },
    pesado: { type: 2, profile: 10, districtId: district.id },
    ministerio: { type: 1 },
    admin: { type: 1, roles: ['Administrador'] },
  };
  for (const [username, attrs] of Object.entries(users)) {
    ids[username] = (await makeUser(db, { username, ...attrs })).id;
    t[username] = (await loginAs(ctx.app, username, attrs.type)).token;
  }
});
afterAll(() => ctx.close());

const search = async (who: string, body: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/holders/persons/search',
    headers: bearer(t[who]!),
    payload: body,
  });
  return {
    status: res.statusCode,
    body: res.json<PersonSearchResponse & { message: string }>(),
    raw: res.body,
  };
};

const activity = async (who: string, query = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/users/person-search-activity${query}`,
    headers: bearer(t[who]!),
  });
  return { status: res.statusCode, body: res.json<SearchActivityPage & { message: string }>() };
};

const searchRowsOf = async (userId: number) =>
  (
    await ctx.handle.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'holders.person.search'), eq(auditLog.userId, userId)))
  )[0]!.n;

describe('person search answer', () => {
  it('gives the id and the names masked to initials, nothing else', async () => {
    const person = await makePerson(ctx.handle.db);
    const res = await search('director', { carnet: person.carnet });
    expect(res.status).toBe(200);
    const initials = (name: string) =>
      name
        .split(' ')
        .filter(Boolean)
        .map((w) => `${w[0]}***`)
        .join(' ');
    expect(res.body).toStrictEqual({
      found: true,
      person: {
        id: person.id,
        paterno: initials(person.firstLastName),
        materno: initials(person.secondLastName),
        name: initials(person.name),
      },
    });
    // Neither the birth date nor a whole name leaves the server.
    expect(res.raw).not.toContain(person.birthDate);
    expect(res.raw).not.toContain(person.name);
    expect(res.raw).not.toContain(person.firstLastName);
    expect(Object.keys(res.body.person!).sort()).toEqual(['id', 'materno', 'name', 'paterno']);

    const miss = await search('director', { carnet: '1', complemento: 'X9' });
    expect(miss.body).toStrictEqual({ found: false, person: null });
  });
});

describe('audit of every search', () => {
  it('records who, when, the document, whether it was found and from where', async () => {
    const person = await makePerson(ctx.handle.db);
    const before = await searchRowsOf(ids.director!);
    await search('director', { carnet: person.carnet, complemento: '' });
    await search('director', { carnet: '7777777', complemento: '1a' });
    const rows = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'holders.person.search'), eq(auditLog.userId, ids.director!)))
      .orderBy(auditLog.id);
    expect(rows).toHaveLength(before + 2);
    const [hit, miss] = rows.slice(-2);
    expect(hit).toMatchObject({
      entity: 'person_search',
      entityId: person.carnet,
      after: { carnet: person.carnet, complemento: '', found: true, personId: person.id },
      ip: '127.0.0.1',
    });
    expect(miss).toMatchObject({
      entityId: '7777777',
      after: { carnet: '7777777', complemento: '1A', found: false, personId: null },
    });
    expect(Date.now() - new Date(hit!.at).getTime()).toBeLessThan(60_000);
  });

  it('leaves no row for a refused request: bad input or no permission', async () => {
    const total = async () => (await ctx.handle.db.select({ n: count() }).from(auditLog))[0]!.n;
    const start = await total();
    const bad = await search('director', { carnet: '  ' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Ingrese un documento de identidad');
    const refused = await search('ministerio', { carnet: '1234567' });
    expect(refused.status).toBe(403);
    expect(await total()).toBe(start);
  });
});

describe('throttling per user', () => {
  it('answers the 31st search of a minute 429 in Spanish, and other users keep searching', async () => {
    const person = await makePerson(ctx.handle.db);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await search('pesado', { carnet: `${5000000 + i}` })).status);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await searchRowsOf(ids.pesado!)).toBe(30);

    const over = await search('pesado', { carnet: person.carnet });
    expect(over.status).toBe(429);
    expect(over.body.message).toBe('Demasiadas búsquedas de personas; espere un minuto.');
    expect(over.raw).not.toContain(person.firstLastName);
    // The refused search was not run: no audit row for it.
    expect(await searchRowsOf(ids.pesado!)).toBe(30);

    const other = await search('otrodirector', { carnet: person.carnet });
    expect(other.status).toBe(200);
    expect(other.body.person?.id).toBe(person.id);
  });
});

describe('an id is good only for the user whose search found it', () => {
  it('accepts a recent own search, refuses another user, a miss and an old search with 404', async () => {
    const person = await makePerson(ctx.handle.db);
    const check = (who: string) =>
      assertFoundBySearch(ctx.handle.db, ids[who]!, person.id).then(
        () => 'ok',
        (e: AppError) => `${e.status} ${e.message}`,
      );
    expect(await check('admin')).toBe('404 No se encontró a la persona.');
    await search('admin', { carnet: person.carnet });
    expect(await check('admin')).toBe('ok');
    expect(await check('otrodirector')).toBe('404 No se encontró a la persona.');
    // A search from two hours ago, as the audit log keeps it, no longer counts.
    await ctx.handle.db.insert(auditLog).values({
      at: new Date(Date.now() - 2 * 3600_000),
      userId: ids.ministerio!,
      action: 'holders.person.search',
      entity: 'person_search',
      entityId: person.carnet,
      after: { carnet: person.carnet, complemento: '', found: true, personId: person.id },
    });
    expect(await check('ministerio')).toBe('404 No se encontró a la persona.');
  });
});

describe('unusual search volume (administrators)', () => {
  it('lists the heavy searcher first, flagged, with counts and place', async () => {
    const res = await activity('admin', '?days=7');
    expect(res.status).toBe(200);
    const [first] = res.body.items;
    expect(first).toMatchObject({
      userId: ids.pesado,
      username: 'pesado',
      place: districtName,
      searches: 30,
      hits: 0,
      unusual: true,
    });
    expect(first!.perDay).toBeCloseTo(30 / 7, 1);
    const director = res.body.items.find((r) => r.username === 'director');
    expect(director).toMatchObject({ unusual: false, searches: 4, hits: 2 });
    // pesado 30, director 4, otrodirector, admin and ministerio 1 each.
    expect(res.body.total).toBe(5);
    expect(res.body.unusualCount).toBe(1);
    expect(res.body.median).toBe(1);

    const later = await activity('admin', '?days=7&page=2');
    expect(later.body.items).toEqual([]);
    expect(later.body.total).toBe(5);
  });

  it('refuses users without the users management permission', async () => {
    for (const who of ['ministerio', 'director', 'pesado']) {
      const res = await activity(who);
      expect(res.status).toBe(403);
      expect(res.body.items).toBeUndefined();
    }
  });

  it('answers bad periods and pages 400 in Spanish', async () => {
    for (const days of ['0', '91', 'abc', '2.5']) {
      const res = await activity('admin', `?days=${days}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Indique un número de días entre 1 y 90.');
    }
    for (const page of ['0', '-1', '2147483648', 'x']) {
      const res = await activity('admin', `?page=${page}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Página no válida.');
    }
  });
});
