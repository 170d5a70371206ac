import type { Executor } from '../client.js';
import { run, tableExists } from './sql.js';

/**
 * The holders area keeps each student's guardians (the adults who may collect) and requires the
 * titular to be one of them (composite foreign key). Every generated titular is its student's one
 * guardian, registered at the same moment. Skipped on a schema that predates the guardians table.
 */
export async function loadGuardians(tx: Executor): Promise<void> {
  if (!(await tableExists(tx, 'guardians'))) return;
  await run(
    tx,
    `INSERT INTO guardians (inscription_id, person_id, relationship_id, created_at)
     SELECT inscription_id, person_id, relationship_id, created_at FROM titular_assignments ORDER BY inscription_id`,
  );
}
