import { DEFAULT_PAGE_SIZE } from '@bjp/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { periods, programmeSettings } from '../../../db/schema/index.js';

const rowColumns = {
  id: periods.id,
  name: periods.name,
  phase: periods.phase,
  subsystems: periods.subsystems,
  startsOn: periods.startsOn,
  endsOn: periods.endsOn,
  departmental: periods.departmental,
  district: periods.district,
  institutional: periods.institutional,
  active: periods.active,
  state: periods.state,
  // Row 1 by default: the holder registration period the holder screens check.
  // Qualified by hand: in a one-table select Drizzle writes the column unqualified, and `id` would bind to s.
  isRegistration: sql<boolean>`exists (select 1 from ${programmeSettings} s where s.registration_period_id = "periods"."id")`,
};

/** A page of periods in creation order, and how many there are. */
export async function periodPage(db: Executor, page: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(periods)
      .orderBy(asc(periods.id))
      .limit(DEFAULT_PAGE_SIZE)
      .offset((page - 1) * DEFAULT_PAGE_SIZE),
    db.select({ n: count() }).from(periods),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Creates a period and returns its id. */
export async function insertPeriod(tx: Executor, values: typeof periods.$inferInsert): Promise<number> {
  const [row] = await tx.insert(periods).values(values).returning({ id: periods.id });
  return row!.id;
}

/** A period as the list shows it; or undefined. */
export async function periodRow(db: Executor, id: number) {
  const [row] = await db.select(rowColumns).from(periods).where(eq(periods.id, id));
  return row;
}

/** The period's active flag, its row locked for update; or undefined. */
export async function lockPeriodActive(tx: Executor, id: number) {
  const [before] = await tx
    .select({ active: periods.active })
    .from(periods)
    .where(eq(periods.id, id))
    .for('update');
  return before;
}

export async function updatePeriodActive(tx: Executor, id: number, active: boolean) {
  await tx.update(periods).set({ active }).where(eq(periods.id, id));
}
