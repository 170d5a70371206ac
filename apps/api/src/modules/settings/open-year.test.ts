import type { ProgrammeYearList } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstRow, rows } from '../../db/rows.js';
import { refreshStatistics } from '../../db/summaries.js';
import { expectNothingWrittenWhenAuditFails, fingerprint } from '../../test/all-or-nothing.js';
import { bearer, createTestApp, loginAs } from '../../test/app.js';
import { makeCourseWithStudents, makeDistrict, makeSchool, makeUser } from '../../test/factories.js';
import { raceIt } from '../../test/race.js';
import { next2026 } from '../../test/years.js';

const in2027 = {
  ...next2026,
  year: 2027,
  directorDeadline: '2027-11-26',
  calendarStart: '2027-03-01',
  registrationStartsOn: '2027-10-04',
  registrationEndsOn: '2027-11-26',
};

type Answer = { status: number; body: ProgrammeYearList & { message: string } };

async function world() {
  const ctx = await createTestApp();
  const db = ctx.handle.db;
  const district = await makeDistrict(db, { departmentId: 3 });
  const school = await makeSchool(db, { districtId: district.id, consolidated: true });
  await makeCourseWithStudents(db, { institutionId: school.id, count: 3, paid: 1, paidOn: '2025-11-01' });
  await refreshStatistics(db);
  const admin = await makeUser(db, { username: 'admin', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'admin2', type: 1, roles: ['Administrador'] });
  await makeUser(db, { username: 'ministerio', type: 1 });
  const tokens: Record<string, string> = {};
  for (const u of ['admin', 'admin2', 'ministerio']) tokens[u] = (await loginAs(ctx.app, u, 1)).token;
  const open = async (who: string, payload: unknown): Promise<Answer> => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/settings/years',
      headers: bearer(tokens[who]!),
      payload: payload as object,
    });
    return { status: res.statusCode, body: res.json() };
  };
  return { ctx, schoolId: school.id, adminId: admin.id, tokens, open };
}

describe("'Abrir gestión'", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(async () => {
    await w?.ctx.close();
  });

  it('refuses bad input in Spanish with a 400, and changes nothing', async () => {
    const db = w.ctx.handle.db;
    const before = await fingerprint(db);
    const cases: Array<[unknown, string]> = [
      [in2027, 'Solo se puede abrir la gestión 2026, la siguiente a la gestión abierta (2025).'],
      [{ ...next2026, directorDeadline: '2026-02-30' }, 'Fecha no válida (aaaa-mm-dd).'],
      [{ ...next2026, calendarStart: '2026-13-01' }, 'Fecha no válida (aaaa-mm-dd).'],
      [{ ...next2026, registrationEndsOn: '2027-01-15' }, 'La fecha debe estar dentro de la gestión 2026.'],
      [{ ...next2026, amountPerStudent: 2_000_000 }, 'El monto por estudiante no puede superar 2000 Bs.'],
      [{ ...next2026, amountPerStudent: 0 }, 'El monto por estudiante debe ser mayor que cero.'],
      [
        { ...next2026, amountPerStudent: 199.5 },
        'El monto por estudiante debe ser un número entero de bolivianos.',
      ],
      [
        { ...next2026, directorDeadline: '2026-01-10' },
        'La fecha límite de directores no puede ser anterior al inicio del calendario.',
      ],
      [
        { ...next2026, registrationStartsOn: '2026-12-01' },
        'El fin del registro de titulares no puede ser anterior a su inicio.',
      ],
      [{ ...next2026, calendarStart: '2026-03-02\u0000' }, ''],
      [{ ...next2026, year: 'dos mil veintiséis' }, 'Gestión no válida.'],
      [{}, ''],
    ];
    for (const [payload, message] of cases) {
      const res = await w.open('admin', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toMatch(/[a-záéíóúñ]/i);
      if (message) expect(JSON.stringify(res.body), JSON.stringify(payload)).toContain(message);
    }
    expect(await fingerprint(db)).toEqual(before);
  });

  it('is for administrators: the ministry staff who read everything get a 403', async () => {
    const res = await w.open('ministerio', next2026);
    expect(res.status).toBe(403);
  });

  it('writes nothing when its last write, the audit row, fails', async () => {
    await expectNothingWrittenWhenAuditFails(
      w.ctx.handle.db,
      'settings.year.open',
      ['closed_years', 'programme_settings', 'periods', 'institutions', 'stats_beneficiaries'],
      async () => {
        const res = await w.open('admin', next2026);
        return { status: res.status, body: res.body };
      },
    );
  });

  it('closes 2025 with its settings frozen and opens 2026 with its own registration window', async () => {
    const db = w.ctx.handle.db;
    const old = (await firstRow<{ registration_period_id: number }>(
      db,
      sql`SELECT registration_period_id FROM programme_settings WHERE id = 1`,
    ))!;
    const oldPeriod = await firstRow(db, sql`SELECT * FROM periods WHERE id = ${old.registration_period_id}`);
    const res = await w.open('admin', next2026);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.items.map((y) => [y.year, y.closed])).toEqual([
      [2026, false],
      [2025, true],
    ]);
    expect(res.body.items[0]).toMatchObject({
      amountPerStudent: 250,
      directorDeadline: '2026-11-27',
      calendarStart: '2026-03-02',
      registrationStartsOn: '2026-10-05',
      registrationEndsOn: '2026-11-27',
      closedAt: null,
      closedBy: null,
    });
    expect(res.body.items[1]).toMatchObject({
      amountPerStudent: 200,
      directorDeadline: '2025-11-29',
      calendarStart: '2025-10-13',
      registrationStartsOn: '2025-10-13',
      registrationEndsOn: '2025-11-29',
      closedAt: '2025-11-20T14:00:00.000Z',
      closedBy: expect.stringMatching(/^Usuario \d+ Prueba \(admin\)$/),
    });
    // The same list on its own route, and the public configuration names the new year.
    const listed = await w.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/settings/years',
      headers: bearer(w.tokens.admin!),
    });
    expect(listed.json()).toEqual(res.body);
    const config = (await w.ctx.app.inject({ method: 'GET', url: '/api/v1/config/public' })).json();
    expect(config).toMatchObject({
      year: 2026,
      amountPerStudent: 250,
      years: [
        { year: 2026, closed: false },
        { year: 2025, closed: true },
      ],
    });
    // The closed year's registration period is untouched; the new one is a period of its own.
    expect(await firstRow(db, sql`SELECT * FROM periods WHERE id = ${old.registration_period_id}`)).toEqual(
      oldPeriod,
    );
    const fresh = await firstRow<{ phase: string; active: boolean; id: number }>(
      db,
      sql`SELECT p.id, p.phase, p.active FROM periods p JOIN programme_settings s ON s.registration_period_id = p.id`,
    );
    expect(fresh).toMatchObject({ phase: 'Registro Titulares BJP 2026', active: true });
    expect(fresh!.id).not.toBe(old.registration_period_id);
    // Schools start the year unconsolidated; the dashboard's figures are the (empty) new year's.
    expect(
      await firstRow(db, sql`SELECT holders_consolidated_at FROM institutions WHERE id = ${w.schoolId}`),
    ).toEqual({ holders_consolidated_at: null });
    expect(await rows(db, sql`SELECT * FROM stats_beneficiaries`)).toEqual([]);
    // The audit row is the last write, by the administrator.
    const audit = await firstRow<{ action: string; user_id: number; before: { year: number } }>(
      db,
      sql`SELECT action, user_id, before FROM audit_log ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({ action: 'settings.year.open', user_id: w.adminId, before: { year: 2025 } });
  });

  it('refuses to open 2026 again with a 409 that says the year is already open', async () => {
    const res = await w.open('admin2', next2026);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'La gestión 2026 ya fue abierta: la gestión abierta ahora es 2026. Recargue la página.',
    );
  });
});

describe("two administrators opening 'gestión 2026' at once", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  });
  afterAll(async () => {
    await w?.ctx.close();
  });

  raceIt('lets exactly one win; the other gets a Spanish 409', async () => {
    const [a, b] = await Promise.all([w.open('admin', next2026), w.open('admin2', next2026)]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.body.message).toContain('La gestión 2026 ya fue abierta');
    const closed = await rows(w.ctx.handle.db, sql`SELECT year FROM closed_years`);
    expect(closed).toEqual([{ year: 2025 }]);
    const audits = await rows(
      w.ctx.handle.db,
      sql`SELECT id FROM audit_log WHERE action = 'settings.year.open'`,
    );
    expect(audits).toHaveLength(1);
  });
});
