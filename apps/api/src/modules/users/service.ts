import { messages, type Page, roleNames, USERS_PAGE_SIZE, type UserRow, type UserTab } from '@bjp/domain';
import { and, asc, count, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../app.js';
import type { AuthUser } from '../../auth/access.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { writeAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';

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
  const search = query.search ? `%${query.search.replace(/[%_\\]/g, '\\$&')}%` : null;
  const where = and(
    tabCondition[query.tab],
    search ? or(ilike(users.username, search), ilike(fullName, search)) : undefined,
  );
  const offset = (query.page - 1) * USERS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    deps.db
      .select({
        id: users.id,
        fullName,
        username: users.username,
        hasAccess: users.hasAccess,
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
  return { items: rows, page: query.page, pageSize: USERS_PAGE_SIZE, total: total?.n ?? 0 };
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

export async function getUserRoles(deps: AppDeps, userId: number): Promise<{ roles: string[] }> {
  const [exists] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!exists) throw new AppError('not_found', 'Usuario no encontrado.');
  const rows = await deps.db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.id));
  return { roles: rows.map((r) => r.name) };
}

export async function setUserRoles(
  deps: AppDeps,
  actor: AuthUser,
  userId: number,
  wanted: string[],
  ip: string,
) {
  const unique = [...new Set(wanted)].filter((r) => (roleNames as readonly string[]).includes(r));
  if (actor.id === userId && !unique.some((r) => r === 'Administrador' || r === 'Root')) {
    throw new AppError('conflict', 'No puede quitarse a sí mismo el rol de administrador.');
  }
  return deps.db.transaction(async (tx) => {
    const [target] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw new AppError('not_found', 'Usuario no encontrado.');
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
