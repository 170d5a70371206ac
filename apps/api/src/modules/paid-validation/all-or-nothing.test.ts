import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeStaffTitular } from '../../test/factories/paid-validation.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 12, part 4, paid validation: saving a student's state (validation + audit) and consolidating
 * (consolidation, stored declaration, audit) write several rows; the last one is made to fail and no
 * table may keep the others.
 */
let ctx: TestContext;
let token = '';
let sie = 0;
let students: number[] = [];

const call = async (method: 'PUT' | 'POST', url: string, payload?: object) => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
  return { status: res.statusCode, body: res.body };
};
const save = (inscriptionId: number) =>
  call('PUT', `/paid-validation/institutions/${sie}/inscriptions/${inscriptionId}/validation`, {
    isPaid: false,
    observation: 'No asistió al pago del bono.',
  });

/** Runs `act` with the audit row of `action` failing; asserts a 5xx and that no table changed. */
const withFailingAudit = (action: string, act: () => Promise<{ status: number; body?: unknown }>) =>
  expectNothingWrittenWhenAuditFails(ctx.handle.db, action, ['institutions'], act);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 3 });
  sie = (await makeSchool(db, { districtId: district.id, codeType: 4 })).id;
  students = (await makeStaffTitular(db, { institutionId: sie, levelId: 1, gradeId: 99, students: [{}, {}] }))
    .inscriptionIds;
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
  token = (await loginAs(ctx.app, 'director', 2)).token;
});
afterAll(() => ctx.close());

describe('paid validation: the last write failing leaves nothing', () => {
  it("saving a student's state (validation + audit)", async () => {
    await withFailingAudit('paid.validate', () => save(students[0]!));
  });

  it('consolidating (consolidation + stored declaration + audit)', async () => {
    for (const id of students) expect((await save(id)).status).toBe(200);
    await withFailingAudit('paid.consolidate', () =>
      call('POST', `/paid-validation/institutions/${sie}/consolidation`),
    );
    expect((await call('POST', `/paid-validation/institutions/${sie}/consolidation`)).status).toBe(200);
  });
});
