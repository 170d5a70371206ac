import type { AdjustmentStudentPage } from '@bjp/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeStudentsWithTitulars } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/** Issue 16: the 'Lista' of Ajuste Titulares filters the students by the chosen course. */
let ctx: TestContext;
const t: Record<string, string> = {};
let sie = 0;
let firstCourse: number[] = [];
let secondCourse: number[] = [];
let courseOf: Record<number, number> = {};

const list = async (who: string, query: string) => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v1/adjustments/institutions/${sie}/students${query}`,
    headers: bearer(t[who]!),
  });
  return { status: res.statusCode, body: res.json<AdjustmentStudentPage & { message: string }>() };
};

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 3 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  const other = await makeSchool(db, { districtId: district.id, consolidated: true });
  sie = school.id;
  const a = await makeStudentsWithTitulars(db, {
    institutionId: sie,
    students: Array.from({ length: 12 }, () => ({})),
  });
  const b = await makeStudentsWithTitulars(db, { institutionId: sie, students: [{}, {}] });
  firstCourse = a.inscriptionIds;
  secondCourse = b.inscriptionIds;
  const rows = (await db.execute(
    `SELECT id, course_id FROM inscriptions WHERE institution_id = ${sie}`,
  )) as unknown as { rows: { id: number; course_id: number }[] };
  courseOf = Object.fromEntries(rows.rows.map((r) => [Number(r.id), Number(r.course_id)]));
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  await makeUser(db, { username: 'otro-director', type: 2, profile: 9, institutionIds: [other.id] });
  for (const name of ['director', 'otro-director']) t[name] = (await loginAs(ctx.app, name, 2)).token;
});
afterAll(() => ctx.close());

describe("the adjustments 'Lista'", () => {
  it("lists only the chosen course's students, with their titular, 10 a page", async () => {
    const course = courseOf[secondCourse[0]!]!;
    const res = await list('director', `?course=${course}`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.items.map((r) => r.inscriptionId).sort()).toEqual([...secondCourse].sort());
    expect(res.body.items[0]!.titular).toBeTruthy();
    expect(res.body.items[0]!.adjustmentKind).toBeNull();

    const first = await list('director', `?course=${courseOf[firstCourse[0]!]}&page=2`);
    expect(first.body.total).toBe(12);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.items[0]!.number).toBe(11);
  });

  it('lists the whole school without a course', async () => {
    const res = await list('director', '');
    expect(res.body.total).toBe(14);
  });

  it("refuses another school's director and a bad course with a Spanish 400", async () => {
    expect((await list('otro-director', '')).status).toBe(403);
    const bad = await list('director', '?course=abc');
    expect(bad.status).toBe(400);
    expect(bad.body.message).not.toMatch(/expected|invalid/i);
  });
});
