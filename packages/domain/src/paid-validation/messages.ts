/**
 * What users read in paid validation (Validación Pagados). The quoted texts are the specification's
 * (part 2 §2.5, §5, §8, §9), word for word; the others name rules the original left to its server
 * and are ours (see decision 009).
 */
export const paidMessages = {
  // §2.5 screen texts
  detailTitle: 'DETALLE ESTADO',
  listTitle: 'Lista de Maestros o Directores como TITULAR DE COBRO',
  modalTitle: 'Validación Estudiante',
  consolidateButton: 'Consolidar Operativo de Validación',
  downloadDdjj: 'Descargar Reporte DDJJ',
  saldoLabel: 'SALDO A DEVOLVER EN BOLIVIANOS',
  // §5 validation
  studentDataMissing: 'No se pudieron encontrar datos del estudiante.',
  selectPaymentState: 'Favor seleccione un estado de pago.',
  observationRequired: 'Favor ingresar la observación.',
  selectInstitution: 'Por favor seleccione una institución',
  // §5 confirmations
  confirmTitle: '¿Está Seguro?',
  confirmSave:
    'Se registrará el estado de pago del estudiante. Podrá cambiarlo hasta consolidar el operativo.',
  confirmConsolidate:
    'Se consolidará el Operativo de Validación de la institución. Esta acción cierra el operativo de validación: después no podrá registrar ni cambiar la validación de ningún estudiante.',
  // §8 catalogue
  consolidated: 'Se consolido exitosamente',
  consolidationFailed: 'Consolidación fallida!!!',
  saveFailed: 'Falla en el registro, intente de nuevo por favor!!!',
  // Ours: success of a save (the original showed none), and the rules the server enforces.
  saved: 'Validación registrada.',
  alreadyConsolidated:
    'El operativo de validación de pagados de esta institución ya fue consolidado y su declaración jurada no cambia: para modificarlo, la Dirección Distrital debe reabrirlo con «Habilitar UE/CEE».',
  unvalidatedRemain: 'Existen {n} estudiantes sin validar: valide a todos antes de consolidar.',
  reportBeforeConsolidation: 'El reporte se genera después de consolidar el operativo de validación.',
  titularNotFound: 'El titular no tiene estudiantes pagados en esta institución.',
  observationTooLong: 'La observación no debe superar los 500 caracteres.',
} as const;

/** The student's state button (part 2 §2.5, §4): true paid, false not paid, null unvalidated. */
export const paidStateLabels = {
  paid: 'PAGADO',
  not_paid: 'NO PAGADO',
  unvalidated: 'SIN VALIDAR',
} as const;

export function unvalidatedMessage(count: number): string {
  return paidMessages.unvalidatedRemain.replace('{n}', String(count));
}
