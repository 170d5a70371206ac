import { and, count, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { loginKnownAddresses, loginThrottle, refreshTokens, sessions, users } from '../../db/schema/index.js';
import type { LoginAttempt } from './limits.js';

/** A counter's key: (username, address), or the address alone (username ''). */
export type ThrottleKey = { username: string; address: string };
export type ThrottleRow = typeof loginThrottle.$inferSelect;

/**
 * The counter of one key, locked until the transaction ends (created empty when missing), so
 * parallel attempts on one key take their turns one after another. Every attempt locks its keys in
 * one order (pair, then address), as the success does, so two never wait on each other in a circle.
 */
export async function lockThrottleRow(tx: Executor, key: ThrottleKey, now: Date): Promise<ThrottleRow> {
  const [row] = await tx
    .insert(loginThrottle)
    .values({ ...key, failures: 0, windowEnds: now })
    .onConflictDoUpdate({
      target: [loginThrottle.username, loginThrottle.address],
      set: { failures: sql`${loginThrottle.failures}` },
    })
    .returning();
  if (!row) throw new Error('login_throttle lock returned no row');
  return row;
}

export async function updateThrottleRow(
  tx: Executor,
  key: ThrottleKey,
  values: { failures: number; windowEnds: Date; lockedUntil: Date | null },
): Promise<void> {
  await tx.update(loginThrottle).set(values).where(keyIs(key));
}

const keyIs = (key: ThrottleKey) =>
  and(eq(loginThrottle.username, key.username), eq(loginThrottle.address, key.address));

/** Whether this username logged in from this address since `since`. */
export async function isKnownAddress(db: Executor, key: ThrottleKey, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ at: loginKnownAddresses.lastSuccessAt })
    .from(loginKnownAddresses)
    .where(
      and(
        eq(loginKnownAddresses.username, key.username),
        eq(loginKnownAddresses.address, key.address),
        gt(loginKnownAddresses.lastSuccessAt, since),
      ),
    );
  return row !== undefined;
}

/**
 * A successful login: its pair starts again from nothing, the address gets back the failure the
 * attempt was counted as (when it counted there), and the address is remembered for the username.
 */
export async function forgiveLoginAttemptRows(
  tx: Executor,
  attempt: LoginAttempt,
  countedAtAddress: boolean,
): Promise<void> {
  await tx.delete(loginThrottle).where(keyIs(attempt));
  if (countedAtAddress) {
    await tx
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(keyIs({ username: '', address: attempt.address }));
  }
  await tx
    .insert(loginKnownAddresses)
    .values({ username: attempt.username, address: attempt.address, lastSuccessAt: attempt.now })
    .onConflictDoUpdate({
      target: [loginKnownAddresses.username, loginKnownAddresses.address],
      set: { lastSuccessAt: attempt.now },
    });
}

/**
 * Clears a few expired counters and forgotten addresses (a passed window counts for nothing anyway),
 * never waiting for rows another login holds.
 */
export async function clearExpiredThrottle(tx: Executor, now: Date, knownSince: Date): Promise<void> {
  await tx.execute(sql`
    DELETE FROM login_throttle WHERE ctid IN (
      SELECT ctid FROM login_throttle WHERE window_ends <= ${now.toISOString()}::timestamptz
      LIMIT 100 FOR UPDATE SKIP LOCKED)`);
  await tx.execute(sql`
    DELETE FROM login_known_addresses WHERE ctid IN (
      SELECT ctid FROM login_known_addresses WHERE last_success_at <= ${knownSince.toISOString()}::timestamptz
      LIMIT 100 FOR UPDATE SKIP LOCKED)`);
}

/** The delays in force, newest first, one page; and how many there are. */
export async function lockedThrottleRows(db: Executor, now: Date, limit: number, offset: number) {
  const inForce = and(gt(loginThrottle.lockedUntil, now), gt(loginThrottle.windowEnds, now));
  const rows = await db
    .select()
    .from(loginThrottle)
    .where(inForce)
    .orderBy(desc(loginThrottle.lockedUntil), loginThrottle.username, loginThrottle.address)
    .limit(limit)
    .offset(offset);
  const [counted] = await db.select({ total: count() }).from(loginThrottle).where(inForce);
  return { rows, total: counted?.total ?? 0 };
}

/** Usernames with at least `failures` failures in their live pair counters, most attacked first. */
export async function accountsUnderAttack(db: Executor, now: Date, failures: number, limit: number) {
  const total = sql<number>`sum(${loginThrottle.failures})::int`;
  return db
    .select({ username: loginThrottle.username, failures: total, addresses: sql<number>`count(*)::int` })
    .from(loginThrottle)
    .where(and(ne(loginThrottle.username, ''), gt(loginThrottle.windowEnds, now)))
    .groupBy(loginThrottle.username)
    .having(sql`sum(${loginThrottle.failures}) >= ${failures}`)
    .orderBy(sql`sum(${loginThrottle.failures}) DESC`, loginThrottle.username)
    .limit(limit);
}

/** Lifts one delay: the key's counter is removed; whether there was one. */
export async function deleteThrottleRow(tx: Executor, key: ThrottleKey): Promise<ThrottleRow | undefined> {
  const [row] = await tx.delete(loginThrottle).where(keyIs(key)).returning();
  return row;
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
