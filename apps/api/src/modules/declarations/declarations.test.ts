import { createHash } from 'node:crypto';
import type { DeclarationVersionList, PaidReport, VerificationResult } from '@bjp/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  declarations,
  institutions,
  paidValidationConsolidations,
  titularAssignments,
  users,
} from '../../db/schema/index.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../../test/app.js';
import { blockInscription } from '../../test/factories/blocking.js';
import { makeHolderCourse, makePerson, makeTitular } from '../../test/factories/holders.js';
import { makeStaffTitular, markPaid } from '../../test/factories/paid-validation.js';
import { makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { newVerificationCode, normalizeCode } from './code.js';
import { consolidationHooks } from './consolidate.js';

let ctx: TestContext;
const t: Record<string, string> = {};
const sie = {
  special: 0,
  holders: 0,
  failRender: 0,
  failAudit: 0,
  other: 0,
  legacy: 0,
  legacyEnabled: 0,
  legacyPaid: 0,
  changedOnce: 0,
  changedTwice: 0,
};
const schoolInscriptions: Record<number, number[]> = {};
let teacher: { personId: number; inscriptionIds: number[] };
let latePaid = 0;
let holdersTitular = 0;
const reason = 'El director pidió corregir la validación de un estudiante';

type Res<T> = { status: number; body: T; headers: Record<string, unknown>; raw: Buffer };
const call = async <T = { message: string }>(
  who: string | null,
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  payload?: object,
): Promise<Res<T>> => {
  const res = await ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: who ? bearer(t[who]!) : {},
    payload,
  });
  const json = String(res.headers['content-type']).includes('json');
  return {
    status: res.statusCode,
    body: (json ? res.json() : res.rawPayload) as T,
    headers: res.headers,
    raw: res.rawPayload,
  };
};
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const paidDoc = (s: number) => `/paid-validation/institutions/${s}/report/document`;
const holdersDoc = (s: number) => `/holders/institutions/${s}/declaration`;
const stored = (s: number, kind: number) =>
  ctx.handle.db
    .select()
    .from(declarations)
    .where(and(eq(declarations.institutionId, s), eq(declarations.kind, kind)))
    .orderBy(declarations.version);

beforeAll(async () => {
  ctx = await createTestApp({ env: { PUBLIC_ORIGIN: 'https://bjp.minedu.gob.bo' } });
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 5 });
  const otherDistrict = await makeDistrict(db, { departmentId: 6 });
  sie.special = (await makeSchool(db, { districtId: district.id, codeType: 4 })).id;
  sie.holders = (await makeSchool(db, { districtId: district.id })).id;
  sie.failRender = (await makeSchool(db, { districtId: district.id })).id;
  sie.failAudit = (await makeSchool(db, { districtId: district.id })).id;
  sie.other = (await makeSchool(db, { districtId: otherDistrict.id })).id;
  sie.legacy = (await makeSchool(db, { districtId: district.id, consolidated: true })).id;
  sie.legacyEnabled = (await makeSchool(db, { districtId: district.id, consolidated: true })).id;
  sie.legacyPaid = (await makeSchool(db, { districtId: district.id, codeType: 4 })).id;
  sie.changedOnce = (await makeSchool(db, { districtId: district.id })).id;
  sie.changedTwice = (await makeSchool(db, { districtId: district.id })).id;
  await makeStaffTitular(db, { institutionId: sie.legacyPaid, levelId: 1, gradeId: 99, students: [{}] });
  teacher = await makeStaffTitular(db, {
    institutionId: sie.special,
    levelId: 1,
    gradeId: 99,
    students: [{}, {}, {}, { paid: false }],
  });
  latePaid = teacher.inscriptionIds[3]!;
  for (const school of [
    sie.holders,
    sie.failRender,
    sie.failAudit,
    sie.other,
    sie.changedOnce,
    sie.changedTwice,
  ]) {
    const { inscriptionIds } = await makeHolderCourse(db, { institutionId: school, students: [{}, {}, {}] });
    schoolInscriptions[school] = inscriptionIds;
    const mother = await makePerson(db);
    await makeTitular(db, {
      inscriptionId: inscriptionIds[0]!,
      personId: mother.id,
      registeredInstitutionId: school,
    });
    if (school === sie.holders) holdersTitular = inscriptionIds[0]!;
  }
  await makeUser(db, {
    username: 'director',
    type: 2,
    profile: 9,
    institutionIds: [
      sie.special,
      sie.holders,
      sie.failRender,
      sie.failAudit,
      sie.legacy,
      sie.legacyPaid,
      sie.changedOnce,
      sie.changedTwice,
    ],
  });
  await makeUser(db, { username: 'otrodirector', type: 2, profile: 9, institutionIds: [sie.other] });
  await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'distrito', type: 2, profile: 10, districtId: district.id });
  await makeUser(db, { username: 'otrodistrito', type: 2, profile: 10, districtId: otherDistrict.id });
  for (const [name, type] of [
    ['director', 2],
    ['otrodirector', 2],
    ['admin', 1],
    ['distrito', 2],
    ['otrodistrito', 2],
  ] as const)
    t[name] = (await loginAs(ctx.app, name, type)).token;
});
afterAll(() => ctx.close());

describe('verification codes', () => {
  it('carry 80 bits as XXXX-XXXX-XXXX-XXXX in Crockford base32 and read back however typed', () => {
    const code = newVerificationCode();
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(normalizeCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code.replace(/-/g, ''));
    expect(normalizeCode('OOOO-IIII-LLLL-0000')).toBe('0000111111110000');
    expect(normalizeCode('K7QF-2M9X')).toBeNull();
    expect(normalizeCode('UUUU-UUUU-UUUU-UUUU')).toBeNull();
    expect(new Set(Array.from({ length: 200 }, newVerificationCode)).size).toBe(200);
  });
});

describe('paid validation: the DDJJ is frozen at consolidation', () => {
  let v1: { sha256: string; code: string; bytes: Buffer } = { sha256: '', code: '', bytes: Buffer.alloc(0) };

  it('consolidating stores version 1 (data, PDF, SHA-256, code) in the same transaction', async () => {
    for (const id of teacher.inscriptionIds.slice(0, 3))
      expect(
        (
          await call(
            'director',
            'PUT',
            `/paid-validation/institutions/${sie.special}/inscriptions/${id}/validation`,
            {
              isPaid: id !== teacher.inscriptionIds[2],
              observation: id === teacher.inscriptionIds[2] ? 'El bono no llegó al estudiante' : undefined,
            },
          )
        ).status,
      ).toBe(200);
    expect(
      (await call('director', 'POST', `/paid-validation/institutions/${sie.special}/consolidation`)).status,
    ).toBe(200);
    const rows = await stored(sie.special, 1);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row).toMatchObject({ version: 1, supersededAt: null, backfilled: 0 });
    expect(row.sha256).toBe(sha(row.pdf));
    expect((row.data as { totals: unknown[] }).totals).toContainEqual({
      label: 'Declarados NO PAGADO',
      value: '1',
    });
    v1 = { sha256: row.sha256, code: row.verificationCode, bytes: row.pdf };
  });

  it('downloads the stored bytes, twice identical, with the SHA-256 as a strong ETag, whoever asks', async () => {
    const a = await call<Buffer>('director', 'GET', paidDoc(sie.special));
    const b = await call<Buffer>('admin', 'GET', paidDoc(sie.special));
    expect(a.status).toBe(200);
    expect(a.raw.equals(v1.bytes)).toBe(true);
    expect(b.raw.equals(v1.bytes)).toBe(true);
    expect(sha(a.raw)).toBe(v1.sha256);
    expect(a.headers.etag).toBe(`"${v1.sha256}"`);
    expect(a.headers['x-declaration-status']).toBe('Vigente');
    expect(String(a.headers['content-disposition'])).toMatch(/filename="REPORTE_DDJJ_2025_\d{14}\.pdf"/);
  });

  it('a payment sync and a block after consolidation change neither the report of what was declared nor the stored DDJJ', async () => {
    const before = await call<PaidReport>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie.special}/report`,
    );
    // What 'Sincronizar Datos de Pago de Sintesis' does for a student paid after the consolidation.
    await markPaid(ctx.handle.db, latePaid);
    await blockInscription(ctx.handle.db, teacher.inscriptionIds[0]!);
    const after = await call<PaidReport>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie.special}/report`,
    );
    // The late payment is not in what the school declared: it is counted apart (one payment truth).
    expect(after.body.totals).toEqual(before.body.totals);
    const state = await call<{ paidAfterDeclaration: number }>(
      'director',
      'GET',
      `/paid-validation/institutions/${sie.special}`,
    );
    expect(state.body.paidAfterDeclaration).toBe(1);
    const again = await call<Buffer>('admin', 'GET', paidDoc(sie.special));
    expect(again.raw.equals(v1.bytes)).toBe(true);
    expect(sha(again.raw)).toBe(v1.sha256);
  });

  it('the database refuses to rewrite or delete a stored declaration', async () => {
    const db = ctx.handle.db;
    await expect(
      db.execute(sql`UPDATE declarations SET pdf = '\\x00' WHERE institution_id = ${sie.special}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`UPDATE declarations SET sha256 = 'x' WHERE institution_id = ${sie.special}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`DELETE FROM declarations WHERE institution_id = ${sie.special}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE declarations`)).rejects.toThrow();
    expect(sha((await stored(sie.special, 1))[0]!.pdf)).toBe(v1.sha256);
  });

  it('the public verification shows the declaration without personal data', async () => {
    const res = await call<VerificationResult>(null, 'GET', `/public/declarations/${v1.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      valid: true,
      sie: sie.special,
      kind: 'paid_validation',
      version: 1,
      superseded: false,
      status: 'Vigente',
      sha256: v1.sha256,
    });
    expect(res.body.totals).toContainEqual({ label: 'Declarados PAGADO', value: '2' });
    const text = JSON.stringify(res.body);
    const content = (await stored(sie.special, 1))[0]!.data as {
      content: { report: { rows: Array<{ carnet: string; paterno: string; name: string }> } };
    };
    for (const r of content.content.report.rows) {
      expect(text).not.toContain(r.carnet);
      expect(text).not.toContain(r.name);
    }
    const typed = await call(null, 'GET', `/public/declarations/${v1.code.toLowerCase().replace(/-/g, '')}`);
    expect(typed.status).toBe(200);
  });

  it("'Habilitar UE/CEE' supersedes version 1 (still downloadable, 'Reemplazada'); consolidating again stores version 2", async () => {
    expect(
      (await call('admin', 'POST', '/enabling/paid-validation', { sie: sie.special, reason })).status,
    ).toBe(200);
    const list = await call<DeclarationVersionList>('admin', 'GET', `${paidDoc(sie.special)}/versions`);
    expect(list.body.items).toHaveLength(1);
    expect(list.body.items[0]).toMatchObject({ version: 1, status: 'Reemplazada', sha256: v1.sha256 });
    expect(list.body.items[0]!.supersededAt).not.toBeNull();
    const old = await call<Buffer>('director', 'GET', `${paidDoc(sie.special)}/versions/1`);
    expect(old.status).toBe(200);
    expect(old.raw.equals(v1.bytes)).toBe(true);
    expect(old.headers['x-declaration-status']).toBe('Reemplazada');
    // Reopened and not consolidated: no current declaration.
    expect((await call('director', 'GET', paidDoc(sie.special))).status).toBe(409);
    const verified = await call<VerificationResult>(null, 'GET', `/public/declarations/${v1.code}`);
    expect(verified.body).toMatchObject({ superseded: true, status: 'Reemplazada' });

    expect(
      (
        await call(
          'director',
          'PUT',
          `/paid-validation/institutions/${sie.special}/inscriptions/${latePaid}/validation`,
          {
            isPaid: true,
          },
        )
      ).status,
    ).toBe(200);
    expect(
      (await call('director', 'POST', `/paid-validation/institutions/${sie.special}/consolidation`)).status,
    ).toBe(200);
    const rows = await stored(sie.special, 1);
    expect(rows.map((r) => r.version)).toEqual([1, 2]);
    expect(rows[1]!.verificationCode).not.toBe(v1.code);
    expect(rows[1]!.sha256).not.toBe(v1.sha256);
    const current = await call<Buffer>('director', 'GET', paidDoc(sie.special));
    expect(sha(current.raw)).toBe(rows[1]!.sha256);
    expect(current.headers['x-declaration-version']).toBe('2');
    const v1Again = await call<Buffer>('director', 'GET', `${paidDoc(sie.special)}/versions/1`);
    expect(v1Again.raw.equals(v1.bytes)).toBe(true);
    expect((await call('director', 'GET', `${paidDoc(sie.special)}/versions/3`)).status).toBe(404);
  });
});

describe('holders: the sworn declaration is frozen at consolidation', () => {
  let first = '';

  it('stores at consolidation; a later titular change leaves the download byte for byte', async () => {
    expect(
      (await call('director', 'POST', `/holders/institutions/${sie.holders}/consolidation`)).status,
    ).toBe(200);
    const [row] = await stored(sie.holders, 2);
    expect(row).toMatchObject({ version: 1, backfilled: 0 });
    const a = await call<Buffer>('director', 'GET', holdersDoc(sie.holders));
    expect(sha(a.raw)).toBe(row!.sha256);
    first = row!.sha256;
    await ctx.handle.db
      .update(titularAssignments)
      .set({ removedAt: new Date('2025-11-21T12:00:00Z') })
      .where(eq(titularAssignments.inscriptionId, holdersTitular));
    const b = await call<Buffer>('distrito', 'GET', holdersDoc(sie.holders));
    expect(b.raw.equals(a.raw)).toBe(true);
  });

  it("'Habilitar SIE' supersedes it; the next consolidation is version 2 with another code", async () => {
    expect((await call('admin', 'POST', '/enabling/holders', { sie: sie.holders, reason })).status).toBe(200);
    expect(
      (await call('director', 'POST', `/holders/institutions/${sie.holders}/consolidation`)).status,
    ).toBe(200);
    const list = await call<DeclarationVersionList>('director', 'GET', `${holdersDoc(sie.holders)}/versions`);
    expect(list.body.items.map((i) => [i.version, i.status])).toEqual([
      [1, 'Reemplazada'],
      [2, 'Vigente'],
    ]);
    expect(list.body.items[0]!.sha256).toBe(first);
    expect(list.body.items[1]!.verificationCode).not.toBe(list.body.items[0]!.verificationCode);
    const old = await call<Buffer>('director', 'GET', `${holdersDoc(sie.holders)}/versions/1`);
    expect(sha(old.raw)).toBe(first);
  });

  it('a school consolidated before issue 12 gets version 1 stored at its first download (backfilled)', async () => {
    expect(await stored(sie.legacy, 2)).toHaveLength(0);
    const a = await call<Buffer>('director', 'GET', holdersDoc(sie.legacy));
    expect(a.status).toBe(200);
    const rows = await stored(sie.legacy, 2);
    expect(rows).toMatchObject([{ version: 1, backfilled: 1 }]);
    const b = await call<Buffer>('director', 'GET', holdersDoc(sie.legacy));
    expect(b.raw.equals(a.raw)).toBe(true);
    expect(sha(b.raw)).toBe(rows[0]!.sha256);
  });

  it("'Habilitar SIE' on a school never downloaded keeps its declaration: stored, then superseded", async () => {
    expect(
      (await call('admin', 'POST', '/enabling/holders', { sie: sie.legacyEnabled, reason })).status,
    ).toBe(200);
    const rows = await stored(sie.legacyEnabled, 2);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: 1, backfilled: 1 });
    expect(rows[0]!.supersededAt).not.toBeNull();
  });

  it('answers 304 to If-None-Match with the stored SHA-256', async () => {
    const [row] = await stored(sie.legacy, 2);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1${holdersDoc(sie.legacy)}`,
      headers: { ...bearer(t.director!), 'if-none-match': `"${row!.sha256}"` },
    });
    expect(res.statusCode).toBe(304);
    expect(res.rawPayload.length).toBe(0);
  });

  it('a failed render stores nothing and consolidates nothing', async () => {
    const documents = ctx.app.documents;
    const original = documents.render.bind(documents);
    documents.render = async () => {
      throw new Error('render failed on purpose');
    };
    try {
      expect(
        (await call('director', 'POST', `/holders/institutions/${sie.failRender}/consolidation`)).status,
      ).toBe(500);
    } finally {
      documents.render = original;
    }
    expect(await stored(sie.failRender, 2)).toHaveLength(0);
    const [school] = await ctx.handle.db
      .select({ at: institutions.holdersConsolidatedAt })
      .from(institutions)
      .where(eq(institutions.id, sie.failRender));
    expect(school!.at).toBeNull();
  });

  it('a failure of the last step (the audit row) stores nothing and consolidates nothing', async () => {
    const db = ctx.handle.db;
    await db.execute(sql`CREATE FUNCTION test_fail_consolidation_audit() RETURNS trigger AS $$
      BEGIN
        IF NEW.action IN ('holders.consolidate', 'paid.consolidate') THEN RAISE EXCEPTION 'forced failure'; END IF;
        RETURN NEW;
      END; $$ LANGUAGE plpgsql`);
    await db.execute(sql`CREATE TRIGGER test_fail_consolidation_audit BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION test_fail_consolidation_audit()`);
    try {
      expect(
        (await call('director', 'POST', `/holders/institutions/${sie.failAudit}/consolidation`)).status,
      ).toBe(500);
    } finally {
      await db.execute(sql`DROP TRIGGER test_fail_consolidation_audit ON audit_log`);
      await db.execute(sql`DROP FUNCTION test_fail_consolidation_audit()`);
    }
    expect(await stored(sie.failAudit, 2)).toHaveLength(0);
    const [school] = await db
      .select({ at: institutions.holdersConsolidatedAt })
      .from(institutions)
      .where(eq(institutions.id, sie.failAudit));
    expect(school!.at).toBeNull();
    const paid = await db
      .select()
      .from(paidValidationConsolidations)
      .where(eq(paidValidationConsolidations.institutionId, sie.failAudit));
    expect(paid).toHaveLength(0);
    // And it consolidates once the failure is gone.
    expect(
      (await call('director', 'POST', `/holders/institutions/${sie.failAudit}/consolidation`)).status,
    ).toBe(200);
    expect(await stored(sie.failAudit, 2)).toHaveLength(1);
  });
});

describe('the PDF is rendered before the consolidating transaction, then re-checked under the lock', () => {
  const withTitular = (totals: unknown) =>
    (totals as Array<{ label: string; value: string }>).find((x) => x.label === 'Con titular registrado')
      ?.value;
  // Between the render and the transaction, a titular is registered for the next student without one.
  const addTitularAfterRender = (school: number, times: number) => {
    let left = times;
    let next = 1;
    consolidationHooks.afterRender = async (at) => {
      if (at !== school || left === 0) return;
      left--;
      const person = await makePerson(ctx.handle.db);
      await makeTitular(ctx.handle.db, {
        inscriptionId: schoolInscriptions[school]![next++]!,
        personId: person.id,
        registeredInstitutionId: school,
      });
    };
  };

  it('data changed once in between: the PDF is rendered again and what is stored is what was consolidated', async () => {
    addTitularAfterRender(sie.changedOnce, 1);
    try {
      const res = await call('director', 'POST', `/holders/institutions/${sie.changedOnce}/consolidation`);
      expect(res.status).toBe(200);
    } finally {
      delete consolidationHooks.afterRender;
    }
    const rows = await stored(sie.changedOnce, 2);
    expect(rows).toHaveLength(1);
    // Two titulars: the one of the fixture and the one registered during the first render.
    expect(withTitular((rows[0]!.data as { totals: unknown }).totals)).toBe('2');
    expect(rows[0]!.sha256).toBe(sha(rows[0]!.pdf));
    // The stored bytes are the second render's: they are what the download serves.
    const download = await call<Buffer>('director', 'GET', holdersDoc(sie.changedOnce));
    expect(download.status).toBe(200);
    expect(sha(download.raw)).toBe(rows[0]!.sha256);
  });

  it('data changed at every attempt: 409 in Spanish, nothing stored, nothing consolidated', async () => {
    addTitularAfterRender(sie.changedTwice, 2);
    let res: Res<{ message: string }>;
    try {
      res = await call('director', 'POST', `/holders/institutions/${sie.changedTwice}/consolidation`);
    } finally {
      delete consolidationHooks.afterRender;
    }
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Los datos cambiaron mientras se generaba la declaración; intente de nuevo.',
    );
    expect(await stored(sie.changedTwice, 2)).toHaveLength(0);
    const [school] = await ctx.handle.db
      .select({ at: institutions.holdersConsolidatedAt })
      .from(institutions)
      .where(eq(institutions.id, sie.changedTwice));
    expect(school!.at).toBeNull();
    // Once the data stop changing, it consolidates.
    expect(
      (await call('director', 'POST', `/holders/institutions/${sie.changedTwice}/consolidation`)).status,
    ).toBe(200);
    expect(withTitular(((await stored(sie.changedTwice, 2))[0]!.data as { totals: unknown }).totals)).toBe(
      '3',
    );
  });
});

describe('paid validation consolidated before issue 12', () => {
  it('stores version 1 at the first download (backfilled), then serves it byte for byte', async () => {
    const db = ctx.handle.db;
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    await db.insert(paidValidationConsolidations).values({
      institutionId: sie.legacyPaid,
      year: 2025,
      consolidatedAt: new Date('2025-11-15T15:00:00Z'),
      consolidatedBy: admin!.id,
      students: 1,
      delivered: 1,
      undelivered: 0,
      amountPerStudent: 200,
    });
    expect(await stored(sie.legacyPaid, 1)).toHaveLength(0);
    const a = await call<Buffer>('director', 'GET', paidDoc(sie.legacyPaid));
    expect(a.status).toBe(200);
    const rows = await stored(sie.legacyPaid, 1);
    expect(rows).toMatchObject([{ version: 1, backfilled: 1, consolidatedBy: admin!.id }]);
    const b = await call<Buffer>('director', 'GET', paidDoc(sie.legacyPaid));
    expect(b.raw.equals(a.raw)).toBe(true);
    expect(sha(b.raw)).toBe(rows[0]!.sha256);
  });
});

describe('access and bad input', () => {
  it("refuses another place's declarations, versions and version downloads", async () => {
    expect(
      (await call('otrodirector', 'POST', `/holders/institutions/${sie.other}/consolidation`)).status,
    ).toBe(200);
    for (const who of ['director', 'distrito'])
      for (const url of [
        holdersDoc(sie.other),
        `${holdersDoc(sie.other)}/versions`,
        `${holdersDoc(sie.other)}/versions/1`,
      ])
        expect([403, 404]).toContain((await call(who, 'GET', url)).status);
    for (const url of [
      paidDoc(sie.special),
      `${paidDoc(sie.special)}/versions`,
      `${paidDoc(sie.special)}/versions/1`,
    ])
      expect([403, 404]).toContain((await call('otrodistrito', 'GET', url)).status);
    expect((await call('otrodirector', 'GET', holdersDoc(sie.other))).status).toBe(200);
    expect((await call(null, 'GET', holdersDoc(sie.other))).status).toBe(401);
  });

  it('malformed codes answer 400 and unknown codes 404, in Spanish, never 5xx', async () => {
    for (const bad of [
      'abc',
      'UUUU-UUUU-UUUU-UUUU',
      'K7QF-2M9X-4HC1-P8Z',
      '%00',
      "' OR 1=1 --",
      'x'.repeat(90),
    ]) {
      const res = await call(null, 'GET', `/public/declarations/${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/código de verificación no es válido|caracteres/i);
    }
    const unknown = await call(null, 'GET', `/public/declarations/${newVerificationCode()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/no corresponde a ninguna declaración/);
  });

  it('answers unknown and malformed codes in about the same time', async () => {
    const time = async (code: string) => {
      const start = process.hrtime.bigint();
      await call(null, 'GET', `/public/declarations/${code}`);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const unknown: number[] = [];
    const malformed: number[] = [];
    for (let i = 0; i < 6; i++) {
      unknown.push(await time(newVerificationCode()));
      malformed.push(await time(`BAD-${i}`));
    }
    // Both run the same lookup; a malformed code is not answered before the database is asked.
    expect(median(malformed)).toBeGreaterThan(median(unknown) * 0.3);
  });
});
