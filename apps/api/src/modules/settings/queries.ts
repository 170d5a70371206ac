import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { closedYears, programmeSettings } from '../../db/schema/index.js';

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
