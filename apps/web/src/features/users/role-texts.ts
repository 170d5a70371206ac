import { type Permission, permissionLabels, type RoleName, roleNames, roleTable } from '@bjp/domain';

/** What the dialog writes under a role's switch: the permissions it adds, in Spanish. */
export function grantsText(role: RoleName): string {
  const grants = roleTable[role].grants;
  if (grants === 'all') return 'Otorga todos los permisos de la consola.';
  return `Otorga: ${grants.map((p) => permissionLabels[p]).join(', ')}.`;
}

/** The roles no kind of user is offered, grouped by the reason the table gives. */
export function notOfferedNotes(): string[] {
  const byReason = new Map<string, RoleName[]>();
  for (const role of roleNames) {
    const reason = roleTable[role].notOffered;
    if (reason) byReason.set(reason, [...(byReason.get(reason) ?? []), role]);
  }
  return [...byReason].map(([reason, roles]) => `${spanishList(roles)}: ${reason}`);
}

/** 'a', 'a y b', 'a, b y c'. */
export function spanishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} y ${items[items.length - 1]}`;
}

export type PermissionChange = { permission: Permission; label: string; state: 'kept' | 'added' | 'removed' };

/** Every permission the user has now or will have after saving, marked kept, added or removed. */
export function permissionChanges(
  now: readonly Permission[],
  after: readonly Permission[],
): PermissionChange[] {
  const all = [...after, ...now.filter((p) => !after.includes(p))];
  return all.map((permission) => ({
    permission,
    label: permissionLabels[permission],
    state: !now.includes(permission) ? 'added' : !after.includes(permission) ? 'removed' : 'kept',
  }));
}
