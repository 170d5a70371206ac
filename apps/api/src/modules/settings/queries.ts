import type { Executor } from '../../db/client.js';
import { programmeSettings } from '../../db/schema/index.js';

export type ProgrammeSettings = typeof programmeSettings.$inferSelect;

/** The settings rows (migrations create exactly one). */
export async function selectSettings(db: Executor): Promise<ProgrammeSettings[]> {
  return db.select().from(programmeSettings);
}
