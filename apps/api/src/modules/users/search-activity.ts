import { SEARCH_ACTIVITY_PAGE_SIZE, type SearchActivityPage } from '@bjp/domain';
import type { Executor } from '../../db/client.js';
import { searchActivityRows, searchActivitySummary } from './queries.js';

export async function searchActivity(
  db: Executor,
  query: { days: number; page: number },
): Promise<SearchActivityPage> {
  const { days, page } = query;
  const offset = (page - 1) * SEARCH_ACTIVITY_PAGE_SIZE;
  const [found, summary] = await Promise.all([
    searchActivityRows(db, days, offset),
    searchActivitySummary(db, days),
  ]);
  return {
    items: found.map((r) => ({
      userId: r.user_id,
      username: r.username,
      fullName: r.full_name,
      place: r.place,
      searches: r.searches,
      hits: r.hits,
      perDay: Math.round((r.searches / days) * 10) / 10,
      lastSearchAt: new Date(r.last_at).toISOString(),
      unusual: r.unusual,
    })),
    page,
    pageSize: SEARCH_ACTIVITY_PAGE_SIZE,
    total: summary?.total ?? 0,
    days,
    median: Number(summary?.median ?? 0),
    unusualCount: summary?.unusual_count ?? 0,
  };
}
