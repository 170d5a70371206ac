import type { Executor } from '../../db/client.js';
import { programmeSettings } from '../../db/schema/index.js';

export type ProgrammeSettings = typeof programmeSettings.$inferSelect;

/** The single settings row; migrations create it, so its absence is a broken database. */
export async function getSettings(db: Executor): Promise<ProgrammeSettings> {
  const [row] = await db.select().from(programmeSettings);
  if (!row) throw new Error('programme_settings row is missing');
  return row;
}
