import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studentCertificates, students } from '../../db/schema/index.js';
import { certificateFor } from '../../integrations/sereci/registry.js';
import { expectNothingWrittenWhenAuditFails, fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse } from '../../test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';

/**
 * Issue 12, part 4, SERECI: validating a student against the birth registry writes the student's
 * flag, the validation, the certificate on file and the audit row. The last of those is made to fail:
 * none of the others may stay. SERECI refusing changes nothing either.
 */
let ctx: TestContext;
let admin = '';
let rudes: string[] = [];

const validate = async (rude: string, body: object) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/sereci/students/${encodeURIComponent(rude)}/validation`,
    headers: bearer(admin),
    payload: body,
  });
  return { status: res.statusCode, body: res.body };
};
const certificateOf = (rude: string) => certificateFor(rude, '2015-05-05');
const studentOf = async (rude: string) =>
  (await ctx.handle.db.select().from(students).where(eq(students.rude, rude)))[0]!;

/** Runs `act` with the audit row failing; asserts a 5xx and that no table changed. */
const withFailingAudit = (act: () => Promise<{ status: number; body?: unknown }>) =>
  expectNothingWrittenWhenAuditFails(
    ctx.handle.db,
    'sereci.validate',
    ['students', 'sereci_validations', 'student_certificates'],
    act,
  );

beforeAll(async () => {
  ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 4 });
  const school = await makeSchool(db, { districtId: district.id });
  const { inscriptionIds } = await makeHolderCourse(db, {
    institutionId: school.id,
    students: [{ segipId: 0 }, { segipId: 0 }, { segipId: 0 }],
  });
  const rows = await db.execute(sql`SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id
    WHERE n.id = ANY(${`{${inscriptionIds.join(',')}}`}::int[]) ORDER BY n.id`);
  rudes = (rows as unknown as { rows: Array<{ rude: string }> }).rows.map((r) => r.rude);
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  admin = (await loginAs(ctx.app, 'admin', 1)).token;
});
afterAll(() => ctx.close());

describe('Validación SERECI: the last write failing leaves nothing', () => {
  it('a pending student without a certificate on file (flag + validation + certificate + audit)', async () => {
    const rude = rudes[0]!;
    await withFailingAudit(() => validate(rude, certificateOf(rude)));
    expect((await studentOf(rude)).emparejaSereci).toBe(false);
    // Without the failure the same call goes through: the test can tell a kept row from none.
    const ok = await validate(rude, certificateOf(rude));
    expect(ok.status, ok.body).toBe(200);
    expect((await studentOf(rude)).emparejaSereci).toBe(true);
  });

  it('a pending student whose certificate on file is replaced (flag + validation + update + audit)', async () => {
    const rude = rudes[1]!;
    const student = await studentOf(rude);
    await ctx.handle.db.insert(studentCertificates).values({
      studentId: student.id,
      oficialia: '1',
      libro: '1',
      partida: '1',
      folio: '1',
      updatedAt: new Date('2025-10-01T12:00:00Z'),
    });
    await withFailingAudit(() => validate(rude, certificateOf(rude)));
    const [onFile] = await ctx.handle.db
      .select()
      .from(studentCertificates)
      .where(eq(studentCertificates.studentId, student.id));
    expect(onFile).toMatchObject({ oficialia: '1', libro: '1', partida: '1', folio: '1' });
    expect((await validate(rude, certificateOf(rude))).status).toBe(200);
  });

  it('SERECI refusing the certificate: 409 and nothing written', async () => {
    const rude = rudes[2]!;
    const before = await fingerprint(ctx.handle.db);
    const wrong = { ...certificateOf(rude), folio: String(Number(certificateOf(rude).folio) + 1) };
    const refused = await validate(rude, wrong);
    expect(refused.status, refused.body).toBe(409);
    expect(await fingerprint(ctx.handle.db)).toEqual(before);
  });
});
