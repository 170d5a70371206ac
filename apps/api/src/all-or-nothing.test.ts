import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNothingWrittenWhenAuditFails } from './test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from './test/app.js';
import { makeStudentsWithTitulars } from './test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from './test/factories.js';

/**
 * Issue 12, part 4, blocking and removals (holders, adjustments and paid validation have their own
 * all-or-nothing.test.ts): the path's last write, its audit row, is made to fail, and no table may
 * keep the rows written before it.
 */
let ctx: TestContext;
let admin = '';
let rudes: string[] = [];

const call = async (url: string, payload?: object) => {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: bearer(admin), payload });
  return { status: res.statusCode, body: res.body };
};

/** Runs `act` with the audit row of `action` failing; asserts a 5xx and that no table changed. */
const withFailingAudit = (action: string, act: () => Promise<{ status: number; body?: unknown }>) =>
  expectNothingWrittenWhenAuditFails(ctx.handle.db, action, ['inscriptions'], act);

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 3 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  rudes = (await makeStudentsWithTitulars(db, { institutionId: school.id, students: [{}, {}, {}] })).rudes;
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

describe('blocking and removals: the last write failing leaves nothing', () => {
  it('block and unblock (block row, inscription flag, audit)', async () => {
    const observation = { observation: 'Observación de bloqueo por control' };
    await withFailingAudit('blocking.block', () => call(`/blocking/students/${rudes[0]}/block`, observation));
    expect((await call(`/blocking/students/${rudes[0]}/block`, observation)).status).toBe(200);
    await withFailingAudit('blocking.unblock', () =>
      call(`/blocking/students/${rudes[0]}/unblock`, observation),
    );
  });

  it("'Baja Beneficiario' (removal, inscription, titular, audit)", async () => {
    await withFailingAudit('removals.remove', () =>
      call(`/removals/departments/3/students/${rudes[1]}`, { reason: 'Traslado al exterior' }),
    );
    expect(
      (await call(`/removals/departments/3/students/${rudes[1]}`, { reason: 'Traslado al exterior' })).status,
    ).toBe(200);
  });
});
