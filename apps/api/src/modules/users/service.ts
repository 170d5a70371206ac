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
import { and, asc, count, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app-types.js';
import type { AuthUser } from '../../auth/access.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { containsFolded } from '../../lib/folded-search.js';

const tabCondition: Record<UserTab, SQL> = {
  ministry: eq(users.type, 1),
  principals: and(eq(users.type, 2), eq(users.profile, 9))!,
  district: and(eq(users.type, 2), eq(users.profile, 10))!,
  department: and(eq(users.type, 2), eq(users.profile, 7))!,
};

const fullName = sql<string>`trim(${users.name} || ' ' || ${users.firstLastName})`;

export async function listUsers(
  deps: AppDeps,
  query: { tab: UserTab; page: number; search?: string },
): Promise<Page<UserRow>> {
  // 'gutierrez' finds 'Gutiérrez' and the other way round (lib/folded-search.ts).
  const search = query.search || null;
  const where = and(
    tabCondition[query.tab],
    search ? or(containsFolded(users.username, search), containsFolded(fullName, search)) : undefined,
  );
  const offset = (query.page - 1) * USERS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    deps.db
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
    deps.db.select({ n: count() }).from(users).where(where),
  ]);
  // A stored role that does not fit the user's kind is shown nowhere, as it counts for nothing.
  const items = rows.map((row) => ({ ...row, roles: effectiveRoles(row) }));
  return { items, page: query.page, pageSize: USERS_PAGE_SIZE, total: total?.n ?? 0 };
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
    const [before] = await tx
      .select({ hasAccess: users.hasAccess })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw new AppError('not_found', messages.toggleUserFailed);
    await tx.update(users).set({ hasAccess }).where(eq(users.id, userId));
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
  const [user] = await deps.db
    .select({ type: users.type, profile: users.profile })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new AppError('not_found', 'Usuario no encontrado.');
  const rows = await deps.db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return { roles: effectiveRoles({ ...user, roles: rows.map((r) => r.name) }) };
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
    const [target] = await tx
      .select({ id: users.id, type: users.type, profile: users.profile })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!target) throw new AppError('not_found', 'Usuario no encontrado.');
    const misfit = unique.find((role) => !roleFits(role, target));
    if (misfit) throw new AppError('bad_request', roleNotFittingMessage(misfit));
    // Whoever manages users may not take that power away from themselves, whichever role gave it.
    if (actor.id === userId && !permissionsFor({ ...target, roles: unique }).includes('users.manage')) {
      throw new AppError('conflict', 'No puede quitarse a sí mismo el rol de administrador.');
    }
    const before = await tx
      .select({ name: roles.name })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(eq(userRoles.userId, userId));
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (unique.length > 0) {
      const roleRows = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.name, unique));
      await tx.insert(userRoles).values(roleRows.map((r) => ({ userId, roleId: r.id })));
    }
    await writeAudit(tx, {
      userId: actor.id,
      action: 'user.roles',
      entity: 'user',
      entityId: userId,
      before: { roles: before.map((r) => r.name) },
      after: { roles: unique },
      ip,
    });
    return getUserRoles({ ...deps, db: tx as unknown as AppDeps['db'] }, userId);
  });
}
