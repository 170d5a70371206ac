import { holderMessages } from '@bjp/domain';
import { errorMessage, isApiError } from '../../../app/api';
import { showErrorDialog } from '../../../ui/ConfirmDialog';
import { notifyError } from '../../../ui/notify';

export type SegipDetails = { segip?: string; observation?: string };

/** Where a failure is said inside the titular dialog, above its buttons (issue 37 §5). */
export type ShowFailure = (message: string) => void;

/**
 * Shows a failed titular change: SEGIP not confirming the person as the specification's dialog
 * 'Error en el servicio de verificación SEGIP' with the server's message; anything else — SEGIP
 * unavailable ('Error en el servicio de verificación con el SEGIP.') included — inside the titular
 * dialog when `show` is given (a toast there lay over 'Nuevo Titular' and 'Registrar', decision
 * 061), as a toast otherwise.
 */
export function reportTitularError(
  error: unknown,
  fallback: string = holderMessages.saveFailed,
  show?: ShowFailure,
): void {
  const say = show ?? ((message: string) => notifyError(message));
  if (isApiError(error) && error.code === 'upstream_failure') {
    say(holderMessages.segipFailure);
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
  say(errorMessage(error, fallback));
}
