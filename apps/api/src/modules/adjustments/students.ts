import { type AdjustmentKind, type AdjustmentStudentPage, DEFAULT_PAGE_SIZE } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import { rows } from '../../db/rows.js';
import { isBlockedSql } from '../blocking/index.js';

const personName = (alias: string) =>
  sql.raw(
    `trim(regexp_replace(${alias}.first_last_name || ' ' || ${alias}.second_last_name || ' ' || ${alias}.name, '\\s+', ' ', 'g'))`,
  );

/**
 * The 'Lista' of Ajuste Titulares: the chosen course's students of this year (the whole school
 * when no course is chosen, as a special centre's 'Estudiantes Habilitados'), with the current
 * titular and the adjustment already used, sorted by surnames and name, 10 a page on the server.
 */
export async function adjustmentStudents(
  deps: AppDeps,
  sie: number,
  query: { course?: number; page: number },
): Promise<AdjustmentStudentPage> {
  const pageSize = DEFAULT_PAGE_SIZE;
  const offset = (query.page - 1) * pageSize;
  const result = await rows<{
    id: number;
    rude: string;
    student: string;
    carnet: string | null;
    titular: string | null;
    kind: AdjustmentKind | null;
    removed: boolean;
    blocked: boolean;
    total: number;
  }>(
    deps.db,
    sql`
    SELECT n.id, s.rude, ${personName('s')} AS student,
      p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END AS carnet,
      ${personName('p')} AS titular, a.kind, n.removed_at IS NOT NULL AS removed,
      ${isBlockedSql(sql`n.id`)} AS blocked, count(*) OVER () AS total
    FROM inscriptions n
    JOIN programme_settings ps ON ps.id = 1
    JOIN students s ON s.id = n.student_id
    LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    LEFT JOIN persons p ON p.id = t.person_id
    LEFT JOIN titular_adjustments a ON a.inscription_id = n.id AND a.year = ps.year AND a.reenabled_at IS NULL
    WHERE n.institution_id = ${sie} AND n.year = ps.year
      ${query.course ? sql`AND n.course_id = ${query.course}` : sql``}
    ORDER BY s.first_last_name, s.second_last_name, s.name, n.id
    LIMIT ${pageSize} OFFSET ${offset}`,
  );
  return {
    items: result.map((r, i) => ({
      inscriptionId: Number(r.id),
      number: offset + i + 1,
      rude: r.rude,
      student: r.student,
      titularCarnet: r.carnet,
      titular: r.titular,
      adjustmentKind: r.kind,
      removed: Boolean(r.removed),
      blocked: Boolean(r.blocked),
    })),
    page: query.page,
    pageSize,
    total: Number(result[0]?.total ?? 0),
  };
}
