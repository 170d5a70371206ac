/**
 * Baja Beneficiarios (part 2 §2.4, §4, §8). Quoted texts are the specification's; the others are
 * ours (decision 011).
 */
export const removalMessages = {
  heading: 'Historial Baja Beneficiarios',
  removeButton: 'Baja Beneficiario',
  confirmTitle: '¿Está seguro?',
  confirmRemove:
    'El estudiante dejará de ser beneficiario del bono en toda la gestión. Esta acción no se puede deshacer.',
  reasonLabel: 'Motivo de la baja',
  reasonDescription: 'Queda registrado en el historial y en el Kardex del estudiante.',
  reasonRequired: 'Escriba el motivo de la baja (al menos 5 caracteres).',
  confirmButton: 'Dar de baja',
  removed: 'Operación exitosa!!!',
  failed: 'Falla en la operación',
  studentNotFound: 'Estudiante no encontrado',
  enterRude: 'Ingrese RUDE estudiante',
  enterDepartment: 'Ingrese un código de Departamento',
  invalidUser: 'Usuario no válido.',
  alreadyRemoved: 'El estudiante ya fue dado de baja como beneficiario.',
  notInDepartment: 'La institución no pertenece al departamento seleccionado.',
  departmentNotFound: 'Departamento no encontrado.',
} as const;

/** state_id of a removal: 1 registered (primary badge), 2 sent to Síntesis (success badge). */
export const removalStates = { 1: 'REGISTRADA', 2: 'ENVIADA A SINTESIS' } as const;
export type RemovalStateId = keyof typeof removalStates;

/** How the removal came about (SOLICITUD). */
export const removalSources = ['BAJA BENEFICIARIO', 'AJUSTE TITULAR'] as const;
export type RemovalSource = (typeof removalSources)[number];
