/** The validation of one student: its read, its locks and its write. */
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { preparedPerConnection } from '../../../db/prepared.js';
import {
  inscriptions,
  institutions,
  paidValidationConsolidations,
  paidValidations,
  programmeSettings,
  students,
  titularAssignments,
  users,
} from '../../../db/schema/index.js';
import { joinUniverse } from './universe.js';

const programmeYear = sql`(SELECT ${programmeSettings.year} FROM ${programmeSettings} WHERE ${programmeSettings.id} = 1)`;
const fullName = sql<string>`trim(regexp_replace(${students.firstLastName} || ' ' || ${students.secondLastName} || ' ' || ${students.name}, '\\s+', ' ', 'g'))`;

/** One student of the school's validation universe, with the stored validation if any. */
function studentQuery(
  db: Executor,
  sie: number | Placeholder,
  year: number | SQL,
  inscriptionId: number | Placeholder,
) {
  return joinUniverse(
    db
      .select({
        personId: titularAssignments.personId,
        rude: students.rude,
        fullName,
        isPaid: paidValidations.isPaid,
        observation: paidValidations.observation,
        validatedAt: paidValidations.validatedAt,
        validatedBy: sql<string | null>`trim(${users.name} || ' ' || ${users.firstLastName})`,
        // Read with the student, so a save needs one statement for everything it checks.
        consolidated: sql<boolean>`EXISTS (SELECT 1 FROM ${paidValidationConsolidations} c
          WHERE c.institution_id = ${sie} AND c.year = ${year} AND c.reopened_at IS NULL)`,
      })
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .$dynamic(),
    sie,
    year,
    eq(inscriptions.id, inscriptionId),
  ).leftJoin(users, eq(users.id, paidValidations.validatedBy));
}

/** One student of the school's universe of `year` with the stored validation, or undefined. */
export async function validationRow(db: Executor, sie: number, year: number, inscriptionId: number) {
  const [row] = await studentQuery(db, sie, year, inscriptionId);
  return row;
}

// Named and prepared once per connection: its seven joins cost the server more to plan (~1.5 ms)
// than to run, and Drizzle need not build it at every save.
const saveReadStatement = preparedPerConnection((ex) =>
  studentQuery(ex, sql.placeholder('sie'), programmeYear, sql.placeholder('inscriptionId')).prepare(
    'paid_validation_save_read',
  ),
);

/** The student of the school's universe of the programme year, read for a save (named statement), or undefined. */
export async function saveReadRow(tx: Executor, sie: number, inscriptionId: number) {
  const [student] = await saveReadStatement(tx).execute({ sie, inscriptionId });
  return student;
}

/** One statement takes both locks: the school FOR SHARE, the student's inscription FOR NO KEY UPDATE. */
export async function lockSchoolAndStudent(tx: Executor, sie: number, inscriptionId: number) {
  await tx.execute(
    sql`SELECT 1 FROM ${institutions} i JOIN ${inscriptions} n ON n.id = ${inscriptionId} AND n.institution_id = i.id
        WHERE i.id = ${sie} FOR SHARE OF i FOR NO KEY UPDATE OF n`,
  );
}

/** Stores the student's validation, replacing an earlier one. */
export async function upsertValidation(
  tx: Executor,
  inscriptionId: number,
  values: Omit<typeof paidValidations.$inferInsert, 'inscriptionId'>,
) {
  await tx
    .insert(paidValidations)
    .values({ inscriptionId, ...values })
    .onConflictDoUpdate({ target: paidValidations.inscriptionId, set: values });
}
