import {
  effectiveRoles,
  messages,
  type Page,
  permissionsFor,
  type RoleName,
  roleFits,
  roleNotFittingMessage,
  USERS_PAGE_SIZE,
  type UserRow,
  type UserTab,
} from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import {
  lockUserAccess,
  lockUserKind,
  replaceUserRoles,
  storedRoleNames,
  updateUserAccess,
  userKind,
  userPage,
} from './queries.js';

export async function listUsers(
  deps: AppDeps,
  query: { tab: UserTab; page: number; search?: string },
): Promise<Page<UserRow>> {
  const offset = (query.page - 1) * USERS_PAGE_SIZE;
  const { rows, total } = await userPage(deps.db, query.tab, query.search || null, offset);
  // A stored role that does not fit the user's kind is shown nowhere, as it counts for nothing.
  const items = rows.map((row) => ({ ...row, roles: effectiveRoles(row) }));
  return { items, page: query.page, pageSize: USERS_PAGE_SIZE, total };
}

/**
 * Turns a user's access on or off. Turning it off ends their sessions at once (a trigger on users,
 * migration 0013), so turning it back on revives none: the user logs in again.
 */
export async function setUserAccess(
  deps: AppDeps,
  actor: AuthUser,
  userId: number,
  hasAccess: boolean,
  ip: string,
) {
  if (actor.id === userId && !hasAccess)
    throw new AppError('conflict', 'No puede desactivar su propio usuario.');
  return deps.db.transaction(async (tx) => {
    const before = await lockUserAccess(tx, userId);
    if (!before) throw new AppError('not_found', messages.toggleUserFailed);
    // Already so: 200 with the state and nothing written, no audit row whose before equals its after
    // (decision 051), so a retried or repeated click is harmless and the trail shows only changes.
    if (before.hasAccess === hasAccess) return { id: userId, hasAccess };
    await updateUserAccess(tx, userId, hasAccess);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'user.access',
      entity: 'user',
      entityId: userId,
      before,
      after: { hasAccess },
      ip,
    });
    return { id: userId, hasAccess };
  });
}

/** The roles that count for the user (stored ones that do not fit their kind are left out). */
export async function getUserRoles(deps: AppDeps, userId: number): Promise<{ roles: string[] }> {
  const user = await userKind(deps.db, userId);
  if (!user) throw new AppError('not_found', 'Usuario no encontrado.');
  const roles = await storedRoleNames(deps.db, userId);
  return { roles: effectiveRoles({ ...user, roles }) };
}

/**
 * Replaces the user's roles. Every role must fit the user's kind (roles.ts): one that does not is
 * refused with 400 and nothing changes. Old assignments that do not fit are dropped with the rest.
 */
export async function setUserRoles(
  deps: AppDeps,
  actor: AuthUser,
  userId: number,
  wanted: RoleName[],
  ip: string,
) {
  const unique = [...new Set(wanted)];
  return deps.db.transaction(async (tx) => {
    const target = await lockUserKind(tx, userId);
    if (!target) throw new AppError('not_found', 'Usuario no encontrado.');
    const misfit = unique.find((role) => !roleFits(role, target));
    if (misfit) throw new AppError('bad_request', roleNotFittingMessage(misfit));
    // Whoever manages users may not take that power away from themselves, whichever role gave it.
    if (actor.id === userId && !permissionsFor({ ...target, roles: unique }).includes('users.manage')) {
      throw new AppError('conflict', 'No puede quitarse a sí mismo el rol de administrador.');
    }
    const before = await storedRoleNames(tx, userId);
    // The same roles again: 200 and nothing written (decision 051).
    if (sameSet(before, unique)) return getUserRoles({ ...deps, db: tx as unknown as AppDeps['db'] }, userId);
    await replaceUserRoles(tx, userId, unique);
    await writeAudit(tx, {
      userId: actor.id,
      action: 'user.roles',
      entity: 'user',
      entityId: userId,
      before: { roles: before },
      after: { roles: unique },
      ip,
    });
    return getUserRoles({ ...deps, db: tx as unknown as AppDeps['db'] }, userId);
  });
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
