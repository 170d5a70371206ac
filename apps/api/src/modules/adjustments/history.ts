import {
  type AdjustmentHistoryPage,
  type AdjustmentKind,
  type adjustmentHistoryQuery,
  holderTypeOptions,
} from '@bjp/domain';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { assertPlaceInScope } from '../../auth/scope.js';
import { adjustmentHistoryPage } from './queries.js';

type Query = z.output<typeof adjustmentHistoryQuery>;

const holderTypeName = (id: number | null) => holderTypeOptions.find((h) => h.id === id)?.name ?? '';

/**
 * 'Historial Ajustes Solicitados', 10 a page, newest first. The user's scope is a WHERE condition
 * (directors their schools, department users their department, national users all); a school asked
 * for by SIE is checked against the scope first. Every filter is a column of the one table, which
 * keeps snapshots of the student and the titular for this list.
 */
export async function adjustmentHistory(
  deps: AppDeps,
  user: AuthUser,
  query: Query,
): Promise<AdjustmentHistoryPage> {
  if (query.sie !== undefined) await assertPlaceInScope(deps.db, user, { institution: query.sie });
  const { rows, total, pageSize } = await adjustmentHistoryPage(deps.db, user, query);
  return {
    items: rows.map((r) => ({
      id: r.id,
      rude: r.rude,
      student: r.student,
      sie: r.sie,
      titularCarnet: r.titularCarnet,
      titular: r.titular,
      holderType: holderTypeName(r.holderTypeId),
      kind: r.kind as AdjustmentKind,
      requestedAt: r.requestedAt.toISOString(),
      reenabledAt: r.reenabledAt?.toISOString() ?? null,
    })),
    page: query.page,
    pageSize,
    total,
  };
}
