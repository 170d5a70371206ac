import { LOGIN_LOCKS_PAGE_SIZE, type LoginLockLift, type LoginLocksPage, messages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { throttleLimits } from './limits.js';
import { accountsUnderAttack, deleteThrottleRow, lockedThrottleRows } from './queries.js';

/**
 * 'Accesos bloqueados' (decision 051): the login delays in force, newest first, and the accounts
 * with many failures in the last hour from all addresses together (under attack).
 */
export async function listLoginLocks(deps: AppDeps, page: number): Promise<LoginLocksPage> {
  const now = deps.clock.now();
  const offset = (page - 1) * LOGIN_LOCKS_PAGE_SIZE;
  const { rows, total } = await lockedThrottleRows(deps.db, now, LOGIN_LOCKS_PAGE_SIZE, offset);
  const underAttack = await accountsUnderAttack(deps.db, now, throttleLimits.underAttackFailures, 20);
  return {
    items: rows.map((row) => ({
      username: row.username || null,
      address: row.address,
      failures: row.failures,
      lockedUntil: (row.lockedUntil ?? now).toISOString(),
    })),
    page,
    pageSize: LOGIN_LOCKS_PAGE_SIZE,
    total,
    underAttack,
  };
}

/** Lifts one delay: its counter starts again from nothing; audited with what it held. */
export async function liftLoginLock(deps: AppDeps, actor: AuthUser, lock: LoginLockLift, ip: string) {
  const key = { username: lock.username?.toLowerCase() ?? '', address: lock.address };
  return deps.db.transaction(async (tx) => {
    const lifted = await deleteThrottleRow(tx, key);
    if (!lifted) throw new AppError('not_found', messages.loginLockNotFound);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'login.unlock',
      entity: 'login',
      entityId: key.username || key.address,
      before: { ...key, failures: lifted.failures, lockedUntil: lifted.lockedUntil },
      ip,
    });
    return { lifted: true };
  });
}
