import {
  effectiveRoles,
  homePathFor,
  type Permission,
  permissionsFor,
  profiles,
  type ScopeKind,
  type SessionUser,
  scopeKindFor,
} from '@bjp/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.js';
import { preparedPerConnection } from '../db/prepared.js';
import { sessions, users } from '../db/schema/index.js';

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
  /** The live session the access token belongs to (its `sid`). */
  sessionId: string;
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

type ScopeRow = {
  departmentId: number | null;
  districtId: number | null;
  institutionId: number | null;
  label: string;
};

/**
 * Who is calling, in one statement: every authenticated request runs it, so its roles, places and
 * the director deadline come back as aggregates of the same round trip, and the join on the token's
 * session finds no row once that session has ended (logout, refresh-token reuse, access off). It is
 * prepared once per database connection, so neither Drizzle nor PostgreSQL builds and plans it again
 * each time.
 */
// Columns are qualified by hand: Drizzle renders a lone column unqualified, which a subquery could rebind.
const authUserStatement = preparedPerConnection((db) =>
  db
    .select({
      user: {
        id: users.id,
        username: users.username,
        name: users.name,
        firstLastName: users.firstLastName,
        email: users.email,
        type: users.type,
        profile: users.profile,
        hasAccess: users.hasAccess,
      },
      roleNames: sql<string[]>`coalesce((
          select array_agg(r.name order by r.name) from user_roles ur join roles r on r.id = ur.role_id
          where ur.user_id = "users"."id"), '{}')`,
      scopeRows: sql<ScopeRow[]>`coalesce((
          select json_agg(json_build_object(
            'departmentId', s.department_id, 'districtId', s.district_id, 'institutionId', s.institution_id,
            'label', coalesce(
              (select i.name from institutions i where i.id = s.institution_id),
              (select d.name from districts d where d.id = s.district_id),
              (select p.name from departments p where p.id = s.department_id), ''))
            order by s.id)
          from user_scopes s where s.user_id = "users"."id"), '[]'::json)`,
      deadline: sql<string | null>`(select ps.director_deadline::text from programme_settings ps limit 1)`,
    })
    .from(users)
    .innerJoin(
      sessions,
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, users.id),
        isNull(sessions.endedAt),
      ),
    )
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('load_auth_user'),
);

/** The caller of a live session, or null when the user or that session of theirs is gone or ended. */
export async function loadAuthUser(
  db: Executor,
  claims: { userId: number; sessionId: string },
  today: string,
): Promise<AuthUser | null> {
  const [row] = await authUserStatement(db).execute(claims);
  if (!row) return null;
  const { user, roleNames, scopeRows } = row;
  // Only the roles that fit the user's kind count, here and wherever roles are shown (roles.ts).
  const access = {
    type: user.type,
    profile: user.profile,
    roles: effectiveRoles({ ...user, roles: roleNames }),
  };
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
  const directorDeadline = user.profile === profiles.director ? row.deadline : null;
  // Directors work on the programme only until the deadline in settings; afterwards their menu is
  // empty and the server refuses them too.
  const pastDeadline = directorDeadline !== null && user.type === 2 && today > directorDeadline;
  const granted = pastDeadline ? [] : permissionsFor(access);
  return {
    ...user,
    sessionId: claims.sessionId,
    roles: access.roles,
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
