import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { namedStatement } from '../../db/prepared.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { type LoginAttempt, throttleLimits } from './limits.js';

const p = (name: string) => sql.placeholder(name);

/**
 * The counter of one key, incremented, or started anew when its window has passed. `after` names
 * the counters it reads: that makes it wait for them, so every attempt locks its rows in one order
 * (pair, address, username) and two attempts never wait on each other in a circle.
 */
const increment = (key: { username: SQL; address: SQL }, minutes: number, after: SQL, when: SQL) => sql`
  INSERT INTO login_throttle AS t (username, address, failures, window_ends)
  SELECT ${key.username}, ${key.address}, 1, ${p('now')}::timestamptz + ${sql.raw(`interval '${minutes} minutes'`)}
  FROM ${after} WHERE ${when}
  ON CONFLICT (username, address) DO UPDATE SET
    failures = CASE WHEN t.window_ends <= ${p('now')}::timestamptz THEN 1 ELSE t.failures + 1 END,
    window_ends = CASE WHEN t.window_ends <= ${p('now')}::timestamptz THEN excluded.window_ends ELSE t.window_ends END
  RETURNING failures, window_ends`;

/** When a counter's window ends, in epoch milliseconds (a plain number for either driver). */
const endsMs = (cte: SQL) => sql`(extract(epoch FROM ${cte}.window_ends) * 1000)::float8`;

const username = sql`${p('username')}::text`;
const address = sql`${p('address')}::text`;
const limit = (n: number) => sql.raw(String(n));

/**
 * Every attempt counts itself as a failure in one statement, before its password is checked: row
 * locks make parallel attempts take their numbers one after another, so no more than the limit are
 * ever evaluated. The username counter only counts while the other two are within their limits, so
 * an address already refused cannot spend the username's allowance for everybody else.
 */
const countStatement = namedStatement<{
  pair_failures: number;
  pair_ends: number;
  address_failures: number;
  address_ends: number;
  username_failures: number | null;
  username_ends: number | null;
}>(
  'auth_count_login_attempt',
  sql`
    WITH pair AS (${increment({ username, address }, throttleLimits.pair.minutes, sql`(SELECT 1) AS first`, sql`true`)}
    ), by_address AS (${increment(
      { username: sql`''`, address },
      throttleLimits.address.minutes,
      sql`(SELECT count(*) FROM pair) AS after_pair`,
      sql`true`,
    )}
    ), by_username AS (${increment(
      { username, address: sql`''` },
      throttleLimits.username.minutes,
      sql`pair, by_address`,
      sql`pair.failures <= ${limit(throttleLimits.pair.failures)}
        AND by_address.failures <= ${limit(throttleLimits.address.failures)}`,
    )}
    )
    SELECT pair.failures AS pair_failures, ${endsMs(sql`pair`)} AS pair_ends,
      by_address.failures AS address_failures, ${endsMs(sql`by_address`)} AS address_ends,
      by_username.failures AS username_failures, ${endsMs(sql`by_username`)} AS username_ends
    FROM pair CROSS JOIN by_address LEFT JOIN by_username ON true`,
);

/** Counts the attempt on its three counters (see countStatement); one row. */
export async function countLoginAttemptRow(db: Executor, attempt: LoginAttempt) {
  const [row] = await countStatement(db, { ...attempt, now: attempt.now.toISOString() });
  return row;
}

/**
 * A successful login was not a failure: its pair starts again from zero, and the username and address
 * counters give back the one it took. Expired counters are cleared here a few at a time (a window
 * that has passed counts for nothing anyway), skipping rows another login holds.
 */
const forgiveStatement = namedStatement<{ forgiven: number }>(
  'auth_forgive_login_attempt',
  sql`
    WITH locked AS MATERIALIZED (
      -- Locked in the order the count takes them (pair, address, username), so a success and a
      -- parallel attempt never wait on each other in a circle.
      SELECT username, address FROM login_throttle
      WHERE (username = ${username} AND address IN (${address}, ''))
        OR (username = '' AND address = ${address})
      ORDER BY CASE WHEN username = '' THEN 1 WHEN address = '' THEN 2 ELSE 0 END
      FOR UPDATE
    ), forgiven AS (
      UPDATE login_throttle AS t SET failures = CASE
        WHEN t.username = '' OR t.address = '' THEN greatest(t.failures - 1, 0) ELSE 0 END
      FROM locked WHERE t.username = locked.username AND t.address = locked.address
      RETURNING 1
    ), expired AS (
      -- Only after this login's own rows are held, and never waiting, so it adds no lock cycle.
      DELETE FROM login_throttle WHERE ctid IN (
        SELECT old.ctid FROM login_throttle AS old, (SELECT count(*) FROM forgiven) AS after_forgiven
        WHERE old.window_ends <= ${p('now')}::timestamptz
        LIMIT 100 FOR UPDATE OF old SKIP LOCKED)
      RETURNING 1
    )
    SELECT (SELECT count(*) FROM forgiven)::int AS forgiven, (SELECT count(*) FROM expired)::int AS expired`,
);

/** Forgives a successful login its failure and clears a few expired counters (see forgiveStatement). */
export async function forgiveLoginAttemptRows(tx: Executor, attempt: LoginAttempt): Promise<void> {
  await forgiveStatement(tx, { ...attempt, now: attempt.now.toISOString() });
}

/** The user of this (lower-cased) username, or undefined. */
export async function userByUsername(db: Executor, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username));
  return user;
}

/** Starts a session. */
export async function insertSession(tx: Executor, session: { id: string; userId: number; startedAt: Date }) {
  await tx.insert(sessions).values(session);
}

/** Stores a refresh token (by its hash) in a session's family. */
export async function insertRefreshToken(tx: Executor, token: typeof refreshTokens.$inferInsert) {
  await tx.insert(refreshTokens).values(token);
}

/** The refresh token of this hash with its session's end, locked for update; or undefined. */
export async function lockRefreshToken(tx: Executor, tokenHash: string) {
  const [row] = await tx
    .select({ token: refreshTokens, endedAt: sessions.endedAt })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .for('update');
  return row;
}

/** Marks a refresh token as used. */
export async function markRefreshTokenRotated(tx: Executor, id: string, now: Date) {
  await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, id));
}

/** Which sessions to end: one by id, and/or the family of a refresh token (by its hash). */
export type SessionPick = { sessionId?: string; refreshTokenHash?: string };

/** Ends the live sessions picked; their access and refresh tokens stop working at once. */
export function endSessions(
  tx: Executor,
  pick: SessionPick,
  reason: 'logout' | 'refresh_reuse',
  now: Date,
): Promise<{ id: string; userId: number }[]> {
  const picked: SQL[] = [];
  if (pick.sessionId) picked.push(eq(sessions.id, pick.sessionId));
  if (pick.refreshTokenHash) {
    const family = tx
      .select({ id: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, pick.refreshTokenHash));
    picked.push(inArray(sessions.id, family));
  }
  return tx
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(or(...picked), isNull(sessions.endedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });
}
