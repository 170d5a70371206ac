import type { Permission } from './permission-names.js';
import { profiles, type RoleName, roleNames } from './profiles.js';

/**
 * The kinds of user a role can fit: type 1 (Ministerio de Educación) is one kind; type 2 (SIE)
 * users are told apart by their profile.
 */
export const userKinds = ['ministry', 'department', 'district', 'director', 'otherSie'] as const;
export type UserKind = (typeof userKinds)[number];

export const userKindLabels: Record<UserKind, string> = {
  ministry: 'Ministerio de Educación',
  department: 'Técnico Departamental',
  district: 'Técnico Distrital',
  director: 'Director de UE',
  otherSie: 'Otro personal SIE',
};

export function userKindOf(user: { type: number; profile: number | null }): UserKind {
  if (user.type === 1) return 'ministry';
  switch (user.profile) {
    case profiles.department:
      return 'department';
    case profiles.district:
      return 'district';
    case profiles.director:
      return 'director';
    default:
      return 'otherSie';
  }
}

export type RoleDefinition = {
  name: RoleName;
  /** One line, shown in the roles dialog. */
  description: string;
  /** What holding the role adds to the user's profile; 'all' is every permission the server knows. */
  grants: readonly Permission[] | 'all';
  /** Kinds of user the role may be given to. Empty: the role is no longer offered to anybody. */
  fits: readonly UserKind[];
  /** Why a role fits nobody, shown under the dialog's switches. */
  notOffered?: string;
};

const noUseHere =
  'El sistema original no le daba ninguna función en esta consola (la inscripción pública a eventos no usa cuentas).';

/**
 * The one table of roles: the server computes permissions from it (permissionsFor) and refuses a role
 * outside `fits`; the roles dialog shows the same descriptions and grants. The eight names are the
 * original's (specification part 1 §6: "not wired"); only the events area ('Evento enviado a
 * comunicación') and the administrators' full menu give any of them a meaning, so the others are kept
 * in the catalogue (old assignments, audit history) but fit nobody. See decision 002 (roles).
 */
export const roleTable: Record<RoleName, RoleDefinition> = {
  Administrador: {
    name: 'Administrador',
    description:
      'Administra toda la consola con alcance nacional: usuarios y roles, parámetros, titulares, pagos, validaciones, sincronización y reportes.',
    grants: 'all',
    fits: ['ministry'],
  },
  Comunicación: {
    name: 'Comunicación',
    description:
      'Recibe y gestiona los eventos: registra, envía y concluye eventos, ambientes, periodos y etapas y formularios de inscripción.',
    grants: ['events.manage'],
    fits: ['ministry'],
  },
  Solicitante: { name: 'Solicitante', description: '', grants: [], fits: [], notOffered: noUseHere },
  'Publico General': {
    name: 'Publico General',
    description: '',
    grants: [],
    fits: [],
    notOffered: noUseHere,
  },
  Estudiante: { name: 'Estudiante', description: '', grants: [], fits: [], notOffered: noUseHere },
  Maestros: { name: 'Maestros', description: '', grants: [], fits: [], notOffered: noUseHere },
  Directores: {
    name: 'Directores',
    description: '',
    grants: [],
    fits: [],
    notOffered: 'Los directores reciben sus permisos de su perfil SIE (Director de UE), no de un rol.',
  },
  Root: {
    name: 'Root',
    description: 'Superusuario del sistema original: los mismos permisos que Administrador.',
    grants: 'all',
    fits: ['ministry'],
  },
};

/** The permissions a role adds, given the list of every permission (permissions.ts passes it in). */
export function roleGrants(role: RoleName, every: readonly Permission[]): Permission[] {
  const grants = roleTable[role].grants;
  return grants === 'all' ? [...every] : [...grants];
}

export const isRoleName = (name: string): name is RoleName => (roleNames as readonly string[]).includes(name);

export function roleFits(role: RoleName, user: { type: number; profile: number | null }): boolean {
  return roleTable[role].fits.includes(userKindOf(user));
}

/** The roles the dialog offers to this user, in the catalogue's order. */
export function rolesOfferedTo(user: { type: number; profile: number | null }): RoleName[] {
  return roleNames.filter((role) => roleFits(role, user));
}

/**
 * The stored roles that count: known names that fit the user's kind, in the catalogue's order. An
 * assignment that does not fit (made before issue 16, or left behind by a change of profile) is
 * kept in the database but ignored everywhere: permissions, the session, the users list.
 */
export function effectiveRoles(user: {
  type: number;
  profile: number | null;
  roles: readonly string[];
}): RoleName[] {
  return roleNames.filter((role) => user.roles.includes(role) && roleFits(role, user));
}

/** Whether the role grants every permission: the administrators of the specification's full menu. */
export const grantsEverything = (role: RoleName) => roleTable[role].grants === 'all';

/** Administrador or Root among the roles that count. */
export const isAdministrator = (user: { type: number; profile: number | null; roles: readonly string[] }) =>
  effectiveRoles(user).some(grantsEverything);

export const roleNotFittingMessage = (role: string) =>
  `El rol ${role} no corresponde a este tipo de usuario.`;
