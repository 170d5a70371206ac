import { payingBanks as banks } from '../../integrations/sintesis/payments.js';
import type { Executor } from '../client.js';
import { rows } from '../rows.js';
import { loadPreviousDeclarations } from './previous-declarations.js';
import type { Scale } from './scales.js';
import { run } from './sql.js';
import { sqlRandom, textArray } from './sql-random.js';
import { CAMPAIGN_START, daysBetween } from './timeline.js';

/**
 * The scales whose data holds a closed previous year, so the year selector has something to show.
 * The department and national bench loads keep one year: the previous year doubles the bulk tables,
 * and those loads are measured (docs/scale.md).
 */
export const scalesWithPreviousYear: readonly Scale[] = ['tiny', 'demo'];

/** Why a school declared that the bonus did not reach a student, in the closed year. */
const observations = [
  'El estudiante se trasladó a otra unidad educativa antes de la entrega.',
  'El padre de familia no se presentó a recoger el bono.',
];

/**
 * The closed previous year (open year − 1), added at the end of the demo steps so that none of them
 * (candidates, exclusions, blocks, removals, adjustments) touches it:
 * - its courses: every course of the open year again, one year earlier (same school, level, grade,
 *   parallel and shift);
 * - its inscriptions: each student of the open year in the grade below at the same school (the same
 *   parallel, or the first one), special centres' students in the same course; first-graders and
 *   about 4 % of the others (new to the system) were not inscribed;
 * - its titulars: the open year's titular for most, another of the student's guardians (the other
 *   parent, a candidate mother, the relative a staff titular replaced) for some, and a candidate
 *   guardian for most students without a titular this year; every titular validated;
 * - a few more guardians: a teacher of the school on about 6 % of the lists, not on this year's
 *   (the titular modal offers them, decision 041);
 * - its payments: about 92 % of the students with a titular, over the previous campaign's days;
 * - its paid validation: every paid student with a teacher or director titular validated (6 % NO
 *   PAGADO) and every such school consolidated, at the closed year's amount;
 * - its row in closed_years: the open year's amount (the programme paid 200 both years) and that
 *   year's deadline and calendar, closed when the open year started.
 * - its holders declarations: about 95 % of its schools declared their holder list that year
 *   (previous-declarations.ts), so Seguimiento and the reports of that year read most as 'CONCLUIDO'.
 * The closed year stores no PDFs: the paid-validation declarations are printed by the application at
 * their first download, and the holders ones are recorded without their print (rendered on demand).
 */
export async function loadPreviousYear(tx: Executor, seed: number): Promise<void> {
  const r = sqlRandom(seed);
  const [facts] = await rows<{
    year: number;
    courseBase: number;
    inscriptionBase: number;
    admin: number | null;
    deadline: string;
    calendarStart: string;
  }>(
    tx,
    `SELECT year, (SELECT coalesce(max(id), 0) FROM courses)::int AS "courseBase",
       (SELECT coalesce(max(id), 0) FROM inscriptions)::int AS "inscriptionBase",
       (SELECT min(id) FROM users WHERE username = 'admin' AND is_demo) AS admin,
       (director_deadline - INTERVAL '1 year')::date::text AS deadline,
       (calendar_start - INTERVAL '1 year')::date::text AS "calendarStart"
     FROM programme_settings WHERE id = 1`,
  );
  const { year, courseBase, inscriptionBase } = facts;
  const previous = year - 1;

  await run(
    tx,
    `INSERT INTO closed_years (year, amount_per_student, director_deadline, calendar_start, registration_period_id, closed_at)
     SELECT ${previous}, amount_per_student, DATE '${facts.deadline}', DATE '${facts.calendarStart}',
       registration_period_id, (calendar_start::text || ' 08:00:00-04')::timestamptz
     FROM programme_settings WHERE id = 1`,
  );

  await run(
    tx,
    `INSERT INTO courses (id, institution_id, year, level_id, grade_id, parallel_id, shift_id)
     SELECT ${courseBase} + id, institution_id, ${previous}, level_id, grade_id, parallel_id, shift_id
     FROM courses WHERE year = ${year} ORDER BY id`,
  );
  // Years of schooling: primary 1–6, secondary 7–12; special centres (level 1) keep their course.
  const seq = (c: string) =>
    `CASE ${c}.level_id WHEN 12 THEN ${c}.grade_id WHEN 13 THEN 6 + ${c}.grade_id ELSE 0 END`;
  await run(
    tx,
    `CREATE TEMP TABLE seed_previous_courses ON COMMIT DROP AS
     SELECT DISTINCT ON (c.id) c.id AS course_id, ${courseBase} + p.id AS previous_course_id
     FROM courses c
     JOIN courses p ON p.institution_id = c.institution_id AND p.year = c.year
       AND CASE WHEN c.level_id = 1 THEN p.id = c.id ELSE ${seq('p')} = ${seq('c')} - 1 END
     WHERE c.year = ${year}
     ORDER BY c.id, p.parallel_id = c.parallel_id DESC, p.parallel_id`,
  );
  await run(
    tx,
    `INSERT INTO inscriptions (id, student_id, course_id, institution_id, year)
     SELECT ${inscriptionBase} + n.id, n.student_id, m.previous_course_id, n.institution_id, ${previous}
     FROM inscriptions n JOIN seed_previous_courses m ON m.course_id = n.course_id
     WHERE n.year = ${year} AND ${r.below('n.id', 120, 100)} >= 4
     ORDER BY n.id`,
  );

  // The titular of the closed year: one of the student's guardians of the open year. The open
  // year's titular for 85 % of those who have one, another guardian when there is one otherwise;
  // 80 % of the students without a titular had their candidate guardian as titular.
  const same = `${r.below('n.id', 121, 100)} < 85`;
  // The previous campaign's days: 13 October to 20 November of the closed year.
  const campaignStart = `${previous}${CAMPAIGN_START.slice(4)}`;
  const days = daysBetween(campaignStart, `${previous}-11-20`) + 1;
  await run(
    tx,
    `CREATE TEMP TABLE seed_previous_titulars ON COMMIT DROP AS
     SELECT DISTINCT ON (n.id) ${inscriptionBase} + n.id AS inscription_id, n.institution_id, g.person_id,
       g.relationship_id,
       CASE g.relationship_id WHEN 6 THEN 2 WHEN 7 THEN 3 ELSE 1 END AS holder_type_id,
       date_trunc('second', g.created_at - INTERVAL '1 year') AS created_at,
       ${r.below('n.id', 123, 100)} < 92 AS paid,
       DATE '${campaignStart}' + least(${r.below('n.id', 124, days)}, ${r.below('n.id', 125, days)}) AS paid_on
     FROM inscriptions n
     JOIN inscriptions p ON p.id = ${inscriptionBase} + n.id
     JOIN guardians g ON g.inscription_id = n.id AND g.removed_at IS NULL
     LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
     WHERE n.year = ${year} AND (t.id IS NOT NULL OR ${r.below('n.id', 122, 100)} < 80)
     ORDER BY n.id, CASE WHEN t.id IS NULL THEN 0 WHEN (g.person_id = t.person_id) = (${same}) THEN 0 ELSE 1 END,
       g.person_id`,
  );
  await run(
    tx,
    `INSERT INTO guardians (inscription_id, person_id, relationship_id, created_at)
     SELECT inscription_id, person_id, relationship_id, created_at FROM seed_previous_titulars ORDER BY inscription_id`,
  );
  await run(
    tx,
    `INSERT INTO titular_assignments (inscription_id, person_id, relationship_id, holder_type_id,
       registered_institution_id, created_at, validated_at)
     SELECT inscription_id, person_id, relationship_id, holder_type_id, institution_id, created_at,
       created_at + INTERVAL '1 day'
     FROM seed_previous_titulars ORDER BY inscription_id`,
  );
  // A teacher of the school on some students' lists of the closed year who is not on this year's
  // (about 6 % of the closed year's students, in schools where a staff member is a titular this
  // year): the titular modal offers them as 'Tutores de la gestión …' (decision 041).
  await run(
    tx,
    `CREATE TEMP TABLE seed_previous_staff ON COMMIT DROP AS
     SELECT DISTINCT ON (o.institution_id) o.institution_id, t.person_id, t.relationship_id, t.created_at
     FROM titular_assignments t JOIN inscriptions o ON o.id = t.inscription_id
     WHERE o.year = ${year} AND t.holder_type_id > 1 AND t.removed_at IS NULL
     ORDER BY o.institution_id, t.person_id`,
  );
  await run(
    tx,
    `INSERT INTO guardians (inscription_id, person_id, relationship_id, created_at)
     SELECT p.id, st.person_id, st.relationship_id, date_trunc('second', st.created_at - INTERVAL '1 year')
     FROM inscriptions p
     JOIN seed_previous_staff st ON st.institution_id = p.institution_id
     WHERE p.year = ${previous} AND ${r.below('p.id', 131, 100)} < 6
       AND NOT EXISTS (SELECT 1 FROM guardians g WHERE g.person_id = st.person_id
         AND g.inscription_id IN (p.id, p.id - ${inscriptionBase}))
     ORDER BY p.id`,
  );
  await run(
    tx,
    `INSERT INTO payment_ledger (inscription_id, source_kind, bank_status, paid_on, bank, mode, received_at, amount_bob, rude)
     SELECT inscription_id, 'sync', 'PAGADO', paid_on, ${r.pick('inscription_id', 126, banks)},
       CASE WHEN ${r.below('inscription_id', 127, 100)} < 75 THEN 'VENTANILLA' ELSE 'ABONO' END,
       (paid_on::text || ' 23:30:00-04')::timestamptz, (SELECT amount_per_student FROM programme_settings WHERE id = 1),
       (SELECT s.rude FROM inscriptions n JOIN students s ON s.id = n.student_id WHERE n.id = inscription_id)
     FROM seed_previous_titulars WHERE paid ORDER BY inscription_id`,
  );

  // The closed year's paid validation, complete: every staff-collected bonus declared, every school consolidated.
  await run(
    tx,
    `INSERT INTO paid_validations (inscription_id, institution_id, person_id, is_paid, observation, validated_at, validated_by)
     SELECT t.inscription_id, t.institution_id, t.person_id, NOT no_show,
       CASE WHEN no_show THEN (${textArray(observations)})[1 + ${r.below('t.inscription_id', 128, observations.length)}] END,
       ((t.paid_on + 2)::text || ' 10:00:00-04')::timestamptz + ${r.below('t.inscription_id', 129, 28_800)} * INTERVAL '1 second',
       coalesce((SELECT min(sc.user_id) FROM user_scopes sc JOIN users u ON u.id = sc.user_id AND u.profile = 9
                 WHERE sc.institution_id = t.institution_id), ${facts.admin ?? 0})
     FROM (SELECT *, ${r.below('inscription_id', 130, 100)} < 6 AS no_show FROM seed_previous_titulars
           WHERE paid AND holder_type_id > 1) t
     ORDER BY t.inscription_id`,
  );
  await run(
    tx,
    `INSERT INTO paid_validation_consolidations (institution_id, year, consolidated_at, consolidated_by, students,
       delivered, undelivered, amount_per_student)
     SELECT v.institution_id, ${previous}, max(v.validated_at) + INTERVAL '2 hours', min(v.validated_by), count(*),
       count(*) FILTER (WHERE v.is_paid), count(*) FILTER (WHERE NOT v.is_paid),
       (SELECT amount_per_student FROM closed_years WHERE year = ${previous})
     FROM paid_validations v JOIN inscriptions n ON n.id = v.inscription_id AND n.year = ${previous}
     GROUP BY v.institution_id ORDER BY v.institution_id`,
  );
  await loadPreviousDeclarations(tx, r, { previous, deadline: facts.deadline, admin: facts.admin });
}
