/** Spanish texts of the birth-registry screen (part 2 §2.9, §5, §8). */
export const sereciMessages = {
  enterValidRude: 'Ingrese un RUDE válido',
  studentNotFound: 'Estudiante no encontrado',
  validationFailed: 'Falla en la validación',
  validationSucceeded: 'Validación exitosa',
  listFailed: 'No se pudo cargar la lista de estudiantes validados.',
  emptyList: 'No hay estudiantes validados que coincidan con la búsqueda.',
  /** Only pending students may be validated (part 2 §4 'Birth-registry status'). */
  alreadyValidatedSegip: 'El estudiante ya fue validado por SEGIP; no requiere validación SERECI.',
  alreadyValidatedSereci: 'El estudiante ya fue validado por SERECI.',
  mismatch: 'Los datos del certificado de nacimiento no coinciden con el registro de SERECI: {fields}.',
  unknownRecord: 'SERECI no encontró el registro de nacimiento con esos datos.',
  serviceUnavailable: 'Error en el servicio de verificación SERECI. Intente nuevamente más tarde.',
} as const;

export const sereciStatusLabels = {
  segip: 'Validado SEGIP',
  sereci: 'Validado SERECI',
  pending: 'Pendiente de Validación',
} as const;

/** The four fields of a birth certificate, as the modal 'Datos de Validación SERECI' names them. */
export const certificateFieldLabels = {
  oficialia: 'Oficialía',
  libro: 'Libro',
  partida: 'Partida',
  folio: 'Folio',
} as const;
