import {
  type AdjustmentHistoryPage,
  type AdjustmentKind,
  type adjustmentHistoryQuery,
  boliviaDaySpan,
  DEFAULT_PAGE_SIZE,
  holderTypeOptions,
} from '@bjp/domain';
import { and, desc, eq, gte, like, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { assertPlaceInScope, scopeCondition } from '../../auth/scope.js';
import { titularAdjustments as a } from '../../db/schema/index.js';

type Query = z.output<typeof adjustmentHistoryQuery>;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);
const looksLikeCode = (value: string) => /\d/.test(value) && !/\s/.test(value);
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
  const conditions: Array<SQL | undefined> = [
    scopeCondition(user, {
      department: a.departmentId,
      district: a.districtId,
      institution: a.institutionId,
    }),
    query.sie !== undefined ? eq(a.institutionId, query.sie) : undefined,
    query.kind ? eq(a.kind, query.kind satisfies AdjustmentKind) : undefined,
    query.holderType ? eq(a.holderTypeId, query.holderType) : undefined,
    query.carnet ? like(a.titularCarnet, `${escapeLike(query.carnet)}%`) : undefined,
  ];
  if (query.search) {
    const text = escapeLike(query.search.toUpperCase());
    // A RUDE has digits and no spaces: a prefix of the indexed code; anything else is part of a name
    // (names are kept upper-cased, so a plain LIKE does: cheaper than ILIKE on every row).
    conditions.push(
      looksLikeCode(text)
        ? like(a.rude, `${text}%`)
        : or(like(a.rude, `${text}%`), like(a.studentName, `%${text}%`)),
    );
  }
  if (query.date) {
    const [from, to] = boliviaDaySpan(query.date);
    conditions.push(gte(a.createdAt, from), lt(a.createdAt, to));
  }
  const where = and(...conditions);
  const pageSize = DEFAULT_PAGE_SIZE;
  // The page is a top-N over the (scope, created_at) indexes; the count is a separate index scan, so
  // neither sorts nor carries the whole filtered set (a window count did, and cost 4× more).
  const page = deps.db
    .select({
      id: a.id,
      rude: a.rude,
      student: a.studentName,
      sie: a.institutionId,
      titularCarnet: a.titularCarnet,
      titular: a.titularName,
      holderTypeId: a.holderTypeId,
      kind: a.kind,
      requestedAt: a.createdAt,
      reenabledAt: a.reenabledAt,
    })
    .from(a)
    .where(where)
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize);
  const counted = deps.db.select({ n: sql<number>`count(*)::int` }).from(a).where(where);
  const [rows, [count]] = await Promise.all([page, counted]);
  const total = Number(count?.n ?? 0);
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
