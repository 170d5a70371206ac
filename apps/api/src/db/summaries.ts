import { eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { institutions } from './schema/index.js';

/** Limits a refresh to the districts a change touched; omitted, everything is rebuilt. */
export type StatisticsScope = { districtIds: readonly number[] };

/**
 * Rebuilds the summary tables the dashboard and reports read (see ARCHITECTURE.md, "Performance
 * rules"): a live GROUP BY over the national inscriptions answers ~17 requests/s, these few thousand
 * rows ~11,000/s. Set-based statements (DELETE, INSERT … SELECT … GROUP BY) in the caller's
 * transaction, so readers see either the old figures or the new ones; DELETE rather than TRUNCATE
 * keeps readers unblocked. Only active (not removed) inscriptions of the programme year count; gender
 * 1 is male and anything else female, as the original reports count them.
 *
 * The whole country takes a few seconds on PostgreSQL (2.3 M inscriptions), fine for a nightly or
 * synchronisation job; a change to one school should pass its district (milliseconds).
 */
export async function refreshStatistics(db: Executor, scope?: StatisticsScope): Promise<void> {
  if (scope && scope.districtIds.length === 0) return;
  const inScope = (column: SQL): SQL => {
    if (!scope) return sql`true`;
    const ids = scope.districtIds.map((id) => {
      if (!Number.isInteger(id)) throw new Error(`Invalid district id ${id}`);
      return id;
    });
    return sql`${column} = ANY(${`{${ids.join(',')}}`}::int[])`;
  };
  const programmeYear = sql`(SELECT year FROM programme_settings WHERE id = 1)`;

  await db.execute(sql`DELETE FROM stats_beneficiaries WHERE ${inScope(sql`district_id`)}`);
  await db.execute(sql`
    INSERT INTO stats_beneficiaries
      (department_id, district_id, dependency, area, level_id, grade_id, total, paid, male, female)
    SELECT i.department_id, i.district_id, i.dependency, i.area, c.level_id, c.grade_id,
      count(*)::int,
      count(*) FILTER (WHERE b.counts_as_paid)::int,
      count(*) FILTER (WHERE s.gender = 1)::int,
      count(*) FILTER (WHERE s.gender <> 1)::int
    FROM student_bonus b
    JOIN institutions i ON i.id = b.institution_id
    JOIN courses c ON c.id = b.course_id
    JOIN students s ON s.id = b.student_id
    WHERE b.year = ${programmeYear} AND NOT b.removed AND ${inScope(sql`i.district_id`)}
    GROUP BY i.department_id, i.district_id, i.dependency, i.area, c.level_id, c.grade_id`);

  await db.execute(sql`DELETE FROM stats_payments_daily WHERE ${inScope(sql`district_id`)}`);
  await db.execute(sql`
    INSERT INTO stats_payments_daily (department_id, district_id, level_id, paid_on, paid)
    SELECT i.department_id, i.district_id, c.level_id, b.paid_on, count(*)::int
    FROM student_bonus b
    JOIN institutions i ON i.id = b.institution_id
    JOIN courses c ON c.id = b.course_id
    WHERE b.counts_as_paid AND b.paid_on IS NOT NULL AND b.year = ${programmeYear} AND NOT b.removed
      AND ${inScope(sql`i.district_id`)}
    GROUP BY i.department_id, i.district_id, c.level_id, b.paid_on`);
}

/** Refreshes the district of one school: after a change to its sworn paid declaration (consolidation, reopening). */
export async function refreshSchoolStatistics(db: Executor, institutionId: number): Promise<void> {
  const [school] = await db
    .select({ districtId: institutions.districtId })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  if (school) await refreshStatistics(db, { districtIds: [school.districtId] });
}
