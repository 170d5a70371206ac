import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from './test/app.js';
import { makeHolderCourse, makePerson, makeTitular } from './test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from './test/factories.js';

// Answers with students' and holders' data, and the documents made from them, must not stay in a
// browser's or a proxy's cache (a shared school computer keeps what the last director saw).
let ctx: TestContext;
let token = '';
let sie = 0;

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 4 });
  sie = (await makeSchool(db, { districtId: district.id, consolidated: true })).id;
  const { inscriptionIds } = await makeHolderCourse(db, { institutionId: sie, students: [{}, {}] });
  const mother = await makePerson(db);
  for (const inscriptionId of inscriptionIds)
    await makeTitular(db, { inscriptionId, personId: mother.id, registeredInstitutionId: sie });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  token = (await loginAs(ctx.app, 'director', 2)).token;
});
afterAll(() => ctx.close());

const get = (url: string, headers: Record<string, string> = bearer(token)) =>
  ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });

describe('Cache-Control on API answers', () => {
  it('is no-store on a list of students with their holders', async () => {
    const res = await get(`/holders/institutions/${sie}/students`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('MAMANI');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the sworn declaration PDF', async () => {
    const res = await get(`/holders/institutions/${sie}/declaration`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('is no-store on the logged-in user and on refusals', async () => {
    const me = await get('/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await get(`/holders/institutions/${sie}/students`, {});
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('leaves the API documentation to its own policy', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).not.toBe('no-store');
  });
});
