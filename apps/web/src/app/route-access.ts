import type { Permission } from '@bjp/domain';

/**
 * The permission each screen needs, mirroring what the server checks on the calls the screen
 * makes. The sidebar hides links the user cannot use and the layout shows a 'sin acceso' page
 * instead of a screen full of 403s. `null`: any logged-in user.
 */
export const routeAccess = {
  '/': 'dashboard.view',
  '/users/profile': null,
  '/users/edit': null,
  '/users/cards': null,
  '/events/register': 'events.manage',
  '/events/list': 'events.manage',
  '/events/places': 'events.manage',
  '/events/list/:id/participants': 'events.manage',
  '/events/enrollments': 'events.manage',
  '/events/institution': 'enrollment.institution',
  '/config/users': 'users.view',
  '/config/kind-event': 'settings.manage',
  '/config/enabled': 'enabling.manage',
  '/paid/detail': 'payments.view',
  '/paid/general': 'payments.view',
  '/tutors/admin': 'holders.view',
  '/tutors/department': 'holders.view',
  '/tutors/district': 'holders.view',
  '/tutors/principal': 'holders.edit',
  '/modification/admin': 'adjustments.process',
  '/modification/principal': 'adjustments.request',
  '/sync-module/admin': 'sync.run',
  '/modification-process/admin': 'adjustments.process',
  '/admin/person-searches': 'users.manage',
  '/admin/login-locks': 'users.manage',
  '/admin/imports': 'imports.run',
  '/admin/years': 'settings.manage',
  '/modification-remove/admin': 'removals.manage',
  '/modification-remove/depto': 'removals.manage',
  '/enable-validation-institution/admin': 'enabling.manage',
  '/enable-validation-institution/depto': 'tracking.view',
  '/reports/national': 'reports.view',
  '/reports/departmental': 'reports.view',
  '/reports/district': 'reports.view',
  '/reports/institution': 'reports.view',
  '/reports/ue-principal': 'reports.view',
  '/reports/user-district': 'reports.view',
  '/reports/user-depto': 'reports.view',
  '/reports/reconciliation': 'reports.view',
  '/reports/observed-payments': 'reports.view',
  '/seguimiento/depto/admin': 'tracking.view',
  '/seguimiento/depto/user': 'tracking.view',
  '/seguimiento/district/admin': 'tracking.view',
  '/seguimiento/district/user': 'tracking.view',
  '/seguimiento/novedades': 'tracking.view',
  '/paid-report/admin-report': 'paid.view',
  '/paid-report/principal-report': 'paid.view',
  '/paid-report/titular/:code': 'paid.view',
  '/sereci/student-validation': 'sereci.validate',
  '/block/student-lock': 'blocking.manage',
  '/block/student': 'blocking.manage',
  '/control/calendar-control': 'payments.view',
  '/kardex': 'holders.view',
} as const satisfies Record<string, Permission | null>;

export type AppPath = keyof typeof routeAccess;

export function permissionFor(path: AppPath): Permission | null {
  return routeAccess[path];
}

export function canAccess(path: AppPath, granted: readonly string[]): boolean {
  const needed = permissionFor(path);
  return needed === null || granted.includes(needed);
}
