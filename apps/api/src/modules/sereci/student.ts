import { type SereciStudent, sereciStatus, sereciStatusLabels } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { sereciStudentRow } from './queries.js';

/** The student card of 'Validación SERECI' by RUDE (unique index), with this year's school. */
export async function loadSereciStudent(db: Executor, rude: string): Promise<SereciStudent | null> {
  const row = await sereciStudentRow(db, rude);
  if (!row) return null;
  const status = sereciStatus(row);
  const { at, ...validated } = row.validated ?? { at: null };
  const certificate = row.validated?.oficialia
    ? (validated as SereciStudent['certificate'])
    : row.onFile?.oficialia
      ? row.onFile
      : null;
  return {
    id: row.id,
    rude: row.rude,
    paterno: row.paterno,
    materno: row.materno,
    name: row.name,
    birthDate: row.birthDate,
    segipId: row.segipId,
    emparejaSereci: row.emparejaSereci,
    status,
    statusLabel: sereciStatusLabels[status],
    institution:
      row.institutionId !== null ? { id: row.institutionId, name: row.institutionName ?? '' } : null,
    certificate: certificate as SereciStudent['certificate'],
    validatedAt: at ? new Date(at).toISOString() : null,
  };
}
