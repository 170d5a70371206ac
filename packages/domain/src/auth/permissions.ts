import { profiles, type RoleName } from './profiles.js';

/** Everything the server lets a user do. Each route declares the one it needs. */
export const permissions = [
  'dashboard.view',
  'users.view',
  'users.manage',
  'settings.manage',
  'holders.view',
  'holders.edit',
  'holders.consolidate',
  'adjustments.request',
  'adjustments.process',
  'removals.manage',
  'paid.view',
  'paid.validate',
  'enabling.manage',
  'sereci.validate',
  'blocking.manage',
  'sync.run',
  'tracking.view',
  'reports.view',
  'payments.view',
  'events.manage',
  'enrollment.institution',
] as const;
export type Permission = (typeof permissions)[number];

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
 * Permissions by profile. The original only varied the menu; here the server enforces the same
 * split (see docs/decisions.md, "Permissions by profile").
 */
export function permissionsFor(user: AccessProfile): Permission[] {
  if (user.type === 1) {
    const admin = user.roles.some((r) => r === ('Administrador' satisfies RoleName) || r === 'Root');
    if (admin) return [...permissions];
    const extra: Permission[] = user.roles.includes('Comunicación') ? ['events.manage'] : [];
    return [...nationalViewer, ...extra];
  }
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
