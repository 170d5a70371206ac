import { SEARCH_ACTIVITY_PAGE_SIZE, searchActivityRule, USERS_PAGE_SIZE, type UserTab } from '@bjp/domain';
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { rows } from '../../db/rows.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { containsFolded } from '../../lib/folded-search.js';
import { PERSON_SEARCH_ACTION, PERSON_SEARCH_ENTITY } from '../holders/index.js';

const tabCondition: Record<UserTab, SQL> = {
  ministry: eq(users.type, 1),
  principals: and(eq(users.type, 2), eq(users.profile, 9))!,
  district: and(eq(users.type, 2), eq(users.profile, 10))!,
  department: and(eq(users.type, 2), eq(users.profile, 7))!,
};

const fullName = sql<string>`trim(${users.name} || ' ' || ${users.firstLastName})`;

/**
 * One page of the tab's users (with the names of their stored roles) and how many match in all.
 * 'gutierrez' finds 'Gutiérrez' and the other way round (lib/folded-search.ts).
 */
export async function userPage(db: Executor, tab: UserTab, search: string | null, offset: number) {
  const where = and(
    tabCondition[tab],
    search ? or(containsFolded(users.username, search), containsFolded(fullName, search)) : undefined,
  );
  const [found, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        fullName,
        username: users.username,
        hasAccess: users.hasAccess,
        type: users.type,
        profile: users.profile,
        roles: sql<string[]>`coalesce((select array_agg(r.name order by r.id) from user_roles ur
          join roles r on r.id = ur.role_id where ur.user_id = "users"."id"), '{}')`,
      })
      .from(users)
      .where(where)
      .orderBy(asc(users.id))
      .limit(USERS_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: found, total: total?.n ?? 0 };
}

/** The user's access flag, its row locked for update; undefined when there is no such user. */
export async function lockUserAccess(tx: Executor, userId: number) {
  const [row] = await tx
    .select({ hasAccess: users.hasAccess })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function updateUserAccess(tx: Executor, userId: number, hasAccess: boolean) {
  await tx.update(users).set({ hasAccess }).where(eq(users.id, userId));
}

/** The user's kind (type and profile), or undefined. */
export async function userKind(db: Executor, userId: number) {
  const [user] = await db
    .select({ type: users.type, profile: users.profile })
    .from(users)
    .where(eq(users.id, userId));
  return user;
}

/** The user's id and kind, its row locked for update; or undefined. */
export async function lockUserKind(tx: Executor, userId: number) {
  const [target] = await tx
    .select({ id: users.id, type: users.type, profile: users.profile })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return target;
}

/** The names of the user's stored roles. */
export async function storedRoleNames(db: Executor, userId: number): Promise<string[]> {
  const found = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return found.map((r) => r.name);
}

/** Replaces the user's stored roles with these (by name). */
export async function replaceUserRoles(tx: Executor, userId: number, names: string[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  if (names.length > 0) {
    const roleRows = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, names));
    await tx.insert(userRoles).values(roleRows.map((r) => ({ userId, roleId: r.id })));
  }
}

export type SearchActivityRow = {
  user_id: number;
  username: string;
  full_name: string;
  place: string;
  searches: number;
  hits: number;
  last_at: string | Date;
  unusual: boolean;
};
export type SearchActivitySummary = { total: number; median: number | string | null; unusual_count: number };

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

/** One page of users by their person searches over the last `days` days, the unusual ones first. */
export function searchActivityRows(db: Executor, days: number, offset: number) {
  return rows<SearchActivityRow>(
    db,
    sql`WITH ${counted(days)}
        SELECT f.user_id, u.username, trim(u.name || ' ' || u.first_last_name) AS full_name,
          ${placeOf} AS place, f.searches, f.hits, f.last_at, f.unusual
        FROM flagged f JOIN users u ON u.id = f.user_id
        ORDER BY f.unusual DESC, f.searches DESC, f.user_id
        LIMIT ${SEARCH_ACTIVITY_PAGE_SIZE}::int OFFSET ${offset}::int`,
  );
}

/** How many users searched in the last `days` days, the median and how many are unusual. */
export async function searchActivitySummary(db: Executor, days: number) {
  const [summary] = await rows<SearchActivitySummary>(
    db,
    sql`WITH ${counted(days)}
        SELECT count(*)::int AS total, (SELECT median FROM stats) AS median,
          count(*) FILTER (WHERE unusual)::int AS unusual_count
        FROM flagged`,
  );
  return summary;
}
