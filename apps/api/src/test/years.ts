import { sql } from 'drizzle-orm';
import type { AppInstance } from '../app-types.js';
import type { Executor } from '../db/client.js';
import { firstRow } from '../db/rows.js';
import { bearer } from './app.js';

/** 'Abrir gestión 2026' as an administrator would fill it in (the test databases open 2025). */
export const next2026 = {
  year: 2026,
  amountPerStudent: 250,
  directorDeadline: '2026-11-27',
  calendarStart: '2026-03-02',
  registrationStartsOn: '2026-10-05',
  registrationEndsOn: '2026-11-27',
};

/** Opens the next programme year through the route, as the holder of `token`; fails the test otherwise. */
export async function openNextYear(app: AppInstance, token: string, body: object = next2026): Promise<void> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/settings/years',
    headers: bearer(token),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`opening the year failed: ${res.statusCode} ${res.body}`);
}

/**
 * The next year's roll for the given students, as an import would leave it: a course of `year` in
 * each student's school (same level, grade and parallel) and an inscription in it. Returns the new
 * inscription ids in the order given.
 */
export async function enrolAgain(db: Executor, inscriptionIds: number[], year = 2026): Promise<number[]> {
  const ids: number[] = [];
  for (const id of inscriptionIds) {
    const row = await firstRow<{ id: number }>(
      db,
      sql`WITH old AS (
            SELECT n.student_id, n.institution_id, c.level_id, c.grade_id, c.parallel_id, c.shift_id
            FROM inscriptions n JOIN courses c ON c.id = n.course_id WHERE n.id = ${id}
          ), course AS (
            INSERT INTO courses (institution_id, year, level_id, grade_id, parallel_id, shift_id)
            SELECT institution_id, ${year}, level_id, grade_id, parallel_id, shift_id FROM old
            ON CONFLICT (institution_id, year, level_id, grade_id, parallel_id, shift_id)
              DO UPDATE SET year = excluded.year
            RETURNING id
          )
          INSERT INTO inscriptions (student_id, course_id, institution_id, year)
          SELECT old.student_id, course.id, old.institution_id, ${year} FROM old, course
          RETURNING id`,
    );
    ids.push(Number(row!.id));
  }
  return ids;
}
