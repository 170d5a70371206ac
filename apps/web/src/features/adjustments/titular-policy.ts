import { adjustmentMessages } from '@bjp/domain';
import { api, errorMessage, isApiError } from '../../app/api';
import { showErrorDialog } from '../../ui/ConfirmDialog';
import { reportTitularError, type SegipDetails, type TitularModalPolicy } from '../holders';

/**
 * A failed adjustment (part 2 §8): SEGIP failures as in registration, anything else as the dialog
 * 'Error en la modificación!!!' with the server's message ('Falla en la modificación!!!' when there
 * is none).
 */
function reportAdjustmentError(error: unknown, show?: (message: string) => void): void {
  const details = isApiError(error) ? (error.details as SegipDetails | undefined) : undefined;
  if ((isApiError(error) && error.code === 'upstream_failure') || details?.segip) {
    reportTitularError(error, undefined, show);
    return;
  }
  showErrorDialog(errorMessage(error, adjustmentMessages.failureTitle), adjustmentMessages.errorTitle);
}

/**
 * The titular modal after consolidation: the adjustments API (same shape as registration's, under
 * /adjustments), one change per student confirmed first, and 'Editar Datos' of the titular. A change
 * refreshes every adjustments list: the history spans schools.
 */
export const adjustmentsPolicy: TitularModalPolicy = {
  path: '/adjustments/institutions/{sie}/inscriptions/{inscriptionId}',
  keys: {
    modal: (sie, inscriptionId) => ['adjustments', sie, 'modal', inscriptionId],
    changed: () => ['adjustments'],
  },
  confirmSave: adjustmentMessages.confirmOnce,
  confirmNoTitular: adjustmentMessages.confirmRemoval,
  confirmChange: adjustmentMessages.confirmOnce,
  reportError: reportAdjustmentError,
  editPersonData: ({ sie, inscriptionId, personId }, data) =>
    api.put('/adjustments/institutions/{sie}/inscriptions/{inscriptionId}/persons/{personId}', {
      path: { sie, inscriptionId, personId },
      body: data,
    }),
};
