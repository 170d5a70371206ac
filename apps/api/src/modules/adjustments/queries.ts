/**
 * The adjustments area's SQL: the student's lock and claim, the titular snapshot, the lists, the
 * history, the progress figures and the changes the payment sync gathers.
 */
import {
  type AdjustmentKind,
  type adjustmentHistoryQuery,
  boliviaDaySpan,
  DEFAULT_PAGE_SIZE,
} from '@bjp/domain';
import { and, desc, eq, gte, isNull, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthUser } from '../../auth/access.js';
import { scopeCondition } from '../../auth/scope.js';
import type { Executor } from '../../db/client.js';
import { firstRow, rows } from '../../db/rows.js';
import { titularAdjustments as a, guardians, titularAssignments } from '../../db/schema/index.js';
import {
  type StudentWithTitularRow,
  studentListOrder,
  studentWithTitularColumns,
  studentWithTitularJoins,
} from '../../db/student-lists.js';
import type {
  ProgressPlace as PlaceRow,
  ProgressSchool as SchoolRow,
} from '../../documents/reports/progress-xlsx.js';
import { isBlockedSql } from '../blocking/index.js';
import type { ChangeGatherer } from '../sync/index.js';

/** The student, school and open adjustment as readForAdjustment reads them. */
type AdjustmentRow = {
  code_type: number;
  district_id: number;
  department_id: number;
  consolidated_at: string | null;
  year: number;
  rude: string;
  full_name: string;
  level_id: number;
  grade_id: number;
  parallel_id: number;
  removed: boolean;
  segip_id: number;
  empareja_sereci: boolean;
  adjustment_id: number | null;
  adjustment_kind: AdjustmentKind | null;
  adjustment_at: string | null;
  inscription_year: number;
};

/**
 * One student of a school with the school's consolidation, the student's identity and removal and the
 * open adjustment of this year; with `lock`, the open year's settings FOR KEY SHARE (first: see
 * holders' lockStatement), the school FOR SHARE and the inscription FOR UPDATE.
 */
export function adjustmentRow(db: Executor, sie: number, inscriptionId: number, lock: boolean) {
  return firstRow<AdjustmentRow>(
    db,
    sql`
    SELECT i.code_type, i.district_id, i.department_id, i.holders_consolidated_at::text AS consolidated_at, ps.year,
      s.rude, trim(regexp_replace(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name, '\\s+', ' ', 'g')) AS full_name,
      c.level_id, c.grade_id, c.parallel_id, n.removed_at IS NOT NULL AS removed, s.segip_id, s.empareja_sereci,
      a.id AS adjustment_id, a.kind AS adjustment_kind, a.created_at::text AS adjustment_at,
      n.year AS inscription_year
    FROM programme_settings ps
    JOIN institutions i ON i.id = ${sie}
    JOIN inscriptions n ON n.id = ${inscriptionId} AND n.institution_id = i.id
    JOIN students s ON s.id = n.student_id
    JOIN courses c ON c.id = n.course_id
    LEFT JOIN titular_adjustments a ON a.inscription_id = n.id AND a.year = ps.year AND a.reenabled_at IS NULL
    WHERE ps.id = 1
    ${lock ? sql`FOR KEY SHARE OF ps FOR SHARE OF i FOR UPDATE OF n` : sql``}`,
  );
}

/** Inserts the year's adjustment unless an open one exists (the partial unique index); its id, or undefined. */
export async function insertAdjustment(
  tx: Executor,
  lock: {
    inscription: { inscriptionId: number; rude: string; fullName: string };
    facts: { year: number; sie: number; districtId: number };
    departmentId: number;
  },
  kind: AdjustmentKind,
  userId: number,
  now: Date,
) {
  const row = await firstRow<{ id: number }>(
    tx,
    sql`
    INSERT INTO titular_adjustments
      (inscription_id, year, institution_id, district_id, department_id, kind, rude, student_name, created_at, created_by)
    VALUES (${lock.inscription.inscriptionId}, ${lock.facts.year}, ${lock.facts.sie}, ${lock.facts.districtId},
      ${lock.departmentId}, ${kind}, ${lock.inscription.rude}, ${lock.inscription.fullName.toUpperCase()}, ${now.toISOString()}::timestamptz, ${userId})
    ON CONFLICT (inscription_id, year) WHERE reenabled_at IS NULL DO NOTHING
    RETURNING id`,
  );
  return row;
}

/**
 * Writes the titular after the change into the adjustment (the history's snapshot): the student's
 * active titular, or for a removal the titular they had.
 */
export async function recordTitular(
  tx: Executor,
  adjustmentId: number,
  inscriptionId: number,
): Promise<void> {
  await tx.execute(sql`
    UPDATE titular_adjustments a
    SET person_id = t.person_id, titular_carnet = p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END,
      titular_name = upper(trim(regexp_replace(p.first_last_name || ' ' || p.second_last_name || ' ' || p.name, '\\s+', ' ', 'g'))),
      holder_type_id = t.holder_type_id
    FROM (
      SELECT person_id, holder_type_id FROM titular_assignments
      WHERE inscription_id = ${inscriptionId}
      ORDER BY removed_at IS NULL DESC, created_at DESC LIMIT 1
    ) t JOIN persons p ON p.id = t.person_id
    WHERE a.id = ${adjustmentId}`);
}

/** The student's active titular (person and relationship), or null. */
export async function activeTitular(tx: Executor, inscriptionId: number) {
  const [row] = await tx
    .select({ personId: titularAssignments.personId, relationshipId: titularAssignments.relationshipId })
    .from(titularAssignments)
    .where(and(eq(titularAssignments.inscriptionId, inscriptionId), isNull(titularAssignments.removedAt)));
  return row ?? null;
}

/** The student's adult `guardianId` still in the list, or null. */
export async function guardianPerson(tx: Executor, inscriptionId: number, guardianId: number) {
  const [row] = await tx
    .select({ personId: guardians.personId, relationshipId: guardians.relationshipId })
    .from(guardians)
    .where(
      and(
        eq(guardians.id, guardianId),
        eq(guardians.inscriptionId, inscriptionId),
        isNull(guardians.removedAt),
      ),
    );
  return row ?? null;
}

/** Re-opens the student's open adjustment of this year; its id and kind, or undefined when there is none. */
export function reopenAdjustment(tx: Executor, inscriptionId: number, now: Date, userId: number) {
  return firstRow<{ id: number; kind: string }>(
    tx,
    sql`
      UPDATE titular_adjustments SET reenabled_at = ${now.toISOString()}::timestamptz, reenabled_by = ${userId}
      WHERE inscription_id = ${inscriptionId} AND year = (SELECT year FROM programme_settings WHERE id = 1) AND reenabled_at IS NULL
      RETURNING id, kind`,
  );
}

/** 'Gestión', the list's consolidation and the count of adjustments of one school, or undefined. */
export function institutionAdjustmentsRow(db: Executor, sie: number) {
  return firstRow<{
    id: number;
    year: number;
    consolidated_at: string | Date | null;
    adjustments: number;
  }>(
    db,
    sql`
    SELECT i.id, ps.year, i.holders_consolidated_at AS consolidated_at,
      (SELECT count(*)::int FROM titular_adjustments a WHERE a.institution_id = i.id AND a.year = ps.year) AS adjustments
    FROM institutions i JOIN programme_settings ps ON ps.id = 1
    WHERE i.id = ${sie}`,
  );
}

/** A page of a course's students this year (the whole school without a course), with titular, open adjustment, removal and block. */
export function adjustmentStudentRows(
  db: Executor,
  sie: number,
  course: number | undefined,
  limit: number,
  offset: number,
) {
  return rows<StudentWithTitularRow & { kind: AdjustmentKind | null; removed: boolean }>(
    db,
    sql`
    SELECT ${studentWithTitularColumns}, a.kind, n.removed_at IS NOT NULL AS removed,
      ${isBlockedSql(sql`n.id`)} AS blocked, count(*) OVER () AS total
    FROM inscriptions n
    JOIN programme_settings ps ON ps.id = 1
    ${studentWithTitularJoins}
    LEFT JOIN titular_adjustments a ON a.inscription_id = n.id AND a.year = ps.year AND a.reenabled_at IS NULL
    WHERE n.institution_id = ${sie} AND n.year = ps.year
      ${course ? sql`AND n.course_id = ${course}` : sql``}
    ${studentListOrder}
    LIMIT ${limit} OFFSET ${offset}`,
  );
}

type HistoryQuery = z.output<typeof adjustmentHistoryQuery>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const looksLikeCode = (value: string) => /\d/.test(value) && !/\s/.test(value);

/** A page of the adjustments in the caller's scope matching the history's filters, newest first, with the total. */
export async function adjustmentHistoryPage(db: Executor, user: AuthUser, query: HistoryQuery) {
  const conditions: Array<SQL | undefined> = [
    scopeCondition(user, {
      department: a.departmentId,
      district: a.districtId,
      institution: a.institutionId,
    }),
    query.sie !== undefined ? eq(a.institutionId, query.sie) : undefined,
    query.kind ? eq(a.kind, query.kind satisfies AdjustmentKind) : undefined,
    query.holderType ? eq(a.holderTypeId, query.holderType) : undefined,
    query.carnet ? like(a.titularCarnet, `${escapeLike(query.carnet)}%`) : undefined,
  ];
  if (query.search) {
    const text = escapeLike(query.search.toUpperCase());
    // A RUDE has digits and no spaces: a prefix of the indexed code; anything else is part of a name
    // (names are kept upper-cased, so a plain LIKE does: cheaper than ILIKE on every row).
    conditions.push(
      looksLikeCode(text)
        ? like(a.rude, `${text}%`)
        : or(like(a.rude, `${text}%`), like(a.studentName, `%${text}%`)),
    );
  }
  if (query.date) {
    const [from, to] = boliviaDaySpan(query.date);
    conditions.push(gte(a.createdAt, from), lt(a.createdAt, to));
  }
  const where = and(...conditions);
  const pageSize = DEFAULT_PAGE_SIZE;
  // The page is a top-N over the (scope, created_at) indexes; the count is a separate index scan, so
  // neither sorts nor carries the whole filtered set (a window count did, and cost 4× more).
  const page = db
    .select({
      id: a.id,
      rude: a.rude,
      student: a.studentName,
      sie: a.institutionId,
      titularCarnet: a.titularCarnet,
      titular: a.titularName,
      holderTypeId: a.holderTypeId,
      kind: a.kind,
      requestedAt: a.createdAt,
      reenabledAt: a.reenabledAt,
    })
    .from(a)
    .where(where)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  const counted = db.select({ n: sql<number>`count(*)::int` }).from(a).where(where);
  const [rows, [count]] = await Promise.all([page, counted]);
  const total = Number(count?.n ?? 0);
  return { rows, total, pageSize };
}

/** Departments and districts from the maintained summaries (a few thousand rows, never the inscriptions). */
export async function placeFigures(db: Executor, level: 'department' | 'district'): Promise<PlaceRow[]> {
  const byDistrict = level === 'district';
  const result = await rows<PlaceRow>(
    db,
    sql`
    WITH b AS (
      SELECT ${sql.raw(byDistrict ? 'district_id' : 'department_id')} AS id, sum(total)::int AS students, sum(paid)::int AS paid
      FROM stats_beneficiaries GROUP BY 1
    ), s AS (
      SELECT ${sql.raw(byDistrict ? 'district_id' : 'department_id')} AS id, sum(institutions)::int AS schools, sum(consolidated)::int AS consolidated
      FROM stats_institutions GROUP BY 1
    )
    SELECT p.id, p.name, ${sql.raw(byDistrict ? 'dp.name' : 'NULL')} AS department,
      coalesce(b.students, 0) AS students, coalesce(b.paid, 0) AS paid,
      coalesce(s.schools, 0) AS schools, coalesce(s.consolidated, 0) AS consolidated
    FROM ${sql.raw(byDistrict ? 'districts p JOIN departments dp ON dp.id = p.department_id' : 'departments p')}
    LEFT JOIN b ON b.id = p.id LEFT JOIN s ON s.id = p.id
    ORDER BY ${sql.raw(byDistrict ? 'p.department_id, p.id' : 'p.id')}`,
  );
  return result.map((r) => ({
    ...r,
    id: Number(r.id),
    students: Number(r.students),
    paid: Number(r.paid),
  }));
}

/** One department's schools with their students, titulars, deliveries and removals (one grouped query). */
export async function schoolFigures(db: Executor, departmentId: number): Promise<SchoolRow[]> {
  const result = await rows<SchoolRow>(
    db,
    sql`
    SELECT dp.name AS department, d.name AS district, i.id AS sie, i.name, i.subsystem,
      i.holders_consolidated_at IS NOT NULL AS consolidated,
      count(n.id) FILTER (WHERE n.removed_at IS NULL)::int AS students,
      count(t.id) FILTER (WHERE n.removed_at IS NULL)::int AS titulars,
      count(p.inscription_id) FILTER (WHERE n.removed_at IS NULL AND p.paid)::int AS paid,
      count(n.id) FILTER (WHERE n.removed_at IS NOT NULL)::int AS removed
    FROM institutions i
    JOIN districts d ON d.id = i.district_id
    JOIN departments dp ON dp.id = i.department_id
    LEFT JOIN inscriptions n ON n.institution_id = i.id AND n.year = (SELECT year FROM programme_settings WHERE id = 1)
    LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    LEFT JOIN payments p ON p.inscription_id = n.id
    WHERE i.department_id = ${departmentId}
    GROUP BY dp.name, d.id, d.name, i.id
    ORDER BY d.id, i.id`,
  );
  return result;
}

/**
 * Step 1 of the synchronisation ('Consolidar modificaciones') sees a change of titular as the
 * titular_assignments rows it closes and opens, and a removal as inscriptions.removed_at. A change
 * of the titular's data or relationship touches neither, so this gatherer sends those adjustments
 * to Síntesis with the titular after the change.
 */
export const adjustmentChanges: ChangeGatherer = {
  kind: 'AJUSTE TITULAR',
  insert: (ctx) => sql`INSERT INTO sync_batch_items
      (batch_id, inscription_id, student_id, kind, source_id, occurred_at, description, titular_carnet, beneficiary_name)
    SELECT ${ctx.batchId}::int, a.inscription_id, n.student_id, 'AJUSTE TITULAR', a.id, a.created_at,
      CASE a.kind WHEN 'ACTUALIZACION DATOS' THEN 'Actualización de datos del titular' ELSE 'Cambio de parentesco' END
        || ': ' || a.titular_name || ' (CI ' || a.titular_carnet || ')',
      a.titular_carnet, a.student_name
    FROM titular_adjustments a JOIN inscriptions n ON n.id = a.inscription_id
    WHERE a.kind IN ('ACTUALIZACION DATOS', 'CAMBIO PARENTESCO')
      AND a.created_at > ${ctx.from.toISOString()}::timestamptz AND a.created_at <= ${ctx.to.toISOString()}::timestamptz
    ON CONFLICT (batch_id, kind, source_id) DO NOTHING`,
};
