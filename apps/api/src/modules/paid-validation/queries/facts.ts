/** The school facts every paid-validation step reads. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import {
  institutions,
  paidValidationConsolidations,
  programmeSettings,
  users,
} from '../../../db/schema/index.js';

/** The open programme year, as a subquery. */
const openYear = sql<number>`(SELECT ${programmeSettings.year} FROM ${programmeSettings} WHERE ${programmeSettings.id} = 1)`;

/** Locks the institution row until the transaction ends (see paidFacts). */
export async function lockInstitution(db: Executor, sie: number, lock: 'share' | 'no key update') {
  // The open year's settings row first (KEY SHARE): a year opened meanwhile waits for the change, or
  // the change waits and reads the new year (issue 18); first, so that the opening cannot deadlock.
  await db.execute(
    sql`SELECT 1 FROM programme_settings ps JOIN institutions i ON i.id = ${sie} WHERE ps.id = 1
        FOR KEY SHARE OF ps ${lock === 'share' ? sql`FOR SHARE OF i` : sql`FOR NO KEY UPDATE OF i`}`,
  );
}

/** The school's type, the programme's year (or `year`) and amount, and that year's consolidation in force, or undefined. */
export async function factsRow(db: Executor, sie: number, year?: number) {
  const ofYear = year ?? programmeSettings.year;
  const [row] = await db
    .select({
      sie: institutions.id,
      codeType: institutions.codeType,
      year: year === undefined ? programmeSettings.year : sql<number>`${year}::int`,
      amountPerStudent: programmeSettings.amountPerStudent,
      consolidationId: paidValidationConsolidations.id,
      consolidatedAt: paidValidationConsolidations.consolidatedAt,
      consolidatedAmount: paidValidationConsolidations.amountPerStudent,
      declaredStudents: paidValidationConsolidations.students,
      declaredDelivered: paidValidationConsolidations.delivered,
      declaredUndelivered: paidValidationConsolidations.undelivered,
      consolidatedBy: sql<string | null>`trim(${users.name} || ' ' || ${users.firstLastName})`,
    })
    .from(institutions)
    .innerJoin(programmeSettings, eq(programmeSettings.id, 1))
    .leftJoin(
      paidValidationConsolidations,
      and(
        eq(paidValidationConsolidations.institutionId, institutions.id),
        eq(paidValidationConsolidations.year, ofYear),
        isNull(paidValidationConsolidations.reopenedAt),
      ),
    )
    .leftJoin(users, eq(users.id, paidValidationConsolidations.consolidatedBy))
    .where(eq(institutions.id, sie));
  return row;
}

/** Who made the school's consolidation of the open year (or of `year`) in force (undefined when none). */
export async function consolidatedByOfOpen(tx: Executor, sie: number, year?: number) {
  const [open] = await tx
    .select({ by: paidValidationConsolidations.consolidatedBy })
    .from(paidValidationConsolidations)
    .where(
      and(
        eq(paidValidationConsolidations.institutionId, sie),
        eq(paidValidationConsolidations.year, year ?? openYear),
        isNull(paidValidationConsolidations.reopenedAt),
      ),
    );
  return open?.by;
}
