import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.js';
import { adjustmentChanges } from '../../adjustments/index.js';
import type { ChangeGatherer, GatherContext } from './change-gatherer.js';

/** The period a change batch covers: changes after `from`, up to and including `to` (the cut-off). */

/**
 * One source of changes for step 1 ('Consolidar modificaciones'). `insert` returns an INSERT … SELECT
 * into sync_batch_items for the period; rows that another gatherer already produced (same kind and
 * source) are skipped by the unique key. Another area adds its changes by writing a gatherer and
 * listing it in `changeGatherers` below (see decision 008, the synchronisation steps).
 */
export type { ChangeGatherer, GatherContext };

const studentName = sql.raw(
  `trim(regexp_replace(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name, '\\s+', ' ', 'g'))`,
);
const personName = sql.raw(
  `trim(regexp_replace(p.first_last_name || ' ' || p.second_last_name || ' ' || p.name, '\\s+', ' ', 'g'))`,
);

const into = sql.raw(`INSERT INTO sync_batch_items
  (batch_id, inscription_id, student_id, kind, source_id, occurred_at, description, titular_carnet, beneficiary_name)`);
const skipRepeated = sql.raw('ON CONFLICT (batch_id, kind, source_id) DO NOTHING');
const inPeriod = (column: string, ctx: GatherContext) =>
  sql`${sql.raw(column)} > ${ctx.from.toISOString()}::timestamptz AND ${sql.raw(column)} <= ${ctx.to.toISOString()}::timestamptz`;
// Only lists of consolidated institutions reach Síntesis; before consolidation a school still edits freely.
const consolidatedBy = (ctx: GatherContext) =>
  sql`i.holders_consolidated_at IS NOT NULL AND i.holders_consolidated_at <= ${ctx.to.toISOString()}::timestamptz`;

const titularChange = (kind: string, column: 'created_at' | 'removed_at', label: string): ChangeGatherer => ({
  kind,
  insert: (ctx) => sql`${into}
    SELECT ${ctx.batchId}::int, n.id, n.student_id, ${kind}::text, t.id, t.${sql.raw(column)},
      ${label}::text || ': ' || ${personName} || ' (CI ' || p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END || ')',
      p.carnet, ${studentName}
    FROM titular_assignments t
    JOIN inscriptions n ON n.id = t.inscription_id
    JOIN institutions i ON i.id = n.institution_id
    JOIN students s ON s.id = n.student_id
    JOIN persons p ON p.id = t.person_id
    WHERE ${inPeriod(`t.${column}`, ctx)} AND ${consolidatedBy(ctx)}
    ${skipRepeated}`,
});

/** A school consolidated in the period sends its whole list of titulars of the open year (never a closed year's). */
const consolidatedLists: ChangeGatherer = {
  kind: 'ALTA TITULAR',
  insert: (ctx) => sql`${into}
    SELECT ${ctx.batchId}::int, n.id, n.student_id, 'ALTA TITULAR', t.id, i.holders_consolidated_at,
      'Alta de titular (lista consolidada): ' || ${personName} || ' (CI ' || p.carnet || ')', p.carnet, ${studentName}
    FROM institutions i
    JOIN inscriptions n ON n.institution_id = i.id AND n.removed_at IS NULL
      AND n.year = (SELECT year FROM programme_settings WHERE id = 1)
    JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    JOIN students s ON s.id = n.student_id
    JOIN persons p ON p.id = t.person_id
    WHERE ${inPeriod('i.holders_consolidated_at', ctx)}
    ${skipRepeated}`,
};

const removals: ChangeGatherer = {
  kind: 'BAJA BENEFICIARIO',
  insert: (ctx) => sql`${into}
    SELECT ${ctx.batchId}::int, n.id, n.student_id, 'BAJA BENEFICIARIO', n.id, n.removed_at,
      'Baja de beneficiario', NULL, ${studentName}
    FROM inscriptions n JOIN students s ON s.id = n.student_id
    WHERE ${inPeriod('n.removed_at', ctx)}
    ${skipRepeated}`,
};

const blockChange = (kind: string, column: string, observation: string, label: string): ChangeGatherer => ({
  kind,
  insert: (ctx) => sql`${into}
    SELECT ${ctx.batchId}::int, b.inscription_id, b.student_id, ${kind}::text, b.id, b.${sql.raw(column)},
      ${label}::text || ': ' || b.${sql.raw(observation)}, NULL, ${studentName}
    FROM student_blocks b JOIN students s ON s.id = b.student_id
    WHERE ${inPeriod(`b.${column}`, ctx)}
    ${skipRepeated}`,
});

/** Every source of changes, in the order they are gathered. */
export const changeGatherers: readonly ChangeGatherer[] = [
  titularChange('ALTA TITULAR', 'created_at', 'Alta de titular'),
  consolidatedLists,
  titularChange('BAJA TITULAR', 'removed_at', 'Baja de titular'),
  removals,
  blockChange('BLOQUEO', 'blocked_at', 'observation', 'Bloqueo'),
  blockChange('DESBLOQUEO', 'unblocked_at', 'unblock_observation', 'Desbloqueo'),
  // Issue 4: changes of a titular's data or relationship after consolidation (modules/adjustments).
  adjustmentChanges,
];

/** Runs one gatherer's INSERT … SELECT for the batch's period. */
export async function runGatherer(tx: Executor, gatherer: ChangeGatherer, ctx: GatherContext): Promise<void> {
  await tx.execute(gatherer.insert(ctx));
}
