/**
 * Spanish names of the request fields users fill in, keyed by the field's code name (the last
 * segment of its path): the API puts them before zod's generic messages so a refused request says
 * which field is wrong ('Búsqueda: Escriba como máximo 100 caracteres.').
 */
export const fieldLabels: Record<string, string> = {
  search: 'Búsqueda',
  page: 'Página',
  pageSize: 'Tamaño de página',
  name: 'Nombre',
  username: 'Usuario',
  password: 'Contraseña',
  email: 'Correo electrónico',
  phone: 'Teléfono',
  title: 'Título',
  description: 'Descripción',
  label: 'Etiqueta',
  placeholder: 'Texto de ayuda',
  sie: 'Código SIE',
  rude: 'RUDE',
  carnet: 'Carnet de identidad',
  complement: 'Complemento',
  date: 'Fecha',
  startDate: 'Fecha de inicio',
  endDate: 'Fecha de fin',
  departmentId: 'Departamento',
  districtId: 'Distrito',
  institutionId: 'Unidad educativa',
  status: 'Estado',
  observation: 'Observación',
  reason: 'Motivo',
};

/** The Spanish label of a field path ('items.0.name' → 'Nombre'), or undefined when none is known. */
export function fieldLabel(path: string): string | undefined {
  const last = path.split('.').at(-1) ?? '';
  return Object.hasOwn(fieldLabels, last) ? fieldLabels[last] : undefined;
}
