import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyPassword } from '../../auth/password.js';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from '../client.js';
import { rows } from '../rows.js';
import { refreshStatistics } from '../summaries.js';
import { DEMO_PASSWORD, isSeeded, seedDatabase, seedDemoUsers } from './index.js';
import { run } from './sql.js';

let handle: DatabaseHandle;
beforeEach(async () => {
  handle = await createTestDatabase();
});
afterEach(async () => {
  await handle.close();
});

const one = async <T>(query: string): Promise<T> => (await rows<T>(handle.db, query))[0];

/** md5 over every generated row, in id order (users without their salted hash and creation time). */
async function fingerprint(): Promise<Record<string, string>> {
  return one(`SELECT
    (SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) FROM institutions t) AS institutions,
    (SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) FROM courses t) AS courses,
    (SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) FROM students t) AS students,
    (SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) FROM inscriptions t) AS inscriptions,
    (SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) FROM persons t) AS persons,
    (SELECT md5(string_agg(t::text, '|' ORDER BY t.id)) FROM titular_assignments t) AS titulars,
    (SELECT md5(string_agg(t::text, '|' ORDER BY t.inscription_id)) FROM payments t) AS payments,
    (SELECT md5(string_agg(concat_ws(',', id, username, name, first_last_name, type, profile, has_access), '|'
       ORDER BY id)) FROM users) AS users`);
}

describe('seedDatabase', () => {
  it('gives the same data for the same seed', async () => {
    expect(await isSeeded(handle)).toBe(false);
    await seedDatabase(handle, { scale: 'tiny', seed: 7 });
    expect(await isSeeded(handle)).toBe(true);
    const first = await fingerprint();

    const other = await createTestDatabase();
    try {
      const previous = handle;
      handle = other;
      await seedDatabase(handle, { scale: 'tiny', seed: 7 });
      expect(await fingerprint()).toEqual(first);
      handle = previous;
    } finally {
      await other.close();
    }
  });

  it('gives different data for another seed', async () => {
    await seedDatabase(handle, { scale: 'tiny', seed: 7 });
    const first = await fingerprint();
    const other = await createTestDatabase();
    try {
      const previous = handle;
      handle = other;
      await seedDatabase(handle, { scale: 'tiny', seed: 8 });
      const second = await fingerprint();
      handle = previous;
      expect(second.students).not.toEqual(first.students);
      expect(second.titulars).not.toEqual(first.titulars);
    } finally {
      await other.close();
    }
  });

  it('refuses a database that already has data', async () => {
    await seedDatabase(handle, { scale: 'tiny' });
    await expect(seedDatabase(handle, { scale: 'tiny' })).rejects.toThrow(/already has data/);
  });

  it('puts back every key, index and foreign key it set aside', async () => {
    const catalogue = `SELECT
      (SELECT string_agg(conname || ':' || pg_get_constraintdef(oid), ';' ORDER BY conname)
         FROM pg_constraint WHERE connamespace = 'public'::regnamespace) AS constraints,
      (SELECT string_agg(indexdef, ';' ORDER BY indexname) FROM pg_indexes WHERE schemaname = 'public') AS indexes`;
    const before = await one(catalogue);
    await seedDatabase(handle, { scale: 'tiny' });
    expect(await one(catalogue)).toEqual(before);
  });

  it('follows the programme rules in the generated data', async () => {
    const summary = await seedDatabase(handle, { scale: 'tiny' });
    expect(summary.counts.students).toBeGreaterThan(200);
    // One inscription per student in the open year; the closed previous year adds its own (previous-year.ts).
    const open = await one<{ n: number }>(
      'SELECT count(*)::int AS n FROM inscriptions WHERE year = (SELECT year FROM programme_settings)',
    );
    expect(open.n).toBe(summary.counts.students);
    const facts = await one<Record<string, number>>(`SELECT
      -- Titulars only for students whose identity is validated.
      (SELECT count(*) FROM titular_assignments t JOIN inscriptions n ON n.id = t.inscription_id
         JOIN students s ON s.id = n.student_id WHERE s.segip_id <> 1 AND NOT s.empareja_sereci)::int AS unvalidated,
      -- Regular schools use relationships 1–8 and 13 only.
      (SELECT count(*) FROM titular_assignments t JOIN inscriptions n ON n.id = t.inscription_id
         JOIN institutions i ON i.id = n.institution_id
         WHERE i.code_type = 1 AND t.relationship_id BETWEEN 9 AND 12)::int AS wrong_relationship,
      (SELECT count(*) FROM titular_assignments WHERE holder_type_id <>
         CASE relationship_id WHEN 6 THEN 2 WHEN 7 THEN 3 ELSE 1 END)::int AS wrong_holder_type,
      (SELECT count(*) FROM payments p WHERE NOT EXISTS
         (SELECT 1 FROM titular_assignments t WHERE t.inscription_id = p.inscription_id))::int AS paid_without_titular,
      (SELECT count(*) FROM students WHERE length(rude) NOT IN (15, 16))::int AS odd_rude,
      (SELECT count(*) FROM institutions WHERE id::text NOT LIKE department_id::text || '%'
         OR length(id::text) <> 8)::int AS odd_sie`);
    expect(facts).toEqual({
      unvalidated: 0,
      wrong_relationship: 0,
      wrong_holder_type: 0,
      paid_without_titular: 0,
      odd_rude: 0,
      odd_sie: 0,
    });
    // Sequences continue after the generated ids.
    await run(
      handle.db,
      `INSERT INTO students (rude, name, gender, birth_date) VALUES ('X1', 'NUEVO', 1, '2015-01-01')`,
    );
  });

  it('holds a closed previous year: the same students a grade lower, their titulars, payments and declarations', async () => {
    const summary = await seedDatabase(handle, { scale: 'tiny', today: '2025-11-21' });
    const previous = await one<Record<string, number | string | boolean>>(`SELECT
      (SELECT count(*) FROM closed_years)::int AS closed_years,
      (SELECT year FROM closed_years) = (SELECT year - 1 FROM programme_settings) AS year_before,
      (SELECT amount_per_student FROM closed_years)::int AS amount,
      (SELECT director_deadline::text FROM closed_years) AS deadline,
      (SELECT count(*) FROM inscriptions WHERE year = 2024)::int AS inscriptions,
      (SELECT count(*) FROM (SELECT student_id, year FROM inscriptions GROUP BY 1, 2 HAVING count(*) > 1) d)::int AS twice,
      (SELECT count(*) FROM inscriptions n JOIN courses c ON c.id = n.course_id WHERE c.year <> n.year)::int AS wrong_course_year,
      (SELECT count(*) FROM inscriptions p JOIN courses pc ON pc.id = p.course_id
         JOIN inscriptions n ON n.student_id = p.student_id AND n.year = 2025 JOIN courses c ON c.id = n.course_id
         WHERE p.year = 2024 AND c.level_id = 12 AND NOT (pc.level_id = 12 AND pc.grade_id = c.grade_id - 1))::int AS not_grade_below,
      (SELECT count(*) FROM titular_assignments t JOIN inscriptions n ON n.id = t.inscription_id
         WHERE n.year = 2024 AND t.removed_at IS NULL)::int AS titulars,
      (SELECT count(*) FROM titular_assignments t JOIN inscriptions p ON p.id = t.inscription_id AND p.year = 2024
         JOIN inscriptions n ON n.student_id = p.student_id AND n.year = 2025
         JOIN titular_assignments o ON o.inscription_id = n.id AND o.removed_at IS NULL
         WHERE o.person_id = t.person_id)::int AS same_titular,
      (SELECT count(*) FROM titular_assignments t JOIN inscriptions p ON p.id = t.inscription_id AND p.year = 2024
         JOIN inscriptions n ON n.student_id = p.student_id AND n.year = 2025
         JOIN titular_assignments o ON o.inscription_id = n.id AND o.removed_at IS NULL
         WHERE o.person_id <> t.person_id)::int AS other_titular,
      (SELECT count(*) FROM payments p JOIN inscriptions n ON n.id = p.inscription_id
         WHERE n.year = 2024 AND p.paid AND p.paid_on BETWEEN '2024-10-13' AND '2024-11-20')::int AS paid,
      (SELECT count(*) FROM paid_validation_consolidations WHERE year = 2024)::int AS consolidations,
      (SELECT count(*) FROM paid_validation_consolidations c WHERE c.year = 2024 AND c.students <>
         (SELECT count(*) FROM paid_validations v JOIN inscriptions n ON n.id = v.inscription_id AND n.year = 2024
          WHERE v.institution_id = c.institution_id))::int AS wrong_totals,
      (SELECT count(*) FROM student_bonus WHERE year = 2024 AND state = 'PAGADO_POR_VALIDAR')::int AS undeclared,
      (SELECT count(DISTINCT institution_id) FROM inscriptions WHERE year = 2024)::int AS schools,
      (SELECT count(*) FROM declarations WHERE year = 2024 AND kind = 2 AND superseded_at IS NULL)::int AS holders_declared,
      (SELECT count(*) FROM declarations WHERE year = 2024 AND kind = 2 AND (consolidated_at < '2024-01-01T04:00Z'
         OR consolidated_at >= '2024-10-13T04:00Z'))::int AS declared_outside_year,
      (SELECT count(*) FROM declarations WHERE year = 2024 AND kind = 2
         AND code_hash <> encode(sha256(convert_to(replace(verification_code, '-', ''), 'UTF8')), 'hex'))::int AS wrong_code_hash`);
    expect(previous).toMatchObject({
      closed_years: 1,
      year_before: true,
      amount: 200,
      deadline: '2024-11-29',
      twice: 0,
      wrong_course_year: 0,
      not_grade_below: 0,
      wrong_totals: 0,
      undeclared: 0,
      declared_outside_year: 0,
      wrong_code_hash: 0,
    });
    // Most of the closed year's schools declared their holder list that year (about 95 %).
    expect(previous.holders_declared as number).toBeGreaterThan((previous.schools as number) * 0.6);
    expect(previous.holders_declared as number).toBeLessThanOrEqual(previous.schools as number);
    const n = previous.inscriptions as number;
    expect(n).toBeGreaterThan(summary.counts.students * 0.7);
    expect(n).toBeLessThan(summary.counts.students);
    expect(previous.titulars as number).toBeGreaterThan(n * 0.6);
    expect(previous.same_titular as number).toBeGreaterThan(previous.other_titular as number);
    expect(previous.other_titular as number).toBeGreaterThan(0);
    expect(previous.paid as number).toBeGreaterThan((previous.titulars as number) * 0.85);
    expect(previous.consolidations as number).toBeGreaterThan(0);
  });

  it('creates the demo users at their places', async () => {
    const summary = await seedDatabase(handle, { scale: 'tiny', today: '2025-11-21' });
    expect(summary.demo?.districtId).toBe(2001);
    const director = await rows<{
      id: number;
      code_type: number;
      district_id: number;
      consolidated: boolean;
    }>(
      handle.db,
      `SELECT i.id, i.code_type, i.district_id, i.holders_consolidated_at IS NOT NULL AS consolidated
       FROM users u JOIN user_scopes s ON s.user_id = u.id JOIN institutions i ON i.id = s.institution_id
       WHERE u.username = 'director' ORDER BY i.code_type`,
    );
    expect(director.map((d) => [d.code_type, d.district_id, d.consolidated])).toEqual([
      [1, 2001, false],
      [4, 2001, false],
    ]);
    const validation = await one<{ validated: number; pending: number }>(
      `SELECT count(*) FILTER (WHERE s.segip_id = 1 OR s.empareja_sereci)::int AS validated,
         count(*) FILTER (WHERE s.segip_id <> 1 AND NOT s.empareja_sereci)::int AS pending
       FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.institution_id = ${summary.demo?.regularId}`,
    );
    expect(validation.validated).toBeGreaterThan(0);
    expect(validation.pending).toBeGreaterThan(0);

    const demoUsers = await rows<{
      username: string;
      type: number;
      profile: number | null;
      password_hash: string;
    }>(handle.db, 'SELECT username, type, profile, password_hash FROM users WHERE is_demo ORDER BY id');
    expect(demoUsers.map((u) => [u.username, u.type, u.profile])).toEqual([
      ['admin', 1, null],
      ['ministerio', 1, null],
      ['depto', 2, 7],
      ['distrito', 2, 10],
      ['director', 2, 9],
      ['otro', 2, 3],
    ]);
    expect(await verifyPassword(demoUsers[0].password_hash, DEMO_PASSWORD)).toBe(true);
    const tabs = await rows<{ profile: number | null; n: number }>(
      handle.db,
      'SELECT profile, count(*)::int AS n FROM users WHERE type = 1 OR profile IN (7, 9, 10) GROUP BY profile',
    );
    for (const tab of tabs) expect(tab.n).toBeGreaterThan(50);

    const calendar = await one<{ deadline: string; starts: string; ends: string }>(
      `SELECT director_deadline::text AS deadline, p.starts_on::text AS starts, p.ends_on::text AS ends
       FROM programme_settings s JOIN periods p ON p.id = s.registration_period_id`,
    );
    expect(calendar).toEqual({ deadline: '2025-11-29', starts: '2025-10-13', ends: '2025-11-29' });

    // The server calls seedDemoUsers on every start: it keeps the users and moves the calendar.
    const again = await seedDemoUsers(handle, { today: '2025-12-01' });
    expect(again).toEqual({ demo: summary.demo, users: 0 });
    expect((await one<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE is_demo')).n).toBe(6);
    expect((await one<{ d: string }>('SELECT director_deadline::text AS d FROM programme_settings')).d).toBe(
      '2025-12-09',
    );
  });

  it('adds demo users to a database built by other means', async () => {
    await run(handle.db, `INSERT INTO districts (id, department_id, name) VALUES (2001, 2, 'La Paz 1')`);
    await run(
      handle.db,
      `INSERT INTO institutions (id, name, code_type, dependency, area, subsystem, district_id, department_id) VALUES
         (20010001, 'U.E. Prueba', 1, 1, 'U', 'Regular', 2001, 2),
         (20010002, 'C.E.E. Prueba', 4, 1, 'U', 'Especial', 2001, 2)`,
    );
    const result = await seedDemoUsers(handle, {});
    expect(result.demo).toEqual({
      districtId: 2001,
      districtName: 'La Paz 1',
      regularId: 20010001,
      specialId: 20010002,
    });
    expect(result.users).toBeGreaterThan(200);
  });
});

describe('refreshStatistics', () => {
  it('matches direct counts, also after a removal', async () => {
    await seedDatabase(handle, { scale: 'tiny' });
    const direct = `SELECT count(*)::int AS total, count(p.paid)::int AS paid,
        count(*) FILTER (WHERE s.gender = 1)::int AS male, count(*) FILTER (WHERE s.gender <> 1)::int AS female
      FROM inscriptions n JOIN students s ON s.id = n.student_id
      LEFT JOIN payments p ON p.inscription_id = n.id AND p.paid
      WHERE n.removed_at IS NULL AND n.year = 2025`;
    const summed = `SELECT sum(total)::int AS total, sum(paid)::int AS paid, sum(male)::int AS male,
        sum(female)::int AS female FROM stats_beneficiaries`;
    const daily = 'SELECT sum(paid)::int AS paid FROM stats_payments_daily';

    const before = await one<{ total: number; paid: number }>(direct);
    expect(await one(summed)).toEqual(before);
    expect((await one<{ paid: number }>(daily)).paid).toBe(before.paid);

    // A removed beneficiary who had been paid leaves both tables. (The generator removes some
    // students too, so the district is read from this very inscription.)
    const [{ id, district }] = await rows<{ id: number; district: number }>(
      handle.db,
      `SELECT n.id, i.district_id AS district FROM inscriptions n JOIN institutions i ON i.id = n.institution_id
       WHERE n.id = (SELECT min(p.inscription_id) FROM payments p JOIN inscriptions m ON m.id = p.inscription_id
                     WHERE p.paid AND m.removed_at IS NULL)`,
    );
    await run(handle.db, `UPDATE inscriptions SET removed_at = now() WHERE id = ${Number(id)}`);
    // Refreshing only the district the change touched is enough.
    await handle.db.transaction((tx) => refreshStatistics(tx, { districtIds: [district] }));
    const after = await one<{ total: number; paid: number }>(direct);
    expect(after.total).toBe(before.total - 1);
    expect(after.paid).toBe(before.paid - 1);
    expect(await one(summed)).toEqual(after);
    expect((await one<{ paid: number }>(daily)).paid).toBe(after.paid);

    await handle.db.transaction((tx) => refreshStatistics(tx));
    expect(await one(summed)).toEqual(after);
  });
});
