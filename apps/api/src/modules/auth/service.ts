import { instantAfterDays, type LoginRequest, type LoginResponse, messages } from '@bjp/domain';
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import { type AuthUser, loadAuthUser, toSessionUser } from '../../auth/access.js';
import { decoyHash, verifyPassword } from '../../auth/password.js';
import { hashRefreshToken, newRefreshToken, signAccessToken } from '../../auth/tokens.js';
import type { Executor } from '../../db/client.js';
import { refreshTokens, sessions, users } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { addressKey, countLoginAttempt, forgiveLoginAttempt } from './throttle.js';

export type IssuedSession = LoginResponse & { refreshToken: string; refreshExpiresAt: Date };

const invalidCredentials = () => new AppError('unauthorized', messages.invalidCredentials);
const sessionExpired = () => new AppError('unauthorized', messages.sessionExpired);

export async function login(deps: AppDeps, input: LoginRequest, ip: string): Promise<IssuedSession> {
  const { db } = deps;
  const now = deps.clock.now();
  const attempt = { username: input.username.toLowerCase(), address: addressKey(ip), now };
  // Counted before the password is looked at: a refused attempt never reaches argon2, and one that
  // fails for any reason below stays counted.
  await countLoginAttempt(db, attempt);
  const [user] = await db.select().from(users).where(eq(users.username, attempt.username));
  // Verify against a decoy when the user is unknown so the answer time does not reveal which part was wrong.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !passwordOk || user.type !== input.type || !user.hasAccess) throw invalidCredentials();
  return db.transaction(async (tx) => {
    await forgiveLoginAttempt(tx, attempt);
    const sessionId = crypto.randomUUID();
    await tx.insert(sessions).values({ id: sessionId, userId: user.id, startedAt: now });
    const session = await issueTokens(deps, tx, user.id, sessionId, now);
    await writeAudit(tx, { userId: user.id, action: 'login', entity: 'user', entityId: user.id, ip });
    return session;
  });
}

/** A new refresh token in the session's family and an access token naming the session. */
async function issueTokens(
  deps: AppDeps,
  tx: Executor,
  userId: number,
  sessionId: string,
  now: Date,
): Promise<IssuedSession> {
  const authUser = await loadAuthUser(tx, { userId, sessionId }, deps.clock.today());
  if (!authUser?.hasAccess) throw invalidCredentials();
  const refresh = newRefreshToken();
  const refreshExpiresAt = instantAfterDays(now, deps.tokens.refreshDays);
  await tx.insert(refreshTokens).values({
    id: refresh.id,
    userId,
    familyId: sessionId,
    tokenHash: refresh.hash,
    expiresAt: refreshExpiresAt,
    createdAt: now,
  });
  return {
    token: await signAccessToken(deps.tokens, userId, sessionId, now),
    expiresIn: deps.tokens.accessSeconds,
    user: toSessionUser(authUser),
    refreshToken: refresh.token,
    refreshExpiresAt,
  };
}

type EndReason = 'logout' | 'refresh_reuse';

/** Ends the live sessions the condition picks; their access and refresh tokens stop working at once. */
function endSessions(tx: Executor, which: SQL, reason: EndReason, now: Date) {
  return tx
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(which, isNull(sessions.endedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });
}

/**
 * Rotates a refresh token. Presenting one that was already rotated means it leaked: its session ends
 * (the access tokens too) and the caller must log in again. The token and its session are locked,
 * so a refresh and a logout of the same session happen one after the other.
 */
export async function refresh(deps: AppDeps, token: string | undefined): Promise<IssuedSession> {
  if (!token) throw sessionExpired();
  const now = deps.clock.now();
  return deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select({ token: refreshTokens, endedAt: sessions.endedAt })
        .from(refreshTokens)
        .innerJoin(sessions, eq(sessions.id, refreshTokens.familyId))
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
        .for('update');
      if (!row || row.endedAt || row.token.expiresAt <= now) throw sessionExpired();
      const { familyId, userId } = row.token;
      if (row.token.rotatedAt) {
        await endSessions(tx, eq(sessions.id, familyId), 'refresh_reuse', now);
        await writeAudit(tx, {
          userId,
          action: 'refresh_token_reuse',
          entity: 'user',
          entityId: userId,
          after: { sessionId: familyId },
        });
        return { revoked: true } as const;
      }
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.token.id));
      return issueTokens(deps, tx, userId, familyId, now);
    })
    .then((result) => {
      // The session's end must commit, so the refusal is thrown after the transaction.
      if ('revoked' in result) throw sessionExpired();
      return result;
    });
}

/**
 * Ends the session of the refresh cookie and the one of the bearer token, when either is given; the
 * access token stops working on its next request.
 */
export async function logout(
  deps: AppDeps,
  token: string | undefined,
  caller: AuthUser | null,
  ip: string,
): Promise<void> {
  const picked: SQL[] = [];
  if (caller) picked.push(eq(sessions.id, caller.sessionId));
  if (token) {
    const family = deps.db
      .select({ id: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    picked.push(inArray(sessions.id, family));
  }
  if (picked.length === 0) return;
  await deps.db.transaction(async (tx) => {
    const ended = await endSessions(tx, or(...picked)!, 'logout', deps.clock.now());
    for (const session of ended) {
      await writeAudit(tx, {
        userId: session.userId,
        action: 'logout',
        entity: 'user',
        entityId: session.userId,
        after: { sessionId: session.id },
        ip,
      });
    }
  });
}

export function me(user: AuthUser) {
  return toSessionUser(user);
}
