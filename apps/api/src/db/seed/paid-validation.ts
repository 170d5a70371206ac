import type { Executor } from '../client.js';
import { rows } from '../rows.js';
import { run, tableExists } from './sql.js';
import { sqlRandom, textArray } from './sql-random.js';

/** Why a school declares that the bonus did not reach a student (NO PAGADO needs an observation). */
const observations = [
  'El estudiante se trasladó a otra unidad educativa antes de la entrega.',
  'El estudiante abandonó la unidad educativa.',
  'El maestro titular no entregó el bono al estudiante.',
  'El padre de familia no se presentó a recoger el bono.',
];

/**
 * What paid validation shows in the generated data, added once the users exist:
 * - the demo director's schools (found through the demo user's scopes) get more students whose
 *   titular is one of the school's teachers or its director: paid students whose titular was a
 *   relative are handed to one of those staff titulars (the relative stays a guardian, the old
 *   assignment is kept as history); a special centre hands over all of them, a regular school about
 *   a third;
 * - the special centre has all its staff-collected students validated but the last three (by surname),
 *   and the regular school about half (a quarter of them NO PAGADO), so the director has a few
 *   students left to validate and can consolidate;
 * - elsewhere, schools whose holder list is consolidated have validated about 60 % of the time, 6 %
 *   of the students NO PAGADO with an observation, and half of those schools consolidated the
 *   operation, so the report, the DDJJ and the enabling screens have data.
 * Set-based and deterministic (hashes of ids), the same on PGlite and PostgreSQL.
 */
export async function loadPaidValidationDemo(tx: Executor, seed: number, today: string): Promise<void> {
  if (!(await tableExists(tx, 'paid_validations'))) return;
  const r = sqlRandom(seed);
  const [demo] = await rows<{ schools: number[] | null; admin: number | null }>(
    tx,
    `SELECT (SELECT array_agg(s.institution_id ORDER BY s.institution_id) FROM user_scopes s
             JOIN users u ON u.id = s.user_id WHERE u.username = 'director' AND u.is_demo
             AND s.institution_id IS NOT NULL) AS schools,
       (SELECT min(id) FROM users WHERE username = 'admin' AND is_demo) AS admin`,
  );
  const schools = `'{${(demo?.schools ?? []).join(',')}}'::int[]`;
  await handOverToStaff(tx, r, schools);
  await validate(tx, r, schools, demo?.admin ?? 0, today);
}

type Random = ReturnType<typeof sqlRandom>;

async function handOverToStaff(tx: Executor, r: Random, schools: string): Promise<void> {
  await run(
    tx,
    `CREATE TEMP TABLE seed_paid_handover ON COMMIT DROP AS
     WITH staff AS (
       SELECT n.institution_id, t.person_id, max(t.relationship_id) AS relationship_id,
         max(t.holder_type_id) AS holder_type_id
       FROM titular_assignments t JOIN inscriptions n ON n.id = t.inscription_id
       WHERE t.removed_at IS NULL AND t.holder_type_id > 1 AND n.institution_id = ANY(${schools})
       GROUP BY n.institution_id, t.person_id),
     ranked AS (
       SELECT s.*, row_number() OVER (PARTITION BY institution_id ORDER BY person_id) - 1 AS k,
         count(*) OVER (PARTITION BY institution_id) AS c FROM staff s)
     SELECT t.id AS assignment_id, t.inscription_id, t.created_at, t.validated_at, n.institution_id,
       s.person_id, s.relationship_id, s.holder_type_id
     FROM titular_assignments t
     JOIN inscriptions n ON n.id = t.inscription_id AND n.removed_at IS NULL
     JOIN institutions i ON i.id = n.institution_id
     JOIN payments p ON p.inscription_id = n.id AND p.paid
     JOIN ranked s ON s.institution_id = n.institution_id AND s.k = ${r.hash('n.id', 91)} % s.c
     WHERE t.removed_at IS NULL AND t.holder_type_id = 1 AND n.institution_id = ANY(${schools})
       AND (i.code_type = 4 OR ${r.below('n.id', 92, 100)} < 35)`,
  );
  await run(
    tx,
    `INSERT INTO guardians (inscription_id, person_id, relationship_id, created_at)
     SELECT inscription_id, person_id, relationship_id, created_at + INTERVAL '1 hour' FROM seed_paid_handover
     ON CONFLICT (inscription_id, person_id) DO NOTHING`,
  );
  await run(
    tx,
    `UPDATE titular_assignments t SET removed_at = h.created_at + INTERVAL '1 hour'
     FROM seed_paid_handover h WHERE t.id = h.assignment_id`,
  );
  await run(
    tx,
    `INSERT INTO titular_assignments (inscription_id, person_id, relationship_id, holder_type_id,
       registered_institution_id, created_at, validated_at)
     SELECT inscription_id, person_id, relationship_id, holder_type_id, institution_id,
       created_at + INTERVAL '1 hour', validated_at
     FROM seed_paid_handover ORDER BY inscription_id`,
  );
}

async function validate(
  tx: Executor,
  r: Random,
  schools: string,
  admin: number,
  today: string,
): Promise<void> {
  // The students each school must validate: paid, with an active teacher or director titular.
  await run(
    tx,
    `CREATE TEMP TABLE seed_paid_universe ON COMMIT DROP AS
     SELECT n.id AS inscription_id, n.institution_id, t.person_id, p.paid_on, i.code_type,
       n.institution_id = ANY(${schools}) AS demo_school,
       row_number() OVER (PARTITION BY n.institution_id
         ORDER BY s.first_last_name DESC, s.second_last_name DESC, s.name DESC, n.id DESC) AS from_last
     FROM inscriptions n
     JOIN students s ON s.id = n.student_id
     JOIN institutions i ON i.id = n.institution_id
     JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL AND t.holder_type_id > 1
     JOIN payments p ON p.inscription_id = n.id AND p.paid
     WHERE n.removed_at IS NULL
       AND (n.institution_id = ANY(${schools})
         OR (i.holders_consolidated_at IS NOT NULL AND ${r.below('n.institution_id', 93, 100)} < 60))`,
  );
  const validatedOn = `least(p.paid_on + 1 + ${r.below('p.inscription_id', 94, 5)}, DATE '${today}')`;
  await run(
    tx,
    `INSERT INTO paid_validations (inscription_id, institution_id, person_id, is_paid, observation, validated_at, validated_by)
     SELECT p.inscription_id, p.institution_id, p.person_id, NOT no_show,
       CASE WHEN no_show THEN (${textArray(observations)})[1 + ${r.below('p.inscription_id', 95, observations.length)}] END,
       least(now(), (${validatedOn}::text || ' 10:00:00-04')::timestamptz
         + ${r.below('p.inscription_id', 96, 28_800)} * INTERVAL '1 second'),
       coalesce((SELECT min(sc.user_id) FROM user_scopes sc JOIN users u ON u.id = sc.user_id AND u.profile = 9
                 WHERE sc.institution_id = p.institution_id), ${admin})
     FROM (SELECT *, CASE WHEN demo_school THEN from_last % 4 = 0
             ELSE ${r.below('inscription_id', 97, 100)} < 6 END AS no_show FROM seed_paid_universe) p
     WHERE NOT p.demo_school
       OR (p.code_type = 4 AND p.from_last > 3)
       OR (p.code_type <> 4 AND ${r.below('p.inscription_id', 98, 100)} < 50)`,
  );
  // Half of the other schools that validated everything closed the operation.
  await run(
    tx,
    `INSERT INTO paid_validation_consolidations (institution_id, year, consolidated_at, consolidated_by, students,
       delivered, undelivered, amount_per_student)
     SELECT v.institution_id, (SELECT year FROM programme_settings WHERE id = 1), least(now(), max(v.validated_at) + INTERVAL '2 hours'), min(v.validated_by), count(*),
       count(*) FILTER (WHERE v.is_paid), count(*) FILTER (WHERE NOT v.is_paid),
       (SELECT amount_per_student FROM programme_settings WHERE id = 1)
     FROM paid_validations v
     WHERE NOT v.institution_id = ANY(${schools}) AND ${r.below('v.institution_id', 99, 100)} < 50
     GROUP BY v.institution_id`,
  );
}
