import { payingBanks as banks } from '../../integrations/sintesis/payments.js';
import type { Executor } from '../client.js';
import { andeanSurnames, femaleNames, lowlandSurnames, maleNames } from './names.js';
import { run } from './sql.js';
import { type SqlRandom, sqlRandom } from './sql-random.js';
import { addDays, type Timeline } from './timeline.js';

export type StudentContext = {
  seed: number;
  year: number;
  studentCount: number;
  courseCount: number;
  timeline: Timeline;
};

/** Surname from the department's pool (see names.ts), keyed on an id so relatives can share it. */
export const surnameSql = (r: SqlRandom, andean: string, key: string, salt: number): string =>
  `CASE WHEN ${andean} THEN ${r.pick(key, salt, andeanSurnames)} ELSE ${r.pick(key, salt, lowlandSurnames)} END`;

/** One or two given names ('JUAN CARLOS'), never the same one twice. */
export const givenNamesSql = (
  r: SqlRandom,
  key: string,
  male: string,
  salt: number,
  lists: { male: readonly string[]; female: readonly string[] },
): string => {
  const one = (s: number) =>
    `CASE WHEN ${male} THEN ${r.pick(key, s, lists.male)} ELSE ${r.pick(key, s, lists.female)} END`;
  const first = one(salt);
  const second = one(salt + 1);
  return `CASE WHEN ${r.below(key, salt + 2, 100)} < 55 AND ${first} <> ${second} THEN ${first} || ' ' || ${second} ELSE ${first} END`;
};

/**
 * Every student, inscription, titular and payment is a function of the student's id and its
 * course, computed by these views over generate_series. Nothing is materialised: each INSERT reads
 * the view and PostgreSQL inlines only the columns it needs. Families: in every second course of a
 * school about a third of the students are younger siblings of the student at the same place in the
 * previous course; they share surnames and titular through `family` (the elder sibling's id).
 */
export async function createStudentViews(tx: Executor, ctx: StudentContext): Promise<void> {
  const r = sqlRandom(ctx.seed);
  const { year, timeline } = ctx;
  await run(
    tx,
    `CREATE TEMP VIEW seed_student_base AS
     SELECT c.first_student + g AS id, c.first_student + g - c.institution_first AS place_in_school,
       c.id AS course_id, c.level_id, c.grade_id, c.grade_seq,
       i.id AS institution_id, i.seq AS institution_seq, i.code_type, i.consolidated_at IS NOT NULL AS consolidated,
       i.consolidated_at, i.neighbour_id, i.andean,
       CASE WHEN c.sibling_course AND g <= c.previous_size AND ${r.below('c.first_student + g', 1, 100)} < 35
         THEN c.previous_first + g ELSE c.first_student + g END AS family
     FROM seed_courses c
     JOIN seed_institutions i ON i.id = c.institution_id
     CROSS JOIN LATERAL generate_series(1, c.size) AS g`,
  );

  const delayRoll = r.below('b.id', 3, 100);
  await run(
    tx,
    `CREATE TEMP VIEW seed_student_traits AS
     SELECT b.*,
       CASE WHEN ${r.below('b.id', 2, 100)} < CASE WHEN b.code_type = 4 THEN 58 ELSE 50 END THEN 1 ELSE 2 END AS gender,
       CASE WHEN b.code_type = 4 THEN 0 WHEN ${delayRoll} < 78 THEN 0 WHEN ${delayRoll} < 93 THEN 1
         WHEN ${delayRoll} < 98 THEN 2 ELSE 3 END AS delay,
       ${r.below('b.id', 6, 1000)} AS identity_roll,
       ${r.below('b.id', 7, 10)} AS document_roll,
       -- Same salt as identity_roll: whether the elder sibling (the family's key) is validated.
       ${r.below('b.family', 6, 1000)} < 900 AS family_validated,
       ${r.below('b.family', 30, 1000)} < CASE WHEN b.consolidated THEN 950 ELSE 550 END AS family_titular,
       ${r.below('b.family', 31, 1000)} AS relation_roll,
       ${r.below('b.family', 22, 100)} AS surname_shape,
       ${surnameSql(r, 'b.andean', 'b.family', 20)} AS surname_a,
       ${surnameSql(r, 'b.andean', 'b.family', 21)} AS surname_b
     -- OFFSET 0 keeps this layer from being inlined: each trait is hashed once per row, not once per use.
     FROM seed_student_base b OFFSET 0`,
  );

  const rr = 't.relation_roll';
  const regularRelationship = `CASE WHEN ${rr} < 600 THEN 1 WHEN ${rr} < 840 THEN 2 WHEN ${rr} < 890 THEN 3
    WHEN ${rr} < 910 THEN 4 WHEN ${rr} < 950 THEN 5 WHEN ${rr} < 970 THEN 8 WHEN ${rr} < 990 THEN 6 ELSE 7 END`;
  // Special centres also use relationships 9–12 (regular schools only 1–8 and 13) and more teachers.
  const specialRelationship = `CASE WHEN ${rr} < 450 THEN 1 WHEN ${rr} < 600 THEN 2 WHEN ${rr} < 650 THEN 3
    WHEN ${rr} < 680 THEN 5 WHEN ${rr} < 730 THEN 8 WHEN ${rr} < 780 THEN 12 WHEN ${rr} < 800 THEN 9
    WHEN ${rr} < 940 THEN 6 ELSE 7 END`;
  const entryYear = `CASE WHEN t.code_type = 4 THEN ${year} - ${r.below('t.id', 15, 8)}
    ELSE ${year + 1} - t.grade_seq - t.delay END`;
  const hasDocument = `(t.identity_roll < 850 OR (t.identity_roll >= 900 AND t.document_roll < 3)
    OR (t.identity_roll >= 850 AND t.identity_roll < 900 AND t.document_roll = 0))`;
  // Banks pay Monday to Saturday; the earlier of two draws makes the first weeks busiest, as in a campaign.
  const days = paymentDates(timeline);
  const dayIndex = `least(${r.below('t.id', 41, days.length)}, ${r.below('t.id', 42, days.length)})`;
  // Titulars were registered between the start of registration and the school's consolidation.
  const registrationStart = `TIMESTAMPTZ '${timeline.registrationFrom} 08:00:00-04'`;
  const registrationEnd = `coalesce(t.consolidated_at, TIMESTAMPTZ '${timeline.consolidationTo} 20:00:00-04')`;
  await run(
    tx,
    `CREATE TEMP VIEW seed_students AS
     SELECT t.*,
       CASE WHEN t.surname_shape IN (3, 4) THEN '' ELSE t.surname_a END AS first_last_name,
       CASE WHEN t.surname_shape < 3 THEN '' ELSE t.surname_b END AS second_last_name,
       ${givenNamesSql(r, 't.id', 't.gender = 1', 11, { male: maleNames, female: femaleNames })} AS name,
       make_date(${year - 1} - CASE WHEN t.code_type = 4 THEN 6 + ${r.below('t.id', 4, 12)} ELSE 5 + t.grade_seq + t.delay END, 7, 1)
         + ${r.below('t.id', 5, 365)} AS birth_date,
       -- RUDE: SIE of first enrolment, year of first enrolment, place in the school. About 8% came
       -- from the neighbouring school (a bijection, so codes stay unique) and carry its SIE.
       CASE WHEN t.place_in_school < 1000 AND ${r.below('t.id', 14, 100)} < 8
         THEN t.neighbour_id::text || (${entryYear})::text || lpad(t.place_in_school::text, 3, '0')
         ELSE t.institution_id::text || (${entryYear})::text || lpad(t.place_in_school::text, 4, '0') END AS rude,
       CASE WHEN ${hasDocument} THEN (10000000 + (t.id::int8 * 15485863) % 5000000)::text END AS document_number,
       CASE WHEN ${hasDocument} AND ${r.below('t.id', 8, 100)} = 0 THEN '1' || chr(65 + ${r.below('t.id', 9, 26)}) ELSE '' END
         AS document_complement,
       CASE WHEN t.identity_roll < 850 THEN 1 ELSE 0 END AS segip_id,
       t.identity_roll >= 850 AND t.identity_roll < 900 AS empareja_sereci,
       -- A titular can only be registered for a student whose identity is validated.
       t.identity_roll < 900 AND t.family_validated AND t.family_titular AS has_titular,
       CASE WHEN t.code_type = 4 THEN ${specialRelationship} ELSE ${regularRelationship} END AS relationship_id,
       CASE WHEN ${r.below('t.id', 32, 100)} = 0 THEN t.neighbour_id ELSE t.institution_id END AS registered_institution_id,
       ${r.below('t.id', 40, 1000)} < CASE WHEN t.consolidated THEN 850 ELSE 520 END AS paid_roll_ok,
       (ARRAY[${days.map((d) => `'${d}'`).join(',')}]::date[])[1 + ${dayIndex}] AS paid_on,
       date_trunc('second', ${registrationStart}
         + (${registrationEnd} - ${registrationStart}) * (${r.below('t.id', 33, 1_000_000)} / 1e6)) AS registered_at,
       ${r.pick('t.id', 43, banks)} AS bank,
       CASE WHEN ${r.below('t.id', 44, 100)} < 75 THEN 'VENTANILLA' ELSE 'ABONO' END AS mode
     FROM seed_student_traits t`,
  );

  // Teachers (6) and directors (7) collect for several students: one person per course / per school.
  await run(
    tx,
    `CREATE TEMP VIEW seed_titulars AS
     SELECT s.*,
       CASE s.relationship_id WHEN 6 THEN 2 WHEN 7 THEN 3 ELSE 1 END AS holder_type_id,
       CASE s.relationship_id WHEN 6 THEN ${ctx.studentCount} + s.course_id
         WHEN 7 THEN ${ctx.studentCount + ctx.courseCount} + s.institution_seq ELSE s.family END AS person_id,
       s.has_titular AND s.paid_roll_ok AS paid
     FROM seed_students s`,
  );
}

export async function dropStudentViews(tx: Executor): Promise<void> {
  await run(tx, 'DROP VIEW seed_titulars, seed_students, seed_student_traits, seed_student_base');
}

function paymentDates(timeline: Timeline): string[] {
  const dates: string[] = [];
  for (let i = 0; i < timeline.paymentDays; i++) {
    const date = addDays(timeline.paymentsFrom, i);
    if (new Date(`${date}T00:00:00Z`).getUTCDay() !== 0) dates.push(date);
  }
  return dates;
}
