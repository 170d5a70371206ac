import { profiles, type SessionUser, userTypes } from '@bjp/domain';

const profileNames: Record<number, string> = {
  [profiles.department]: 'Técnico Departamental',
  [profiles.director]: 'Director(a) UE/CEE',
  [profiles.district]: 'Técnico Distrital',
};

export function userTypeName(type: number): string {
  return userTypes.find((t) => t.id === type)?.name ?? `Tipo ${type}`;
}

export function profileName(user: Pick<SessionUser, 'type' | 'profile'>): string {
  if (user.type === 1) return 'Ministerio de Educación';
  return (user.profile !== null && profileNames[user.profile]) || 'Sin perfil asignado';
}

export function fullName(user: Pick<SessionUser, 'name' | 'firstLastName' | 'username'>): string {
  return [user.name, user.firstLastName].filter(Boolean).join(' ') || user.username;
}
