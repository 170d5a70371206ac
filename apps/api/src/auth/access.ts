import {
  homePathFor,
  type Permission,
  permissionsFor,
  profiles,
  type ScopeKind,
  type SessionUser,
  scopeKindFor,
} from '@bjp/domain';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { programmeSettings, roles, userRoles, userScopes, users } from '../db/schema/index.js';

export type UserScope = {
  kind: ScopeKind;
  departmentId: number | null;
  districtId: number | null;
  institutionIds: number[];
  label: string;
};

/** Who is calling, re-read from the database on every request so revoked access stops at once. */
export type AuthUser = {
  id: number;
  username: string;
  name: string;
  firstLastName: string;
  email: string | null;
  type: number;
  profile: number | null;
  hasAccess: boolean;
  roles: string[];
  permissions: Set<Permission>;
  scope: UserScope;
  directorDeadline: string | null;
};

export async function loadAuthUser(db: Executor, userId: number, today: string): Promise<AuthUser | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  // Sequential on purpose: callers may pass a transaction, whose single connection runs one query at a time.
  const roleRows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  const scopeRows = await db
    .select({
      departmentId: userScopes.departmentId,
      districtId: userScopes.districtId,
      institutionId: userScopes.institutionId,
      // Qualified explicitly: Drizzle renders a lone column unqualified, which a subquery could rebind.
      label: sql<string>`coalesce(
          (select i.name from institutions i where i.id = "user_scopes"."institution_id"),
          (select d.name from districts d where d.id = "user_scopes"."district_id"),
          (select p.name from departments p where p.id = "user_scopes"."department_id"), '')`,
    })
    .from(userScopes)
    .where(eq(userScopes.userId, userId));
  const [settings] = await db
    .select({ directorDeadline: programmeSettings.directorDeadline })
    .from(programmeSettings);
  const roleNames = roleRows.map((r) => r.name);
  const access = { type: user.type, profile: user.profile, roles: roleNames };
  const kind = scopeKindFor(access);
  const scope: UserScope = {
    kind,
    departmentId:
      kind === 'department' ? (scopeRows.find((s) => s.departmentId)?.departmentId ?? null) : null,
    districtId: kind === 'district' ? (scopeRows.find((s) => s.districtId)?.districtId ?? null) : null,
    institutionIds:
      kind === 'institutions' ? scopeRows.flatMap((s) => (s.institutionId ? [s.institutionId] : [])) : [],
    label: kind === 'national' ? 'Nacional' : scopeRows.map((s) => s.label).join(', '),
  };
  const directorDeadline = user.profile === profiles.director ? (settings?.directorDeadline ?? null) : null;
  // Directors work on the programme only until the deadline in settings; afterwards their menu is
  // empty and the server refuses them too.
  const pastDeadline = directorDeadline !== null && user.type === 2 && today > directorDeadline;
  const granted = pastDeadline ? [] : permissionsFor(access);
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    firstLastName: user.firstLastName,
    email: user.email,
    type: user.type,
    profile: user.profile,
    hasAccess: user.hasAccess,
    roles: roleNames,
    permissions: new Set(granted),
    scope,
    directorDeadline,
  };
}

export function toSessionUser(user: AuthUser): SessionUser {
  return {
    id: user.id,
    username: user.username,
    name: user.name,
    firstLastName: user.firstLastName,
    email: user.email,
    type: user.type,
    profile: user.profile,
    roles: user.roles,
    permissions: [...user.permissions],
    scope: { ...user.scope },
    homePath: homePathFor(user),
    directorDeadline: user.directorDeadline,
  };
}
