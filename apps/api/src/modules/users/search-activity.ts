import { SEARCH_ACTIVITY_PAGE_SIZE, type SearchActivityPage, searchActivityRule } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { PERSON_SEARCH_ACTION, PERSON_SEARCH_ENTITY } from '../holders/index.js';

type Row = {
  user_id: number;
  username: string;
  full_name: string;
  place: string;
  searches: number;
  hits: number;
  last_at: string | Date;
  unusual: boolean;
};
type Summary = { total: number; median: number | string | null; unusual_count: number };

/**
 * Each user's person searches over the last `days` days (database time, the clock the audit rows were
 * written with), from the audit rows every search leaves. The rule of searchActivityRule is applied
 * here, so the page can put the unusual users first.
 */
const counted = (days: number) => sql`
  counts AS (
    SELECT user_id, count(*)::int AS searches,
      count(*) FILTER (WHERE (after ->> 'found')::boolean)::int AS hits, max(at) AS last_at
    FROM audit_log
    WHERE entity = ${PERSON_SEARCH_ENTITY} AND action = ${PERSON_SEARCH_ACTION} AND user_id IS NOT NULL
      AND at >= now() - make_interval(days => ${days}::int)
    GROUP BY user_id
  ), stats AS (
    SELECT coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY searches), 0)::float8 AS median FROM counts
  ), flagged AS (
    SELECT c.*, (c.searches::float8 / ${days}::int > ${searchActivityRule.dailyLimit}::int
      OR (c.searches >= ${searchActivityRule.minimumSearches}::int
        AND c.searches > ${searchActivityRule.medianFactor}::int * s.median)) AS unusual
    FROM counts c CROSS JOIN stats s
  )`;

/** The place of a user as the lists show it: national staff, or their department, district or schools. */
const placeOf = sql`CASE WHEN u.type = 1 THEN 'Nacional' ELSE coalesce((
    SELECT string_agg(coalesce(i.id || ' ' || i.name, d.name, p.name), ', ' ORDER BY s.id)
    FROM user_scopes s
    LEFT JOIN institutions i ON i.id = s.institution_id
    LEFT JOIN districts d ON d.id = s.district_id
    LEFT JOIN departments p ON p.id = s.department_id
    WHERE s.user_id = u.id), '') END`;

export async function searchActivity(
  db: Executor,
  query: { days: number; page: number },
): Promise<SearchActivityPage> {
  const { days, page } = query;
  const offset = (page - 1) * SEARCH_ACTIVITY_PAGE_SIZE;
  const [found, [summary]] = await Promise.all([
    rows<Row>(
      db,
      sql`WITH ${counted(days)}
        SELECT f.user_id, u.username, trim(u.name || ' ' || u.first_last_name) AS full_name,
          ${placeOf} AS place, f.searches, f.hits, f.last_at, f.unusual
        FROM flagged f JOIN users u ON u.id = f.user_id
        ORDER BY f.unusual DESC, f.searches DESC, f.user_id
        LIMIT ${SEARCH_ACTIVITY_PAGE_SIZE}::int OFFSET ${offset}::int`,
    ),
    rows<Summary>(
      db,
      sql`WITH ${counted(days)}
        SELECT count(*)::int AS total, (SELECT median FROM stats) AS median,
          count(*) FILTER (WHERE unusual)::int AS unusual_count
        FROM flagged`,
    ),
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
