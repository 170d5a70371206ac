/** The nine departments of Bolivia with the codes the ministry uses. Ids follow the SIE numbering. */
export const departments = [
  { id: 1, code: 'CHU', name: 'Chuquisaca' },
  { id: 2, code: 'LP', name: 'La Paz' },
  { id: 3, code: 'CBA', name: 'Cochabamba' },
  { id: 4, code: 'OR', name: 'Oruro' },
  { id: 5, code: 'PT', name: 'Potosí' },
  { id: 6, code: 'TJ', name: 'Tarija' },
  { id: 7, code: 'SCZ', name: 'Santa Cruz' },
  { id: 8, code: 'BN', name: 'Beni' },
  { id: 9, code: 'PN', name: 'Pando' },
] as const;

export type DepartmentCode = (typeof departments)[number]['code'];

/** Institution code_type: 1 regular school (UE), 4 special-education centre (CEE). */
export const institutionCodeTypes = { regular: 1, special: 4 } as const;
export type InstitutionCodeType = 1 | 4;

export const institutionTypeName = (codeType: number): string =>
  codeType === institutionCodeTypes.special ? 'Centro de Educación Especial' : 'Unidad Educativa';

/** Dependency 1 PUBLICA, 2 CONVENIO. */
export const dependencies = [
  { id: 1, name: 'PUBLICA' },
  { id: 2, name: 'CONVENIO' },
] as const;

/** Geographic area R rural, U urban. */
export const areas = [
  { id: 'R', name: 'RURAL' },
  { id: 'U', name: 'URBANO' },
] as const;
export type AreaCode = 'R' | 'U';

/** Levels: 1 special education, 12 primary, 13 secondary. */
export const levels = [
  { id: 1, name: 'Especial' },
  { id: 12, name: 'Primaria' },
  { id: 13, name: 'Secundaria' },
] as const;
export type LevelId = 1 | 12 | 13;

export const shifts = [
  { id: 1, name: 'Mañana' },
  { id: 2, name: 'Tarde' },
  { id: 3, name: 'Noche' },
] as const;

/** Gender 1 male, 2 female. */
export const genders = { male: 1, female: 2 } as const;

/** Grade id 99 is shown as 'CEA' (alternative education). */
export const CEA_GRADE_ID = 99;
