import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declarations,
  institutionEnablings,
  paidValidationConsolidations,
  users,
} from '../../db/schema/index.js';
import { expectNothingWrittenWhenAuditFails } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { makeStaffTitular } from '../../test/factories/paid-validation.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 12, part 4, enabling: 'Habilitar UE/CEE' and 'Habilitar SIE' reopen a consolidation, store
 * the declaration being reopened when it never was (backfill), supersede it and write the enabling
 * and audit rows. The last of those, the audit row, is made to fail: no table may keep the others.
 */
let ctx: TestContext;
const t = { admin: '', director: '' };
const sie = { paid: 0, paidLegacy: 0, holders: 0, holdersLegacy: 0 };
let paidStudents: number[] = [];
const reason = 'El director pidió corregir la validación de un estudiante';

const call = async (who: keyof typeof t, url: string, payload?: object, method: 'POST' | 'PUT' = 'POST') => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]), payload });
  return { status: res.statusCode, body: res.body };
};
const enable = (kind: 'paid-validation' | 'holders', school: number) =>
  call('admin', `/enabling/${kind}`, { sie: school, reason });
const storedOf = (school: number, kind: 1 | 2) =>
  ctx.handle.db
    .select()
    .from(declarations)
    .where(and(eq(declarations.institutionId, school), eq(declarations.kind, kind)));

/** Runs `act` with the audit row of `action` failing; asserts a 5xx and that no table changed. */
const withFailingAudit = (action: string, act: () => Promise<{ status: number; body?: unknown }>) =>
  expectNothingWrittenWhenAuditFails(
    ctx.handle.db,
    action,
    ['institutions', 'paid_validation_consolidations', 'declarations', 'institution_enablings'],
    act,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 8 });
  sie.paid = (await makeSchool(db, { districtId: district.id, codeType: 4 })).id;
  sie.paidLegacy = (await makeSchool(db, { districtId: district.id, codeType: 4 })).id;
  sie.holders = (await makeSchool(db, { districtId: district.id })).id;
  // Consolidated before issue 12: no declaration stored, so enabling backfills it first.
  sie.holdersLegacy = (await makeSchool(db, { districtId: district.id, consolidated: true })).id;
  paidStudents = (
    await makeStaffTitular(db, { institutionId: sie.paid, levelId: 1, gradeId: 99, students: [{}, {}] })
  ).inscriptionIds;
  await makeStaffTitular(db, { institutionId: sie.paidLegacy, levelId: 1, gradeId: 99, students: [{}] });
  for (const school of [sie.holders, sie.holdersLegacy]) {
    const { inscriptionIds } = await makeHolderCourse(db, { institutionId: school, students: [{}, {}] });
    const mother = await makePerson(db);
    await makeTitular(db, {
      inscriptionId: inscriptionIds[0]!,
      personId: mother.id,
      registeredInstitutionId: school,
    });
  }
  const admin = await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: Object.values(sie) });
  t.admin = (await loginAs(ctx.app, 'admin', 1)).token;
  t.director = (await loginAs(ctx.app, 'director', 2)).token;

  // sie.paid: validated and consolidated through the API, so its declaration is stored.
  for (const id of paidStudents) {
    const saved = await call(
      'director',
      `/paid-validation/institutions/${sie.paid}/inscriptions/${id}/validation`,
      { isPaid: true },
      'PUT',
    );
    expect(saved.status, saved.body).toBe(200);
  }
  const consolidated = await call('director', `/paid-validation/institutions/${sie.paid}/consolidation`);
  expect(consolidated.status, consolidated.body).toBe(200);
  // sie.paidLegacy: a consolidation of before issue 12, without its declaration.
  await db.insert(paidValidationConsolidations).values({
    institutionId: sie.paidLegacy,
    year: 2025,
    consolidatedAt: new Date('2025-11-15T15:00:00Z'),
    consolidatedBy: admin.id,
    students: 1,
    delivered: 1,
    undelivered: 0,
    amountPerStudent: 200,
  });
  // sie.holders: consolidated through the API, its declaration stored.
  expect((await call('director', `/holders/institutions/${sie.holders}/consolidation`)).status).toBe(200);
});
afterAll(() => ctx.close());

describe("'Habilitación UE/CEE' (paid validation): the audit row failing leaves nothing", () => {
  it('reopen + supersede the stored declaration + enabling row + audit', async () => {
    expect(await storedOf(sie.paid, 1)).toMatchObject([{ version: 1, supersededAt: null }]);
    await withFailingAudit('enabling.paid_validation', () => enable('paid-validation', sie.paid));
    // Without the failure the same call goes through: the test can tell a kept row from none.
    expect((await enable('paid-validation', sie.paid)).status).toBe(200);
    expect((await storedOf(sie.paid, 1))[0]!.supersededAt).not.toBeNull();
    const open = await ctx.handle.db
      .select()
      .from(paidValidationConsolidations)
      .where(
        and(
          eq(paidValidationConsolidations.institutionId, sie.paid),
          isNull(paidValidationConsolidations.reopenedAt),
        ),
      );
    expect(open).toHaveLength(0);
  });

  it('a consolidation without its declaration: backfill + reopen + supersede + enabling row + audit', async () => {
    expect(await storedOf(sie.paidLegacy, 1)).toHaveLength(0);
    await withFailingAudit('enabling.paid_validation', () => enable('paid-validation', sie.paidLegacy));
    expect(await storedOf(sie.paidLegacy, 1)).toHaveLength(0);
    expect((await enable('paid-validation', sie.paidLegacy)).status).toBe(200);
    const stored = await storedOf(sie.paidLegacy, 1);
    expect(stored).toMatchObject([{ version: 1, backfilled: 1 }]);
    expect(stored[0]!.supersededAt).not.toBeNull();
  });
});

describe("'Habilitar SIE' (holder registration): the audit row failing leaves nothing", () => {
  it('reopen + supersede the stored declaration + enabling row + audit', async () => {
    expect(await storedOf(sie.holders, 2)).toMatchObject([{ version: 1, supersededAt: null }]);
    await withFailingAudit('enabling.holders', () => enable('holders', sie.holders));
    expect((await enable('holders', sie.holders)).status).toBe(200);
    expect((await storedOf(sie.holders, 2))[0]!.supersededAt).not.toBeNull();
  });

  it('a school consolidated before issue 12: backfill + reopen + supersede + enabling row + audit', async () => {
    expect(await storedOf(sie.holdersLegacy, 2)).toHaveLength(0);
    await withFailingAudit('enabling.holders', () => enable('holders', sie.holdersLegacy));
    expect(await storedOf(sie.holdersLegacy, 2)).toHaveLength(0);
    expect((await enable('holders', sie.holdersLegacy)).status).toBe(200);
    expect(await storedOf(sie.holdersLegacy, 2)).toMatchObject([{ version: 1, backfilled: 1 }]);
    const enablings = await ctx.handle.db
      .select()
      .from(institutionEnablings)
      .where(eq(institutionEnablings.institutionId, sie.holdersLegacy));
    expect(enablings).toHaveLength(1);
    const [admin] = await ctx.handle.db.select().from(users).where(eq(users.username, 'admin'));
    expect(enablings[0]!.enabledBy).toBe(admin!.id);
  });
});
