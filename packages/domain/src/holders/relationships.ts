/** Relationship (parentesco) of the titular to the student, as the server lists it. */
export const relationships = [
  { id: 1, name: 'MADRE' },
  { id: 2, name: 'PADRE' },
  { id: 3, name: 'ABUELA/O' },
  { id: 4, name: 'HERMANA/O' },
  { id: 5, name: 'TIA/O' },
  { id: 6, name: 'MAESTRA/O' },
  { id: 7, name: 'DIRECTORA/OR' },
  { id: 8, name: 'TUTORA/TUTOR' },
  { id: 9, name: 'OTROS' },
  { id: 10, name: 'HIJA/O' },
  { id: 11, name: 'ESPOSA/O' },
  { id: 12, name: 'ENCARGADO/A CENTRO ACOGIDA' },
  { id: 13, name: 'BENEFICIARIO MAYOR DE EDAD' },
] as const;

/** Regular schools (code_type 1) may only use relationships 1–8 and 13. */
export function relationshipsAllowedFor(codeType: number): number[] {
  const all = relationships.map((r) => r.id as number);
  return codeType === 1 ? all.filter((id) => id <= 8 || id === 13) : all;
}

/** Holder type (tipo apoderado) follows the relationship: teachers and directors are tracked apart. */
export const holderTypes = [
  { id: 1, name: 'APODERADO' },
  { id: 2, name: 'MAESTRO' },
  { id: 3, name: 'DIRECTOR' },
] as const;

export function holderTypeForRelationship(relationshipId: number): 1 | 2 | 3 {
  if (relationshipId === 6) return 2;
  if (relationshipId === 7) return 3;
  return 1;
}
