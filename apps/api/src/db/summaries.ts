import { eq, getTableName, type SQL, sql } from 'drizzle-orm';
import type { Executor } from './client.js';
import { institutions, studentBonus } from './schema/index.js';

/**
 * The one definition of a year's figures, over student_bonus (unaliased: the fragments name its
 * columns): the inscriptions counted are the year's active (not removed) ones; of those, the paid
 * ones are the one payment truth's counts_as_paid, and a payment day is the paid_on of a paid one.
 * refreshStatistics builds the open year's summaries with them, and a closed year's 'Resumen
 * General' counts with them (decision 040), so the two cannot drift apart.
 */
export const countedInscriptions = (year: SQL | number): SQL =>
  sql`${studentBonus.year} = ${year} AND NOT ${studentBonus.removed}`;
export const paidInscription: SQL = sql`${studentBonus.countsAsPaid}`;
export const paidOnDay: SQL = sql`${studentBonus.countsAsPaid} AND ${studentBonus.paidOn} IS NOT NULL`;

/**
 * The outer query's school id, qualified: in the select list of a query over institutions alone
 * drizzle prints a column unqualified ("id"), which inside a subquery would name the subquery's own.
 */
const outerSchool = sql`${sql.identifier(getTableName(institutions))}.${sql.identifier(institutions.id.name)}`;

/**
 * The schools a closed year counts: the outer query's unaliased `institutions` holding an inscription
 * of that year. A school opened since, or without students that year, had nothing to consolidate
 * then; Seguimiento, the dashboard's 'Unidades Educativas' pie and the report's 'Consolidadas' count
 * only these (decision 040), so their totals agree.
 */
export const schoolOfYear = (year: number): SQL =>
  sql`EXISTS (SELECT 1 FROM inscriptions n WHERE n.institution_id = ${outerSchool} AND n.year = ${year})`;

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
      count(*) FILTER (WHERE ${paidInscription})::int,
      count(*) FILTER (WHERE s.gender = 1)::int,
      count(*) FILTER (WHERE s.gender <> 1)::int
    FROM student_bonus
    JOIN institutions i ON i.id = student_bonus.institution_id
    JOIN courses c ON c.id = student_bonus.course_id
    JOIN students s ON s.id = student_bonus.student_id
    WHERE ${countedInscriptions(programmeYear)} AND ${inScope(sql`i.district_id`)}
    GROUP BY i.department_id, i.district_id, i.dependency, i.area, c.level_id, c.grade_id`);

  await db.execute(sql`DELETE FROM stats_payments_daily WHERE ${inScope(sql`district_id`)}`);
  await db.execute(sql`
    INSERT INTO stats_payments_daily (department_id, district_id, level_id, paid_on, paid)
    SELECT i.department_id, i.district_id, c.level_id, student_bonus.paid_on, count(*)::int
    FROM student_bonus
    JOIN institutions i ON i.id = student_bonus.institution_id
    JOIN courses c ON c.id = student_bonus.course_id
    WHERE ${paidOnDay} AND ${countedInscriptions(programmeYear)} AND ${inScope(sql`i.district_id`)}
    GROUP BY i.department_id, i.district_id, c.level_id, student_bonus.paid_on`);
}

/** Refreshes the district of one school: after a change to its sworn paid declaration (consolidation, reopening). */
export async function refreshSchoolStatistics(db: Executor, institutionId: number): Promise<void> {
  const [school] = await db
    .select({ districtId: institutions.districtId })
    .from(institutions)
    .where(eq(institutions.id, institutionId));
  if (school) await refreshStatistics(db, { districtIds: [school.districtId] });
}
