import type { AdjustmentInstitutionState, AdjustmentStudent } from '@bjp/domain';
import { adjustmentMessages } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import { firstRow } from '../../db/rows.js';
import { AppError } from '../../lib/errors.js';
import { isBlockedSql } from '../blocking/candidate.js';
import { adjustmentBlocker, readForAdjustment } from './gate.js';

/** 'Gestión', consolidation and the count of adjustments of one school (the panel's header). */
export async function adjustmentInstitution(deps: AppDeps, sie: number): Promise<AdjustmentInstitutionState> {
  const row = await firstRow<{
    id: number;
    year: number;
    consolidated_at: string | Date | null;
    adjustments: number;
  }>(
    deps.db,
    sql`
    SELECT i.id, ps.year, i.holders_consolidated_at AS consolidated_at,
      (SELECT count(*)::int FROM titular_adjustments a WHERE a.institution_id = i.id AND a.year = ps.year) AS adjustments
    FROM institutions i JOIN programme_settings ps ON ps.id = 1
    WHERE i.id = ${sie}`,
  );
  if (!row) throw new AppError('not_found', 'Institución no encontrada.');
  return {
    sie,
    year: Number(row.year),
    consolidatedAt: row.consolidated_at ? new Date(row.consolidated_at).toISOString() : null,
    adjustments: Number(row.adjustments),
  };
}

/**
 * The RUDE/RUDEE finder: the student of this school with the given RUDE, the current titular and
 * whether the student admits an adjustment ('Titular Cobro' opens the modal only then).
 */
export async function findAdjustmentStudent(
  deps: AppDeps,
  sie: number,
  rude: string,
): Promise<AdjustmentStudent> {
  const row = await firstRow<{
    id: number;
    carnet: string | null;
    titular: string | null;
    relationship: string | null;
    blocked: boolean;
  }>(
    deps.db,
    sql`
    SELECT n.id,
      p.carnet || CASE WHEN p.complemento <> '' THEN '-' || p.complemento ELSE '' END AS carnet,
      trim(regexp_replace(p.first_last_name || ' ' || p.second_last_name || ' ' || p.name, '\\s+', ' ', 'g')) AS titular,
      r.name AS relationship, ${isBlockedSql(sql`n.id`)} AS blocked
    FROM students s
    JOIN programme_settings ps ON ps.id = 1
    JOIN inscriptions n ON n.student_id = s.id AND n.year = ps.year AND n.institution_id = ${sie}
    LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    LEFT JOIN persons p ON p.id = t.person_id
    LEFT JOIN relationships r ON r.id = t.relationship_id
    WHERE s.rude = ${rude}`,
  );
  if (!row) throw new AppError('not_found', adjustmentMessages.studentNotFound);
  const lock = await readForAdjustment(deps.db, sie, Number(row.id));
  return {
    inscriptionId: Number(row.id),
    rude: lock.inscription.rude,
    fullName: lock.inscription.fullName,
    course: lock.inscription.course,
    removed: lock.inscription.removed,
    identityValidated: lock.inscription.identityValidated,
    blocked: row.blocked,
    titular: row.carnet
      ? { carnet: row.carnet, fullName: row.titular ?? '', relationshipName: row.relationship ?? '' }
      : null,
    adjustment: lock.adjustment,
    blocker: adjustmentBlocker(lock),
  };
}
