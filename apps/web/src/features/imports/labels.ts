import type { ImportCounts, ImportState } from '@bjp/domain';

export const countLabels: Array<[keyof ImportCounts, string]> = [
  ['rows', 'Filas leídas'],
  ['new', 'Pagos nuevos'],
  ['unchanged', 'Sin cambios (ya registrados)'],
  ['changed', 'Modificados'],
  ['refused', 'Rechazados (RUDE desconocido, baja, bloqueo o sin titular)'],
  ['errors', 'Filas con errores'],
];

export const stateLabels: Record<ImportState, string> = {
  checking: 'Revisando',
  checked: 'Revisado, sin confirmar',
  queued: 'En cola',
  running: 'Importando',
  done: 'Importado',
  failed: 'Fallido',
};
