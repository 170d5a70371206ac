import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { firstRow, rows } from '../../db/rows.js';
import { closedYears, periods, programmeSettings } from '../../db/schema/index.js';

export type ProgrammeSettings = typeof programmeSettings.$inferSelect;
export type ClosedYear = typeof closedYears.$inferSelect;

/** The settings rows (migrations create exactly one). */
export async function selectSettings(db: Executor): Promise<ProgrammeSettings[]> {
  return db.select().from(programmeSettings);
}

/** Every programme year, newest first: the open one (programme_settings) and the closed ones. */
export async function selectYears(db: Executor): Promise<Array<{ year: number; closed: boolean }>> {
  return rows<{ year: number; closed: boolean }>(
    db,
    sql`SELECT year, false AS closed FROM programme_settings WHERE id = 1
        UNION ALL
        SELECT year, true AS closed FROM closed_years
        ORDER BY year DESC`,
  );
}

/** A closed year's frozen settings, or none when the year was never closed. */
export async function selectClosedYear(db: Executor, year: number): Promise<ClosedYear | undefined> {
  const [row] = await db.select().from(closedYears).where(sql`${closedYears.year} = ${year}`);
  return row;
}

/** The open year's settings row FOR UPDATE, with its registration period's shape: opening a year starts here. */
export async function lockOpenYear(tx: Executor) {
  return firstRow<{
    year: number;
    amount_per_student: number;
    director_deadline: string;
    calendar_start: string;
    registration_period_id: number;
    subsystems: string[] | null;
    departmental: boolean | null;
    district: boolean | null;
    institutional: boolean | null;
  }>(
    tx,
    sql`SELECT ps.year, ps.amount_per_student, ps.director_deadline::text AS director_deadline,
          ps.calendar_start::text AS calendar_start, ps.registration_period_id,
          p.subsystems, p.departmental, p.district, p.institutional
        FROM programme_settings ps
        LEFT JOIN periods p ON p.id = ps.registration_period_id
        WHERE ps.id = 1
        FOR UPDATE OF ps`,
  );
}

/** Freezes the open year's settings as a closed year; false when that year was already closed. */
export async function insertClosedYear(
  tx: Executor,
  values: {
    year: number;
    amountPerStudent: number;
    directorDeadline: string;
    calendarStart: string;
    registrationPeriodId: number;
    closedAt: Date;
    closedBy: number;
  },
): Promise<boolean> {
  const inserted = await tx
    .insert(closedYears)
    .values(values)
    .onConflictDoNothing({ target: closedYears.year })
    .returning({ year: closedYears.year });
  return inserted.length === 1;
}

/** The new year's holder registration window, a period of its own (the closed year keeps its own). */
export async function insertRegistrationPeriod(
  tx: Executor,
  values: typeof periods.$inferInsert,
): Promise<number> {
  const [row] = await tx.insert(periods).values(values).returning({ id: periods.id });
  return row!.id;
}

/** Makes the settings row the new open year's. */
export async function updateOpenYear(
  tx: Executor,
  values: Omit<typeof programmeSettings.$inferInsert, 'id'>,
): Promise<void> {
  await tx.update(programmeSettings).set(values).where(sql`${programmeSettings.id} = 1`);
}

/**
 * Every school starts the new year with its holder list not consolidated: the closed year's
 * consolidation stays in its frozen declaration (declarations.year). Answers how many schools had one.
 */
export async function clearHoldersConsolidation(tx: Executor): Promise<number> {
  const cleared = await rows<{ id: number }>(
    tx,
    sql`UPDATE institutions SET holders_consolidated_at = NULL, holders_consolidated_by = NULL
        WHERE holders_consolidated_at IS NOT NULL
        RETURNING id`,
  );
  return cleared.length;
}

export type YearListRow = {
  year: number;
  closed: boolean;
  amount_per_student: number;
  director_deadline: string;
  calendar_start: string;
  registration_starts_on: string | null;
  registration_ends_on: string | null;
  closed_at: string | null;
  closed_by: string | null;
};

/** 'Gestiones': every year with its settings, registration window and who closed it, newest first. */
export async function selectYearList(db: Executor): Promise<YearListRow[]> {
  return rows<YearListRow>(
    db,
    sql`SELECT y.year, y.closed, y.amount_per_student, y.director_deadline::text AS director_deadline,
          y.calendar_start::text AS calendar_start, p.starts_on::text AS registration_starts_on,
          p.ends_on::text AS registration_ends_on, y.closed_at,
          CASE WHEN u.id IS NULL THEN NULL
               ELSE trim(u.name || ' ' || u.first_last_name) || ' (' || u.username || ')' END AS closed_by
        FROM (
          SELECT year, false AS closed, amount_per_student, director_deadline, calendar_start,
            registration_period_id, NULL::timestamptz AS closed_at, NULL::int AS closed_by
          FROM programme_settings WHERE id = 1
          UNION ALL
          SELECT year, true, amount_per_student, director_deadline, calendar_start,
            registration_period_id, closed_at, closed_by
          FROM closed_years
        ) y
        LEFT JOIN periods p ON p.id = y.registration_period_id
        LEFT JOIN users u ON u.id = y.closed_by
        ORDER BY y.year DESC`,
  );
}

/**
 * The open year, its settings row held FOR KEY SHARE until the transaction ends: opening the next
 * year (which takes the row FOR UPDATE) waits for the transaction, and the transaction, if it comes
 * second, waits for the opening and then reads the new year. Writers run side by side.
 */
export async function holdOpenYearRow(tx: Executor): Promise<number> {
  const row = await firstRow<{ year: number }>(
    tx,
    sql`SELECT year FROM programme_settings WHERE id = 1 FOR KEY SHARE`,
  );
  if (!row) throw new Error('programme_settings row is missing');
  return Number(row.year);
}
