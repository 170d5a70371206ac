/**
 * What users read in Ajuste Titulares and Procesar Ajustes (part 2 §2.3, §4, §5, §8). Quoted texts
 * are the specification's; the rest name rules the original left to its server (docs/decisions.md,
 * "Adjustments and removals").
 */
export const adjustmentMessages = {
  // §8 dialogs
  errorTitle: 'Error en la modificación!!!',
  failureTitle: 'Falla en la modificación!!!',
  genericError: 'Error!',
  reenabled: 'Habilitación exitosa!!!',
  operationOk: 'Operación exitosa!!!',
  studentNotFound: 'Estudiante no encontrado',
  enterRude: 'Ingrese RUDE estudiante',
  // §5 confirmation: changes are registered once and cannot be modified again
  confirmTitle: '¿Está Seguro?',
  confirmOnce: 'Los cambios se registran una sola vez y no podrán ser modificados nuevamente.',
  confirmRemoval:
    'No seleccionó ningún titular: el estudiante será dado de baja como beneficiario. La baja no se puede revertir.',
  confirmReenable: 'Se habilitará nuevamente la modificación de titular del estudiante.',
  confirmSync: 'Se leerán los datos de pago de Síntesis y se actualizarán las estadísticas.',
  // §4 once per student — the server's refusal, even when two requests race
  alreadyAdjusted: 'Los cambios se registran una sola vez y no podrán ser modificados nuevamente.',
  // Rules of ours
  notConsolidated:
    'La lista de titulares de esta institución aún no fue consolidada: registre los cambios en Registro Titulares.',
  noChange: 'El titular seleccionado ya es el titular del estudiante.',
  onlyCurrentTitular: 'Solo puede cambiar el parentesco o los datos del titular actual del estudiante.',
  noTitular: 'El estudiante no tiene un titular registrado.',
  sameRelationship: 'El titular ya tiene ese parentesco.',
  nothingToReenable: 'El estudiante no tiene una modificación registrada para habilitar.',
  progressTitle: 'Generando reporte...',
  progressFailed: 'Falla en el proceso!',
  syncTitle: 'Procesando sincronización',
} as const;

/** SOLICITUD: what the adjustment changed. */
export const adjustmentKinds = [
  'CAMBIO TITULAR',
  'ACTUALIZACION DATOS',
  'CAMBIO PARENTESCO',
  'BAJA BENEFICIARIO',
] as const;
export type AdjustmentKind = (typeof adjustmentKinds)[number];

export const adjustmentKindLabels: Record<AdjustmentKind, string> = {
  'CAMBIO TITULAR': 'Cambio de titular',
  'ACTUALIZACION DATOS': 'Actualización de datos del titular',
  'CAMBIO PARENTESCO': 'Cambio de parentesco',
  'BAJA BENEFICIARIO': 'Baja de beneficiario',
};

/** holder_types: the TIPO TITULAR filter. */
export const holderTypeOptions = [
  { id: 1, name: 'APODERADO' },
  { id: 2, name: 'MAESTRO' },
  { id: 3, name: 'DIRECTOR' },
] as const;
