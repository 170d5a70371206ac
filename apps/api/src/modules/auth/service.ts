import { instantAfterDays, type LoginRequest, type LoginResponse, messages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { type AuthUser, loadAuthUser, toSessionUser } from '../../auth/access.js';
import { decoyHash, verifyPassword } from '../../auth/password.js';
import { hashRefreshToken, newRefreshToken, signAccessToken } from '../../auth/tokens.js';
import type { Executor } from '../../db/client.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import {
  endSessions,
  insertRefreshToken,
  insertSession,
  lockRefreshToken,
  markRefreshTokenRotated,
  userByUsername,
} from './queries.js';
import { addressKey, countLoginAttempt, forgiveLoginAttempt } from './throttle.js';

export type IssuedSession = LoginResponse & { refreshToken: string; refreshExpiresAt: Date };

const invalidCredentials = () => new AppError('unauthorized', messages.invalidCredentials);
const sessionExpired = () => new AppError('unauthorized', messages.sessionExpired);

export async function login(deps: AppDeps, input: LoginRequest, ip: string): Promise<IssuedSession> {
  const { db } = deps;
  const now = deps.clock.now();
  const typed = { username: input.username.toLowerCase(), address: addressKey(ip), now };
  // Counted before the password is looked at: a refused attempt never reaches argon2, and one that
  // fails for any reason below stays counted.
  const attempt = await countLoginAttempt(db, typed);
  const user = await userByUsername(db, attempt.username);
  // Verify against a decoy when the user is unknown so the answer time does not reveal which part was wrong.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  const failure = !user
    ? 'unknown_user'
    : !passwordOk
      ? 'wrong_password'
      : user.type !== input.type
        ? 'wrong_type'
        : !user.hasAccess
          ? 'no_access'
          : null;
  if (failure) {
    // Who was tried, from where and when (ASVS 6.3.1, decision 051); the reason for the operator only.
    await writeAudit(db, {
      userId: null,
      action: 'login_failed',
      entity: 'login',
      entityId: attempt.username,
      after: { userId: user?.id ?? null, reason: failure, address: attempt.address },
      ip,
    });
    throw invalidCredentials();
  }
  return db.transaction(async (tx) => {
    await forgiveLoginAttempt(tx, attempt);
    const sessionId = crypto.randomUUID();
    await insertSession(tx, { id: sessionId, userId: user!.id, startedAt: now });
    const session = await issueTokens(deps, tx, user!.id, sessionId, now);
    await writeAudit(tx, { userId: user!.id, action: 'login', entity: 'user', entityId: user!.id, ip });
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
  await insertRefreshToken(tx, {
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
      const row = await lockRefreshToken(tx, hashRefreshToken(token));
      if (!row || row.endedAt || row.token.expiresAt <= now) throw sessionExpired();
      const { familyId, userId } = row.token;
      if (row.token.rotatedAt) {
        await endSessions(tx, { sessionId: familyId }, 'refresh_reuse', now);
        await writeAudit(tx, {
          userId,
          action: 'refresh_token_reuse',
          entity: 'user',
          entityId: userId,
          after: { sessionId: familyId },
        });
        return { revoked: true } as const;
      }
      await markRefreshTokenRotated(tx, row.token.id, now);
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
  if (!caller && !token) return;
  const pick = {
    sessionId: caller?.sessionId,
    refreshTokenHash: token ? hashRefreshToken(token) : undefined,
  };
  await deps.db.transaction(async (tx) => {
    const ended = await endSessions(tx, pick, 'logout', deps.clock.now());
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
