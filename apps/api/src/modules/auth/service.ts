import { type LoginRequest, type LoginResponse, messages } from '@bjp/domain';
import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import { type AuthUser, loadAuthUser, toSessionUser } from '../../auth/access.js';
import { decoyHash, verifyPassword } from '../../auth/password.js';
import { hashRefreshToken, newRefreshToken, signAccessToken } from '../../auth/tokens.js';
import type { Executor } from '../../db/client.js';
import { loginFailures, refreshTokens, users } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;
const MAX_FAILURES_PER_USERNAME = 5;
const MAX_FAILURES_PER_ADDRESS = 30;

export type IssuedSession = LoginResponse & { refreshToken: string; refreshExpiresAt: Date };

const invalidCredentials = () => new AppError('unauthorized', messages.invalidCredentials);

async function assertNotThrottled(db: Executor, username: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const [[byUser], [byAddress]] = await Promise.all([
    db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.username, username), gt(loginFailures.at, since))),
    db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.ip, ip), gt(loginFailures.at, since))),
  ]);
  if ((byUser?.n ?? 0) >= MAX_FAILURES_PER_USERNAME || (byAddress?.n ?? 0) >= MAX_FAILURES_PER_ADDRESS) {
    throw new AppError('too_many_requests', messages.tooManyAttempts);
  }
}

export async function login(deps: AppDeps, input: LoginRequest, ip: string): Promise<IssuedSession> {
  const { db } = deps;
  const now = deps.clock.now();
  const username = input.username.toLowerCase();
  await assertNotThrottled(db, username, ip, now);
  const [user] = await db.select().from(users).where(eq(users.username, username));
  // Verify against a decoy when the user is unknown so the answer time does not reveal which part was wrong.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !passwordOk || user.type !== input.type || !user.hasAccess) {
    await db.insert(loginFailures).values({ username, ip, at: now });
    throw invalidCredentials();
  }
  return db.transaction(async (tx) => {
    const session = await issueSession(deps, tx, user.id, crypto.randomUUID(), now);
    await writeAudit(tx, { userId: user.id, action: 'login', entity: 'user', entityId: user.id, ip });
    return session;
  });
}

async function issueSession(
  deps: AppDeps,
  tx: Executor,
  userId: number,
  familyId: string,
  now: Date,
): Promise<IssuedSession> {
  const authUser = await loadAuthUser(tx, userId, deps.clock.today());
  if (!authUser?.hasAccess) throw invalidCredentials();
  const refresh = newRefreshToken();
  const refreshExpiresAt = new Date(now.getTime() + deps.tokens.refreshDays * 86_400_000);
  await tx.insert(refreshTokens).values({
    id: refresh.id,
    userId,
    familyId,
    tokenHash: refresh.hash,
    expiresAt: refreshExpiresAt,
    createdAt: now,
  });
  return {
    token: await signAccessToken(deps.tokens, userId, now),
    expiresIn: deps.tokens.accessSeconds,
    user: toSessionUser(authUser),
    refreshToken: refresh.token,
    refreshExpiresAt,
  };
}

/**
 * Rotates a refresh token. Presenting one that was already rotated means it leaked: the whole
 * family is revoked and the caller must log in again.
 */
export async function refresh(deps: AppDeps, token: string | undefined): Promise<IssuedSession> {
  if (!token) throw new AppError('unauthorized', messages.sessionExpired);
  const now = deps.clock.now();
  return deps.db
    .transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)))
        .for('update');
      if (!row || row.revokedAt || row.expiresAt <= now)
        throw new AppError('unauthorized', messages.sessionExpired);
      if (row.rotatedAt) {
        await tx
          .update(refreshTokens)
          .set({ revokedAt: now })
          .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
        await writeAudit(tx, {
          userId: row.userId,
          action: 'refresh_token_reuse',
          entity: 'user',
          entityId: row.userId,
          after: { familyId: row.familyId },
        });
        return { revoked: true } as const;
      }
      await tx.update(refreshTokens).set({ rotatedAt: now }).where(eq(refreshTokens.id, row.id));
      return issueSession(deps, tx, row.userId, row.familyId, now);
    })
    .then((result) => {
      // The revocation must commit, so the refusal is thrown after the transaction.
      if ('revoked' in result) throw new AppError('unauthorized', messages.sessionExpired);
      return result;
    });
}

export async function logout(deps: AppDeps, token: string | undefined): Promise<void> {
  if (!token) return;
  const [row] = await deps.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
  if (!row) return;
  await deps.db
    .update(refreshTokens)
    .set({ revokedAt: deps.clock.now() })
    .where(and(eq(refreshTokens.familyId, row.familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a user (access turned off). */
export async function revokeAllSessions(tx: Executor, userId: number, now: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export function me(user: AuthUser) {
  return toSessionUser(user);
}
