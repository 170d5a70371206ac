import { createHash } from 'node:crypto';
import {
  type DeclarationVersionList,
  declarationMessages,
  type VerificationResult,
  yearMessages,
} from '@bjp/domain';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { declarations } from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { makeStaffTitular } from '../../test/factories/paid-validation.js';
import { movableClock } from '../../test/factories/sync.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { enrolAgain, openNextYear } from '../../test/years.js';

/**
 * Decision 042: a school's declaration versions count per programme year. A school declares its
 * holders twice in 2025 (versions 1 and 2, a 'Habilitar' between them); once 2026 is open, its first
 * declaration of 2026 is version 1 again, and each version is found by its year and number.
 */

const clock = movableClock('2025-11-20T14:00:00Z');
let ctx: TestContext;
const t: Record<string, string> = {};
/** A regular school (holders) and a special centre (paid validation), both declared in 2025. */
const sie = { holders: 0, paid: 0 };
const reason = 'La dirección distrital pidió corregir la lista de titulares.';

type Res<T> = { status: number; body: T; headers: Record<string, unknown>; raw: Buffer };
const call = async <T = { message: string }>(
  who: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<Res<T>> => {
  const res = await ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(t[who]!), payload });
  const json = String(res.headers['content-type']).includes('json');
  return {
    status: res.statusCode,
    body: (json ? res.json() : res.rawPayload) as T,
    headers: res.headers,
    raw: res.rawPayload,
  };
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const holdersVersion = (version: number, query = '') =>
  `/holders/institutions/${sie.holders}/declaration/versions/${version}${query}`;
const paidVersion = (version: number, query = '') =>
  `/paid-validation/institutions/${sie.paid}/report/document/versions/${version}${query}`;
const stored = (school: number, kind: number) =>
  ctx.handle.db
    .select()
    .from(declarations)
    .where(and(eq(declarations.institutionId, school), eq(declarations.kind, kind)))
    .orderBy(asc(declarations.id));
const login = async () => {
  t.admin = (await loginAs(ctx.app, 'admin', 1)).token;
  t.director = (await loginAs(ctx.app, 'director', 2)).token;
};
const ok = async (who: string, url: string, payload?: object) => {
  const res = await call(who, 'POST', url, payload);
  expect(res.status, `${url} → ${JSON.stringify(res.body)}`).toBe(200);
};

beforeAll(async () => {
  ctx = await createTestApp({ clock });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 3 });
  sie.holders = (await makeSchool(db, { districtId: district.id })).id;
  sie.paid = (await makeSchool(db, { districtId: district.id, codeType: 4 })).id;
  const { inscriptionIds } = await makeHolderCourse(db, {
    institutionId: sie.holders,
    students: [{}, {}, {}],
  });
  const mother = await makePerson(db);
  for (const id of inscriptionIds)
    await makeTitular(db, { inscriptionId: id, personId: mother.id, registeredInstitutionId: sie.holders });
  const teacher = await makeStaffTitular(db, { institutionId: sie.paid, students: [{}, {}] });
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'director', type: 2, profile: 9, institutionIds: [sie.holders, sie.paid] });
  await login();

  // 2025: holders declared twice (versions 1 and 2), the paid validation once (version 1).
  const consolidation = `/holders/institutions/${sie.holders}/consolidation`;
  await ok('director', consolidation);
  await ok('admin', '/enabling/holders', { sie: sie.holders, reason });
  await ok('director', consolidation);
  for (const id of teacher.inscriptionIds) {
    const url = `/paid-validation/institutions/${sie.paid}/inscriptions/${id}/validation`;
    const res = await call('director', 'PUT', url, { isPaid: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  await ok('director', `/paid-validation/institutions/${sie.paid}/consolidation`);

  // 2026 opens; the school's students enrol again and, inside 2026's registration window, the
  // director consolidates its list: the school's first holders declaration of 2026.
  await openNextYear(ctx.app, t.admin!);
  await enrolAgain(db, inscriptionIds);
  clock.set('2026-10-20T14:00:00Z');
  await login();
  await ok('director', consolidation);
}, 120_000);
afterAll(() => ctx?.close());

describe('declaration versions per programme year (decision 042)', () => {
  it("stores the school's first declaration of 2026 as version 1, after 2025's versions 1 and 2", async () => {
    const rows = await stored(sie.holders, 2);
    expect(rows.map((r) => [r.year, r.version, r.supersededAt === null])).toEqual([
      [2025, 1, false],
      [2025, 2, true],
      [2026, 1, true],
    ]);
    // Each year lists its own versions, numbered from 1, with its year.
    const list = async (query: string) =>
      (
        await call<DeclarationVersionList>(
          'director',
          'GET',
          `/holders/institutions/${sie.holders}/declaration/versions${query}`,
        )
      ).body.items.map((v) => [v.year, v.version, v.status]);
    expect(await list('?year=2025')).toEqual([
      [2025, 1, declarationMessages.superseded],
      [2025, 2, declarationMessages.current],
    ]);
    expect(await list('')).toEqual([[2026, 1, declarationMessages.current]]);
    expect(await list('?year=2026')).toEqual([[2026, 1, declarationMessages.current]]);
  });

  it("downloads 'versión 1' of 2025 and of 2026 by year: each its own stored bytes", async () => {
    const rows = await stored(sie.holders, 2);
    const of2025 = rows.find((r) => r.year === 2025 && r.version === 1)!;
    const of2026 = rows.find((r) => r.year === 2026)!;
    const closed = await call('admin', 'GET', holdersVersion(1, '?year=2025'));
    expect(closed.status).toBe(200);
    expect(closed.raw.equals(of2025.pdf)).toBe(true);
    expect(closed.headers['x-declaration-version']).toBe('1');
    expect(closed.headers['x-declaration-status']).toBe(declarationMessages.superseded);
    // Without ?year=, the open year's version 1; with it, the same bytes.
    for (const query of ['', '?year=2026']) {
      const open = await call('director', 'GET', holdersVersion(1, query));
      expect(open.status).toBe(200);
      expect(open.raw.equals(of2026.pdf)).toBe(true);
      expect(sha(open.raw)).toBe(of2026.sha256);
      expect(open.headers['x-declaration-status']).toBe(declarationMessages.current);
    }
    expect(of2025.sha256).not.toBe(of2026.sha256);
    // The public verification tells the two 'versión 1' apart by their year.
    for (const row of [of2025, of2026]) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/public/declarations/${row.verificationCode}`,
      });
      expect(res.json<VerificationResult>()).toMatchObject({ year: row.year, version: 1 });
    }
  });

  it('answers 404 in Spanish for a version number the asked year does not hold', async () => {
    const open = await call('director', 'GET', holdersVersion(2));
    expect(open.status).toBe(404);
    expect(open.body.message).toBe(declarationMessages.versionNotFound(2, 2026));
    expect(open.body.message).toBe('No existe la versión 2 de la declaración en la gestión 2026.');
    expect((await call('director', 'GET', holdersVersion(2, '?year=2025'))).status).toBe(200);
    expect((await call('director', 'GET', holdersVersion(3, '?year=2025'))).body.message).toBe(
      declarationMessages.versionNotFound(3, 2025),
    );
    // The paid validation's: declared in 2025 only.
    const paid2025 = (await stored(sie.paid, 1))[0]!;
    const closed = await call('director', 'GET', paidVersion(1, '?year=2025'));
    expect(closed.status).toBe(200);
    expect(closed.raw.equals(paid2025.pdf)).toBe(true);
    const none = await call('director', 'GET', paidVersion(1));
    expect(none.status).toBe(404);
    expect(none.body.message).toBe(declarationMessages.versionNotFound(1, 2026));
  });

  it('answers 400 in Spanish for a year that is not one, or one the console never held', async () => {
    for (const url of [holdersVersion(1, '?year=2024'), paidVersion(1, '?year=2024')]) {
      const res = await call('director', 'GET', url);
      expect(res.status, url).toBe(400);
      expect(res.body.message).toBe(yearMessages.unknown(2024));
    }
    for (const query of ['?year=abc', '?year=1999', '?year=2025.5']) {
      for (const url of [holdersVersion(1, query), paidVersion(1, query)]) {
        const res = await call('director', 'GET', url);
        expect(res.status, url).toBe(400);
        expect(res.body.message, url).toContain('La gestión debe ser un año, por ejemplo 2025.');
      }
    }
  });
});
