import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../auth/access.js';
import type { Executor } from '../../db/client.js';
import { type ClosedYearFigures, closedYearCounts, type PaymentRange } from './queries.js';

export type { ClosedYearFigures } from './queries.js';

/**
 * A closed year's figures do not change (decision 040): each instance keeps them per year and scope
 * for an hour, as 'Resumen General' does, so the three charts and every date range cost one count.
 */
const cache = new LRUCache<string, Promise<ClosedYearFigures>>({ max: 200, ttl: 60 * 60 * 1000 });

/** A closed year's figures in the user's scope: from this instance's memory, or counted once. */
export function closedYearFigures(db: Executor, user: AuthUser, year: number): Promise<ClosedYearFigures> {
  const { kind, departmentId } = user.scope;
  // Only the department matters to the dashboard's scope (any narrower one sees nothing).
  const key = `${year}:${kind}:${kind === 'department' ? departmentId : ''}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const figures = closedYearCounts(db, user.scope, year);
  cache.set(key, figures);
  // A failed count is not kept: the next request counts again.
  figures.catch(() => cache.delete(key));
  return figures;
}

/** The payment days (with their paid ones) of the figures within the range. */
export const daysInRange = (figures: ClosedYearFigures, range: PaymentRange) =>
  figures.days.filter((d) => (!range.from || d.paidOn >= range.from) && (!range.to || d.paidOn <= range.to));
