/** The enabling area's SQL: the school's lock, the reopenings, the enabling row and the list. */
import { DEFAULT_PAGE_SIZE } from '@bjp/domain';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  institutionEnablings,
  institutions,
  paidValidationConsolidations,
  programmeSettings,
  users,
} from '../../db/schema/index.js';

/** The open programme year: enabling reopens only its consolidations, never a closed year's. */
const openYear = sql<number>`(SELECT ${programmeSettings.year} FROM ${programmeSettings} WHERE ${programmeSettings.id} = 1)`;

/** Locks the school (FOR NO KEY UPDATE) so an enabling and a consolidation of it never interleave; undefined when unknown. */
export async function lockSchool(tx: Executor, sie: number) {
  const [school] = await tx
    .select({ name: institutions.name, holdersConsolidatedAt: institutions.holdersConsolidatedAt })
    .from(institutions)
    .where(eq(institutions.id, sie))
    .for('no key update');
  return school;
}

/** The enabling row; its id. */
export async function insertEnabling(tx: Executor, values: typeof institutionEnablings.$inferInsert) {
  const [row] = await tx
    .insert(institutionEnablings)
    .values(values)
    .returning({ id: institutionEnablings.id });
  return row!;
}

/** Reopens the school's paid-validation consolidation in force; its id and time, or undefined when there is none. */
export async function reopenPaidConsolidation(tx: Executor, sie: number, at: Date, userId: number) {
  const [reopened] = await tx
    .update(paidValidationConsolidations)
    .set({ reopenedAt: at, reopenedBy: userId })
    .where(
      and(
        eq(paidValidationConsolidations.institutionId, sie),
        eq(paidValidationConsolidations.year, openYear),
        isNull(paidValidationConsolidations.reopenedAt),
      ),
    )
    .returning({ id: paidValidationConsolidations.id, at: paidValidationConsolidations.consolidatedAt });
  return reopened;
}

/** Clears the school's holder-list consolidation; undefined when it was not consolidated. */
export async function reopenHolderList(tx: Executor, sie: number) {
  const [reopened] = await tx
    .update(institutions)
    .set({ holdersConsolidatedAt: null, holdersConsolidatedBy: null })
    .where(and(eq(institutions.id, sie), isNotNull(institutions.holdersConsolidatedAt)))
    .returning({ id: institutions.id });
  return reopened;
}

/** The school's name and both consolidations in force, or undefined when the SIE is unknown. */
export async function schoolConsolidations(db: Executor, sie: number) {
  const [school] = await db
    .select({
      name: institutions.name,
      holdersConsolidatedAt: institutions.holdersConsolidatedAt,
      paidConsolidatedAt: paidValidationConsolidations.consolidatedAt,
    })
    .from(institutions)
    .leftJoin(
      paidValidationConsolidations,
      and(
        eq(paidValidationConsolidations.institutionId, institutions.id),
        eq(paidValidationConsolidations.year, openYear),
        isNull(paidValidationConsolidations.reopenedAt),
      ),
    )
    .where(eq(institutions.id, sie));
  return school;
}

/** A page of the enablings (of one kind code when given), newest first, with the total. */
export async function enablingsPage(db: Executor, kind: number | undefined, page: number) {
  const where = kind ? eq(institutionEnablings.kind, kind) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: institutionEnablings.id,
        kind: institutionEnablings.kind,
        sie: institutionEnablings.institutionId,
        institutionName: institutions.name,
        reason: institutionEnablings.reason,
        previousConsolidatedAt: institutionEnablings.previousConsolidatedAt,
        enabledAt: institutionEnablings.enabledAt,
        enabledBy: sql<string>`trim(${users.name} || ' ' || ${users.firstLastName})`,
      })
      .from(institutionEnablings)
      .innerJoin(institutions, eq(institutions.id, institutionEnablings.institutionId))
      .leftJoin(users, eq(users.id, institutionEnablings.enabledBy))
      .where(where)
      .orderBy(desc(institutionEnablings.enabledAt), desc(institutionEnablings.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(institutionEnablings).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
