import { and, inArray, like, lt } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { jobProgress } from '../../db/schema/index.js';

/**
 * Deletes export jobs finished before the cutoff and returns their results. The DELETE … RETURNING
 * decides which instance removes which files, so two instances pruning at once never race on a file.
 */
export async function deleteFinishedExports(db: Executor, cutoff: Date): Promise<{ result: unknown }[]> {
  return db
    .delete(jobProgress)
    .where(
      and(
        like(jobProgress.kind, 'export.%'),
        inArray(jobProgress.state, ['done', 'failed']),
        lt(jobProgress.finishedAt, cutoff),
      ),
    )
    .returning({ result: jobProgress.result });
}
