import {
  paidMessages,
  paidState,
  paidStateLabel,
  type SaveValidationRequest,
  type SaveValidationResult,
  type StoredValidation,
  storedObservation,
} from '@bjp/domain';
import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { preparedPerConnection } from '../../db/prepared.js';
import {
  inscriptions,
  institutions,
  paidValidationConsolidations,
  paidValidations,
  programmeSettings,
  students,
  titularAssignments,
  users,
} from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { paidFacts } from './facts.js';
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
          WHERE c.institution_id = ${sie} AND c.reopened_at IS NULL)`,
      })
      .from(inscriptions)
      .innerJoin(students, eq(students.id, inscriptions.studentId))
      .$dynamic(),
    sie,
    year,
    eq(inscriptions.id, inscriptionId),
  ).leftJoin(users, eq(users.id, paidValidations.validatedBy));
}

/** The stored validation, loaded back when 'Validación Estudiante' is reopened. */
export async function loadValidation(
  deps: AppDeps,
  sie: number,
  inscriptionId: number,
): Promise<StoredValidation> {
  const { year } = await paidFacts(deps.db, sie);
  const [row] = await studentQuery(deps.db, sie, year, inscriptionId);
  if (!row) throw new AppError('not_found', paidMessages.studentDataMissing);
  return {
    inscriptionId,
    rude: row.rude,
    fullName: row.fullName,
    isPaid: row.isPaid,
    observation: row.observation,
    validatedAt: row.validatedAt?.toISOString() ?? null,
    validatedBy: row.validatedBy,
  };
}

// Named and prepared once per connection: its seven joins cost the server more to plan (~1.5 ms)
// than to run, and Drizzle need not build it at every save.
const saveReadStatement = preparedPerConnection((ex) =>
  studentQuery(ex, sql.placeholder('sie'), programmeYear, sql.placeholder('inscriptionId')).prepare(
    'paid_validation_save_read',
  ),
);

/**
 * 'Registrar' in 'Validación Estudiante': stores PAGADO or NO PAGADO (with its observation) for a
 * student of the school, replacing an earlier validation until the operation is consolidated. The
 * school is locked FOR SHARE (see paidFacts) and the student's inscription FOR NO KEY UPDATE, so two
 * saves of the same student queue and the audit row's `before` is exactly what the save replaced;
 * saves of different students of the school run side by side.
 */
export async function saveValidation(
  deps: AppDeps,
  user: AuthUser,
  sie: number,
  inscriptionId: number,
  input: SaveValidationRequest & { isPaid: boolean },
  ip: string,
): Promise<SaveValidationResult> {
  return deps.db.transaction(async (tx) => {
    // One statement takes both locks; the read that follows starts after any wait (see paidFacts).
    await tx.execute(
      sql`SELECT 1 FROM ${institutions} i JOIN ${inscriptions} n ON n.id = ${inscriptionId} AND n.institution_id = i.id
          WHERE i.id = ${sie} FOR SHARE OF i FOR NO KEY UPDATE OF n`,
    );
    const [student] = await saveReadStatement(tx).execute({ sie, inscriptionId });
    if (!student) throw new AppError('not_found', paidMessages.studentDataMissing);
    if (student.consolidated) throw new AppError('conflict', paidMessages.alreadyConsolidated);
    const now = deps.clock.now();
    const values = {
      institutionId: sie,
      personId: student.personId,
      isPaid: input.isPaid,
      observation: storedObservation(input.isPaid, input.observation),
      validatedAt: now,
      validatedBy: user.id,
    };
    await tx
      .insert(paidValidations)
      .values({ inscriptionId, ...values })
      .onConflictDoUpdate({ target: paidValidations.inscriptionId, set: values });
    await writeAudit(tx, {
      userId: user.id,
      action: 'paid.validate',
      entity: 'inscription',
      entityId: inscriptionId,
      before: student.isPaid === null ? null : { isPaid: student.isPaid, observation: student.observation },
      after: { sie, personId: student.personId, isPaid: values.isPaid, observation: values.observation },
      ip,
    });
    return {
      inscriptionId,
      rude: student.rude,
      fullName: student.fullName,
      isPaid: values.isPaid,
      observation: values.observation,
      validatedAt: now.toISOString(),
      validatedBy: `${user.name} ${user.firstLastName}`.trim(),
      state: paidState(values.isPaid),
      stateLabel: paidStateLabel(values.isPaid),
      message: paidMessages.saved,
    };
  });
}
