import { type RemovalSource, removalMessages } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { refreshStatistics } from '../../db/summaries.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

export type RemovalPlace = { institutionId: number } | { departmentId: number };

/**
 * Removes one beneficiary (baja) inside the caller's transaction. Irreversible and safe under
 * concurrency: the conditional UPDATE … WHERE removed_at IS NULL lets one request through; a second
 * waits for the row lock, finds the student removed and gets 409. The removal row keeps who, when,
 * from where and the titular the student had; the district's statistics are rebuilt in the same
 * transaction, so dashboards and reports stop counting the student at commit. The payment sync
 * reads only inscriptions with removed_at null, and its step 1 sends the removal to Síntesis.
 */
export async function removeBeneficiary(
  tx: Executor,
  input: {
    inscriptionId: number;
    /** The caller's place in the path: the inscription must be of it, checked by the UPDATE itself. */
    place: RemovalPlace;
    source: RemovalSource;
    /** Why (required from 'Baja Beneficiarios'; an adjustment's removal has none). */
    reason?: string | null;
    user: AuthUser;
    now: Date;
    ip: string | null;
  },
): Promise<number> {
  const inPlace =
    'institutionId' in input.place
      ? sql`institution_id = ${input.place.institutionId}`
      : sql`institution_id IN (SELECT id FROM institutions WHERE department_id = ${input.place.departmentId})`;
  const updated = await rows<{ id: number }>(
    tx,
    sql`
    UPDATE inscriptions SET removed_at = ${input.now.toISOString()}::timestamptz
    WHERE id = ${input.inscriptionId} AND removed_at IS NULL AND ${inPlace}
    RETURNING id`,
  );
  if (updated.length === 0) {
    // Nothing changed; say why: another place's student is 404, an earlier removal 409.
    const mine = await rows<unknown>(
      tx,
      sql`SELECT 1 FROM inscriptions WHERE id = ${input.inscriptionId} AND ${inPlace}`,
    );
    if (mine.length === 0) throw new AppError('not_found', removalMessages.studentNotFound);
    throw new AppError('conflict', removalMessages.alreadyRemoved);
  }
  const inserted = await rows<{ id: number; district_id: number; rude: string }>(
    tx,
    sql`
    INSERT INTO beneficiary_removals
      (inscription_id, year, institution_id, district_id, department_id, source, rude, student_name,
       titular_carnet, titular_name, reason, created_at, created_by)
    SELECT n.id, n.year, i.id, i.district_id, i.department_id, ${input.source}, s.rude,
      trim(regexp_replace(s.first_last_name || ' ' || s.second_last_name || ' ' || s.name, '\\s+', ' ', 'g')),
      p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END,
      trim(regexp_replace(p.first_last_name || ' ' || p.second_last_name || ' ' || p.name, '\\s+', ' ', 'g')),
      ${input.reason ?? null}, ${input.now.toISOString()}::timestamptz, ${input.user.id}
    FROM inscriptions n
    JOIN institutions i ON i.id = n.institution_id
    JOIN students s ON s.id = n.student_id
    LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    LEFT JOIN persons p ON p.id = t.person_id
    WHERE n.id = ${input.inscriptionId}
    RETURNING id, district_id, rude`,
  );
  const removal = inserted[0]!;
  await refreshStatistics(tx, { districtIds: [Number(removal.district_id)] });
  await writeAudit(tx, {
    userId: input.user.id,
    action: 'removals.remove',
    entity: 'inscription',
    entityId: input.inscriptionId,
    before: { removedAt: null },
    after: {
      removedAt: input.now.toISOString(),
      removalId: Number(removal.id),
      source: input.source,
      reason: input.reason ?? null,
    },
    ip: input.ip,
  });
  return Number(removal.id);
}
