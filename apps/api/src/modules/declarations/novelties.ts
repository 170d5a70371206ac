import {
  NOVELTY_PAGE_SIZE,
  type NoveltyPage,
  type NoveltyQuery,
  type NoveltyRow,
  noveltyLabels,
} from '@bjp/domain';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { noveltyRows, type NoveltyRaw as Raw } from './queries/novelties.js';

const iso = (v: Date | string) => new Date(v).toISOString();

function toRow(r: Raw): NoveltyRow {
  const syncRunId = r.sync_run_id === null ? null : Number(r.sync_run_id);
  const by =
    r.kind === 'payment'
      ? `Sincronización de pagos Síntesis${syncRunId === null ? '' : ` N.º ${syncRunId}`}${r.user_name ? ` (${r.user_name})` : ''}`
      : (r.user_name ?? 'Sistema');
  return {
    key: r.key,
    at: iso(r.at),
    kind: r.kind,
    label: noveltyLabels[r.kind],
    detail: r.detail || null,
    rude: r.rude,
    student: r.student,
    sie: Number(r.sie),
    institutionName: r.institution_name,
    by,
    syncRunId,
    declarationKind: Number(r.declaration_kind) === 2 ? 'holders' : 'paid_validation',
    declarationVersion: Number(r.declaration_version),
    consolidatedAt: iso(r.consolidated_at),
  };
}

/** The page of novelties in the caller's scope, newest first. */
export async function listNovelties(db: Executor, user: AuthUser, q: NoveltyQuery): Promise<NoveltyPage> {
  const pageSize = NOVELTY_PAGE_SIZE;
  const result = await noveltyRows(db, user, q, { limit: pageSize, offset: (q.page - 1) * pageSize });
  let total = result[0] ? Number(result[0].total) : 0;
  if (result.length === 0 && q.page > 1) {
    // Past the last page: the count still says how many there are.
    const all = await noveltyRows(db, user, q, { limit: 1, offset: 0 });
    total = all[0] ? Number(all[0].total) : 0;
  }
  return { items: result.map(toRow), page: q.page, pageSize, total };
}

/** The Kardex's 'Posterior a la consolidación': every novelty of one student, newest first. */
export async function studentNovelties(
  db: Executor,
  user: AuthUser,
  studentId: number,
): Promise<NoveltyRow[]> {
  const result = await noveltyRows(db, user, { studentId }, { limit: 200, offset: 0 });
  return result.map(toRow);
}
