/** The removals area's SQL: the department panel, the two tables and the removal's statements. */
import type { RemovalSource } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstRow, rows } from '../../db/rows.js';
import {
  type StudentWithTitularRow,
  studentListOrder,
  studentWithTitularColumns,
  studentWithTitularJoins,
} from '../../db/student-lists.js';
import { isBlockedSql } from '../blocking/index.js';

/** The department's name, 'Gestión' from the programme settings and its removals this year. */
export function departmentRow(db: Executor, departmentId: number) {
  return firstRow<{
    id: number;
    name: string;
    year: number;
    removals: number;
  }>(
    db,
    sql`
    SELECT d.id, d.name, ps.year,
      (SELECT count(*)::int FROM beneficiary_removals r WHERE r.department_id = d.id AND r.year = ps.year) AS removals
    FROM departments d JOIN programme_settings ps ON ps.id = 1 WHERE d.id = ${departmentId}`,
  );
}

/** A page of a course's students this year (the whole school without a course), with titular, removal and block. */
export function removalStudentRows(
  db: Executor,
  sie: number,
  course: number | undefined,
  limit: number,
  offset: number,
) {
  return rows<StudentWithTitularRow & { removed_at: string | Date | null }>(
    db,
    sql`
    SELECT ${studentWithTitularColumns},
      n.removed_at, ${isBlockedSql(sql`n.id`)} AS blocked, count(*) OVER () AS total
    FROM inscriptions n
    ${studentWithTitularJoins}
    WHERE n.institution_id = ${sie} AND n.year = (SELECT year FROM programme_settings WHERE id = 1)
      ${course ? sql`AND n.course_id = ${course}` : sql``}
    ${studentListOrder}
    LIMIT ${limit} OFFSET ${offset}`,
  );
}

/** A page of the department's removals (of one school when `sie`), newest first, with the sync state. */
export function removalHistoryRows(
  db: Executor,
  departmentId: number,
  sie: number | undefined,
  limit: number,
  offset: number,
) {
  return rows<{
    id: number;
    rude: string;
    student_name: string;
    institution_id: number;
    titular_carnet: string | null;
    titular_name: string | null;
    source: 'BAJA BENEFICIARIO' | 'AJUSTE TITULAR';
    reason: string | null;
    created_at: string | Date;
    state_id: number;
    total: number;
  }>(
    db,
    sql`
    SELECT r.id, r.rude, r.student_name, r.institution_id, r.titular_carnet, r.titular_name, r.source, r.reason,
      r.created_at,
      CASE WHEN EXISTS (
        SELECT 1 FROM sync_batch_items bi JOIN sync_batches b ON b.id = bi.batch_id AND b.is_send_change
        WHERE bi.student_id = n.student_id AND bi.kind = 'BAJA BENEFICIARIO' AND bi.source_id = r.inscription_id
      ) THEN 2 ELSE 1 END AS state_id,
      count(*) OVER () AS total
    FROM beneficiary_removals r JOIN inscriptions n ON n.id = r.inscription_id
    WHERE r.department_id = ${departmentId} ${sie ? sql`AND r.institution_id = ${sie}` : sql``}
    ORDER BY r.created_at DESC, r.id DESC
    LIMIT ${limit} OFFSET ${offset}`,
  );
}

export type RemovalPlace = { institutionId: number } | { departmentId: number };

const inPlaceSql = (place: RemovalPlace) =>
  'institutionId' in place
    ? sql`institution_id = ${place.institutionId}`
    : sql`institution_id IN (SELECT id FROM institutions WHERE department_id = ${place.departmentId})`;

/** Marks the inscription removed if it is of `place`, of `year` and not removed yet; whether it did. */
export async function markRemoved(
  tx: Executor,
  inscriptionId: number,
  place: RemovalPlace,
  year: number,
  now: Date,
) {
  const updated = await rows<{ id: number }>(
    tx,
    sql`
    UPDATE inscriptions SET removed_at = ${now.toISOString()}::timestamptz
    WHERE id = ${inscriptionId} AND removed_at IS NULL AND year = ${year} AND ${inPlaceSql(place)}
    RETURNING id`,
  );
  return updated.length > 0;
}

/** The inscription's year when it is of `place`, or undefined. */
export async function inscriptionInPlace(tx: Executor, inscriptionId: number, place: RemovalPlace) {
  const mine = await firstRow<{ year: number }>(
    tx,
    sql`SELECT year FROM inscriptions WHERE id = ${inscriptionId} AND ${inPlaceSql(place)}`,
  );
  return mine ? Number(mine.year) : undefined;
}

/** The removal row: the student, school and the titular the student had, who and when; its id and district. */
export async function insertRemoval(
  tx: Executor,
  input: { inscriptionId: number; source: RemovalSource; reason: string | null; now: Date; userId: number },
) {
  const inserted = await rows<{ id: number; district_id: number; rude: string }>(
    tx,
    sql`
    INSERT INTO beneficiary_removals
      (inscription_id, year, institution_id, district_id, department_id, source, rude, student_name,
       titular_carnet, titular_name, reason, created_at, created_by)
    SELECT n.id, n.year, i.id, i.district_id, i.department_id, ${input.source}, s.rude,
      trim(regexp_replace(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name, '\\s+', ' ', 'g')),
      p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END,
      trim(regexp_replace(p.first_last_name || ' ' || p.second_last_name || ' ' || p.name, '\\s+', ' ', 'g')),
      ${input.reason}, ${input.now.toISOString()}::timestamptz, ${input.userId}
    FROM inscriptions n
    JOIN institutions i ON i.id = n.institution_id
    JOIN students s ON s.id = n.student_id
    LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    LEFT JOIN persons p ON p.id = t.person_id
    WHERE n.id = ${input.inscriptionId}
    RETURNING id, district_id, rude`,
  );
  return inserted[0]!;
}
