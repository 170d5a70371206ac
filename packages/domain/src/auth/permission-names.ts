// The list of permissions alone, so that roles.ts and permissions.ts can both name them without
// importing each other.
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
  'imports.run',
  'tracking.view',
  'reports.view',
  'payments.view',
  'events.manage',
  'enrollment.institution',
] as const;
export type Permission = (typeof permissions)[number];
