import { sql } from 'drizzle-orm';
import type { ChangeGatherer } from '../sync/index.js';

/**
 * Step 1 of the synchronisation ('Consolidar modificaciones') sees a change of titular as the
 * titular_assignments rows it closes and opens, and a removal as inscriptions.removed_at. A change
 * of the titular's data or relationship touches neither, so this gatherer sends those adjustments
 * to Síntesis with the titular after the change.
 */
export const adjustmentChanges: ChangeGatherer = {
  kind: 'AJUSTE TITULAR',
  insert: (ctx) => sql`INSERT INTO sync_batch_items
      (batch_id, inscription_id, student_id, kind, source_id, occurred_at, description, titular_carnet, beneficiary_name)
    SELECT ${ctx.batchId}::int, a.inscription_id, n.student_id, 'AJUSTE TITULAR', a.id, a.created_at,
      CASE a.kind WHEN 'ACTUALIZACION DATOS' THEN 'Actualización de datos del titular' ELSE 'Cambio de parentesco' END
        || ': ' || a.titular_name || ' (CI ' || a.titular_carnet || ')',
      a.titular_carnet, a.student_name
    FROM titular_adjustments a JOIN inscriptions n ON n.id = a.inscription_id
    WHERE a.kind IN ('ACTUALIZACION DATOS', 'CAMBIO PARENTESCO')
      AND a.created_at > ${ctx.from.toISOString()}::timestamptz AND a.created_at <= ${ctx.to.toISOString()}::timestamptz
    ON CONFLICT (batch_id, kind, source_id) DO NOTHING`,
};
