import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../db/client.js';
import { fullNameOf } from '../../../../db/names.js';
import { firstRow, rows } from '../../../../db/rows.js';

export type WithdrawnFilter = { departmentId?: number; rude?: string; sie?: number };

export type WithdrawnRow = {
  inscriptionId: number;
  rude: string;
  student: string;
  sie: number;
  institution: string;
  department: string;
  levelId: number;
  gradeId: number;
  parallelId: number;
  withdrawnAt: Date;
  importId: number | null;
  hasTitular: boolean;
  paid: boolean;
  declared: boolean;
  removed: boolean;
};

/** The open year's withdrawn inscriptions matching the filter (the partial index inscriptions_withdrawn_idx). */
function withdrawnOf(filter: WithdrawnFilter) {
  return sql`
    SELECT n.id, n.student_id, n.course_id, n.institution_id, n.withdrawn_at, n.withdrawn_import_id
    FROM inscriptions n
    JOIN institutions i ON i.id = n.institution_id
    WHERE n.withdrawn_at IS NOT NULL
      AND n.year = (SELECT year FROM programme_settings WHERE id = 1)
      ${filter.departmentId ? sql`AND i.department_id = ${filter.departmentId}` : sql``}
      ${filter.sie ? sql`AND n.institution_id = ${filter.sie}` : sql``}
      ${filter.rude ? sql`AND n.student_id = (SELECT id FROM students WHERE rude = ${filter.rude})` : sql``}`;
}

/**
 * One page of withdrawn students, newest withdrawal first, with what hangs from each: the flags come
 * from student_bonus, the one definition of a student's bonus, for the page's rows only.
 */
export async function withdrawnPage(
  db: Executor,
  filter: WithdrawnFilter,
  limit: number,
  offset: number,
): Promise<WithdrawnRow[]> {
  return rows<WithdrawnRow>(
    db,
    sql`
    WITH page AS (
      ${withdrawnOf(filter)}
      ORDER BY n.withdrawn_at DESC, n.id
      LIMIT ${limit} OFFSET ${offset}
    )
    SELECT page.id AS "inscriptionId", s.rude, ${fullNameOf('s')} AS student, i.id AS sie,
      i.name AS institution, d.name AS department, c.level_id AS "levelId", c.grade_id AS "gradeId",
      c.parallel_id AS "parallelId", page.withdrawn_at AS "withdrawnAt",
      page.withdrawn_import_id AS "importId", b.has_titular AS "hasTitular", b.bank_paid AS paid,
      b.school_declared AS declared, b.removed
    FROM page
    JOIN students s ON s.id = page.student_id
    JOIN institutions i ON i.id = page.institution_id
    JOIN departments d ON d.id = i.department_id
    JOIN courses c ON c.id = page.course_id
    JOIN student_bonus b ON b.inscription_id = page.id
    ORDER BY page.withdrawn_at DESC, page.id`,
  );
}

export async function countWithdrawn(db: Executor, filter: WithdrawnFilter): Promise<number> {
  const row = await firstRow<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM (${withdrawnOf(filter)}) w`,
  );
  return row?.n ?? 0;
}
