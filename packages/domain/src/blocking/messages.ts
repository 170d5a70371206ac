/** Spanish texts of the blocking screens (part 2 §2.10, §5, §8). */
export const blockingMessages = {
  observationRequired: '¡La observación es requerida!',
  observationTooShort: 'La observación debe tener al menos 10 caracteres.',
  blockFailed: 'Falla en la validación',
  blockSucceeded: 'Validación exitosa',
  unblockFailed: 'Falla en el proceso',
  unblockSucceeded: 'Proceso exitoso',
  studentNotFound: 'Estudiante no encontrado',
  alreadyBlocked: 'El estudiante ya se encuentra bloqueado.',
  notBlocked: 'El estudiante no se encuentra bloqueado.',
  removed: 'El estudiante fue dado de baja como beneficiario; no puede bloquearse.',
  noInscription: 'El estudiante no tiene inscripción en la gestión vigente.',
  emptyList: 'No hay estudiantes con bloqueo temporal.',
  confirmBlock: 'Se bloqueará el pago del bono al estudiante hasta que sea desbloqueado.',
  confirmUnblock: 'Se desbloqueará el pago del bono al estudiante.',
  /** The badge on a blocked student wherever a list shows them (issue 7), and its title. */
  blockedBadge: 'Bloqueado',
  blockedBadgeTitle: 'Estudiante con bloqueo temporal de pago',
} as const;

/** Observation minimum for block and unblock (part 2 §9). */
export const OBSERVATION_MIN_LENGTH = 10;
