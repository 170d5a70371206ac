import type { ImportState } from '@bjp/domain';

export const stateLabels: Record<ImportState, string> = {
  checking: 'Revisando',
  checked: 'Revisado, sin confirmar',
  queued: 'En cola',
  running: 'Importando',
  done: 'Importado',
  failed: 'Fallido',
  expired: 'Vencido (archivo borrado)',
};
