import type { Executor } from '../../db/client.js';
import { type ProgrammeSettings, selectSettings } from './queries.js';

export type { ProgrammeSettings } from './queries.js';

/** The single settings row; migrations create it, so its absence is a broken database. */
export async function getSettings(db: Executor): Promise<ProgrammeSettings> {
  const [row] = await selectSettings(db);
  if (!row) throw new Error('programme_settings row is missing');
  return row;
}
