/** Login type: 1 Ministerio de Educación, 2 SIE (institution staff). */
export const userTypes = [
  { id: 1, name: 'Ministerio de Educación' },
  { id: 2, name: 'SIE' },
] as const;
export type UserType = 1 | 2;

/** Profiles (external_id) of type 2 users. */
export const profiles = {
  department: 7,
  director: 9,
  district: 10,
} as const;

/** The original's eight role names (table `roles`); what each one does and whom it fits: roles.ts. */
export const roleNames = [
  'Administrador',
  'Comunicación',
  'Solicitante',
  'Publico General',
  'Estudiante',
  'Maestros',
  'Directores',
  'Root',
] as const;
export type RoleName = (typeof roleNames)[number];
