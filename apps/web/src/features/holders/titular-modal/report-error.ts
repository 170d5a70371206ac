import { holderMessages } from '@bjp/domain';
import { errorMessage, isApiError } from '../../../app/api';
import { showErrorDialog } from '../../../ui/ConfirmDialog';
import { notifyError } from '../../../ui/notify';

export type SegipDetails = { segip?: string; observation?: string };

/**
 * Shows a failed titular change as the specification does: SEGIP unavailable as the toast 'Error en
 * el servicio de verificación con el SEGIP.', SEGIP not confirming the person as the dialog 'Error en
 * el servicio de verificación SEGIP' with the server's message, anything else as a toast.
 */
export function reportTitularError(error: unknown, fallback: string = holderMessages.saveFailed): void {
  if (isApiError(error) && error.code === 'upstream_failure') {
    notifyError(holderMessages.segipFailure);
    return;
  }
  const details = isApiError(error) ? (error.details as SegipDetails | undefined) : undefined;
  if (details?.segip) {
    showErrorDialog(
      `${errorMessage(error)} ${details.observation ?? ''}`.trim(),
      holderMessages.segipDialogTitle,
    );
    return;
  }
  notifyError(errorMessage(error, fallback));
}
