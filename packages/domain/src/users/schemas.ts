import { z } from 'zod';
import { roleNames } from '../auth/index.js';
import { pageOf, pageParam, SEARCH_MAX_LENGTH } from '../common/index.js';

/** The four tabs of 'Lista de Usuarios'. */
export const userTabs = [
  { id: 'ministry', label: 'Ministerio de Educación' },
  { id: 'principals', label: 'Directores UE' },
  { id: 'district', label: 'Tecnico Distrital' },
  { id: 'department', label: 'Tecnico Departamental' },
] as const;
export type UserTab = (typeof userTabs)[number]['id'];

export const userListQuery = z.object({
  tab: z.enum(['ministry', 'principals', 'district', 'department']).default('ministry'),
  page: pageParam,
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
});

export const userRow = z.object({
  id: z.number().int(),
  fullName: z.string(),
  username: z.string(),
  /** Type and profile: what the roles dialog needs to offer fitting roles and show permissions. */
  type: z.number().int(),
  profile: z.number().int().nullable(),
  /** The roles that count for this user (roles.ts `effectiveRoles`). */
  roles: z.array(z.string()),
  hasAccess: z.boolean(),
});
export type UserRow = z.infer<typeof userRow>;
export const userPage = pageOf(userRow);

export const userRolesUpdate = z.object({
  roles: z.array(z.enum(roleNames)).max(roleNames.length),
});
export const userAccessResponse = z.object({ id: z.number().int(), hasAccess: z.boolean() });
