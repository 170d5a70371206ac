/** Consolidating the holder list: the pending students, the consolidation's writes, the declaration's data. */
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { studentFullName } from '../../../db/names.js';
import {
  beneficiaryExclusions,
  courses,
  inscriptions,
  institutions,
  levels,
  shifts,
  students,
  titularAssignments,
  users,
} from '../../../db/schema/index.js';
import { courseOrder } from '../../../db/student-lists.js';

/** Active inscriptions of the year with neither an active titular nor an active exclusion. */
const pendingCondition = (sie: number, year: number) =>
  and(
    eq(inscriptions.institutionId, sie),
    eq(inscriptions.year, year),
    isNull(inscriptions.removedAt),
    sql`NOT EXISTS (SELECT 1 FROM ${titularAssignments} t WHERE t.inscription_id = ${inscriptions.id} AND t.removed_at IS NULL)`,
    sql`NOT EXISTS (SELECT 1 FROM ${beneficiaryExclusions} e WHERE e.inscription_id = ${inscriptions.id} AND e.removed_at IS NULL)`,
  );

export async function countPending(db: Executor, sie: number, year: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inscriptions)
    .where(pendingCondition(sie, year));
  return row?.n ?? 0;
}

/** A page of the pending students, by surnames and name. */
export function pendingRows(db: Executor, sie: number, year: number, limit: number, offset: number) {
  return db
    .select({
      inscriptionId: inscriptions.id,
      rude: students.rude,
      fullName: studentFullName,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      segipId: students.segipId,
      emparejaSereci: students.emparejaSereci,
    })
    .from(inscriptions)
    .innerJoin(students, eq(students.id, inscriptions.studentId))
    .innerJoin(courses, eq(courses.id, inscriptions.courseId))
    .where(pendingCondition(sie, year))
    .orderBy(
      asc(students.firstLastName),
      asc(students.secondLastName),
      asc(students.name),
      asc(inscriptions.id),
    )
    .limit(limit)
    .offset(offset);
}

/**
 * Marks the school's list consolidated unless it already is (the conditional UPDATE is the lock);
 * the school's district, or undefined when another consolidation won.
 */
export async function markListConsolidated(tx: Executor, sie: number, at: Date, userId: number) {
  const [won] = await tx
    .update(institutions)
    .set({ holdersConsolidatedAt: at, holdersConsolidatedBy: userId })
    .where(and(eq(institutions.id, sie), isNull(institutions.holdersConsolidatedAt)))
    .returning({ districtId: institutions.districtId });
  return won;
}

/**
 * Applies the school's open exclusions: each becomes a removal of the student's inscription; the
 * inscriptions removed now.
 */
export async function applyExclusions(tx: Executor, sie: number, now: Date) {
  const excluded = await tx
    .update(beneficiaryExclusions)
    .set({ appliedAt: now })
    .where(
      and(
        eq(beneficiaryExclusions.institutionId, sie),
        isNull(beneficiaryExclusions.removedAt),
        isNull(beneficiaryExclusions.appliedAt),
      ),
    )
    .returning({ inscriptionId: beneficiaryExclusions.inscriptionId });
  const ids = excluded.map((e) => e.inscriptionId);
  const removed =
    ids.length === 0
      ? []
      : await tx
          .update(inscriptions)
          .set({ removedAt: now })
          .where(
            and(
              sql`${inscriptions.id} = ANY(${`{${ids.join(',')}}`}::int[])`,
              isNull(inscriptions.removedAt),
            ),
          )
          .returning({ id: inscriptions.id });
  return removed;
}

const counts = {
  total: sql<number>`count(*)::int`,
  apoderados: sql<number>`count(*) FILTER (WHERE n.removed_at IS NULL AND t.holder_type_id = 1)::int`,
  maestros: sql<number>`count(*) FILTER (WHERE n.removed_at IS NULL AND t.holder_type_id = 2)::int`,
  directores: sql<number>`count(*) FILTER (WHERE n.removed_at IS NULL AND t.holder_type_id = 3)::int`,
  removed: sql<number>`count(*) FILTER (WHERE n.removed_at IS NOT NULL)::int`,
  pending: sql<number>`count(*) FILTER (WHERE n.removed_at IS NULL AND t.id IS NULL)::int`,
};

/** The school's inscriptions of `year` counted by course, in the screens' course order, for the declaration. */
export function declarationRows(db: Executor, sie: number, year: number) {
  return db
    .select({
      shift: shifts.name,
      level: levels.name,
      shiftId: courses.shiftId,
      levelId: courses.levelId,
      gradeId: courses.gradeId,
      parallelId: courses.parallelId,
      ...counts,
    })
    .from(sql`${inscriptions} n`)
    .innerJoin(courses, sql`${courses.id} = n.course_id`)
    .innerJoin(shifts, eq(shifts.id, courses.shiftId))
    .innerJoin(levels, eq(levels.id, courses.levelId))
    .leftJoin(sql`titular_assignments t`, sql`t.inscription_id = n.id AND t.removed_at IS NULL`)
    .where(and(sql`n.institution_id = ${sie}`, sql`n.year = ${year}`))
    .groupBy(courses.shiftId, shifts.name, courses.levelId, levels.name, courses.gradeId, courses.parallelId)
    .orderBy(...courseOrder);
}

/** The name of whoever consolidated the school's list, or undefined. */
export async function consolidatedByName(db: Executor, sie: number) {
  const [by] = await db
    .select({ name: sql<string>`trim(${users.name} || ' ' || ${users.firstLastName})` })
    .from(users)
    .where(eq(users.id, sql`(SELECT holders_consolidated_by FROM institutions WHERE id = ${sie})`));
  return by?.name;
}

/** Who consolidated the school's list (their id), or undefined for an unknown school. */
export async function consolidatedById(tx: Executor, sie: number) {
  const [by] = await tx
    .select({ id: institutions.holdersConsolidatedBy })
    .from(institutions)
    .where(eq(institutions.id, sie));
  return by;
}

/** When the school's list was consolidated, or undefined for an unknown school; with `lock`, FOR NO KEY UPDATE. */
export async function consolidatedAtOf(db: Executor, sie: number, lock = false) {
  const query = db
    .select({ at: institutions.holdersConsolidatedAt })
    .from(institutions)
    .where(eq(institutions.id, sie));
  const [school] = lock ? await query.for('no key update') : await query;
  return school;
}
