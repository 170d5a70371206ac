/** The paid validation's consolidation row. */
import type { Executor } from '../../../db/client.js';
import { paidValidationConsolidations } from '../../../db/schema/index.js';

/** The school's consolidation with its declared totals; its id. */
export async function insertConsolidation(
  tx: Executor,
  values: typeof paidValidationConsolidations.$inferInsert,
) {
  const [row] = await tx
    .insert(paidValidationConsolidations)
    .values(values)
    .returning({ id: paidValidationConsolidations.id });
  return row;
}
