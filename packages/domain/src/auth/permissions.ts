import { type Permission, permissions } from './permission-names.js';
import { profiles } from './profiles.js';
import { effectiveRoles, roleGrants } from './roles.js';

export { type Permission, permissions };

export type ScopeKind = 'national' | 'department' | 'district' | 'institutions' | 'none';

export type AccessProfile = {
  type: number;
  profile: number | null;
  roles: readonly string[];
};

const nationalViewer: Permission[] = [
  'dashboard.view',
  'users.view',
  'holders.view',
  'paid.view',
  'tracking.view',
  'reports.view',
  'payments.view',
];

/**
 * Permissions of a user: those of their profile plus those of each role that counts for them
 * (roles.ts, the one table of roles). The original only varied the menu; here the server enforces the
 * same split (see decision 002: permissions by profile, and roles).
 */
export function permissionsFor(user: AccessProfile): Permission[] {
  const granted = new Set<Permission>(profilePermissions(user));
  for (const role of effectiveRoles(user)) for (const p of roleGrants(role, permissions)) granted.add(p);
  return permissions.filter((p) => granted.has(p));
}

/** What a user's type and profile give before any role. */
export function profilePermissions(user: { type: number; profile: number | null }): Permission[] {
  if (user.type === 1) return nationalViewer;
  switch (user.profile) {
    case profiles.department:
      return [
        'tracking.view',
        'removals.manage',
        'reports.view',
        'holders.view',
        'holders.edit',
        'enrollment.institution',
      ];
    case profiles.district:
      return ['tracking.view', 'reports.view', 'holders.view', 'holders.edit', 'enrollment.institution'];
    case profiles.director:
      return [
        'holders.view',
        'holders.edit',
        'holders.consolidate',
        'adjustments.request',
        'reports.view',
        'paid.view',
        'paid.validate',
        'enrollment.institution',
      ];
    default:
      return [];
  }
}

export function scopeKindFor(user: AccessProfile): ScopeKind {
  if (user.type === 1) return 'national';
  switch (user.profile) {
    case profiles.department:
      return 'department';
    case profiles.district:
      return 'district';
    case profiles.director:
      return 'institutions';
    default:
      return 'none';
  }
}

/** Where a type 2 user lands after login; everybody else goes to '/'. */
export function homePathFor(user: { type: number; profile: number | null }): string {
  if (user.type !== 2) return '/';
  switch (user.profile) {
    case profiles.director:
      return '/tutors/principal';
    case profiles.district:
      return '/seguimiento/district/user';
    case profiles.department:
      return '/seguimiento/depto/user';
    default:
      return '/';
  }
}
