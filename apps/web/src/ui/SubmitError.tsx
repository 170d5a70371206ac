import { Alert } from '@mantine/core';
import { errorMessage, isApiError } from '../app/api';

/**
 * The server's field messages of a refused submission ({ field, message } details), keyed as the
 * form names its fields, for @mantine/form's setErrors or a form's own error state.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error) || !Array.isArray(error.details)) return {};
  const errors: Record<string, string> = {};
  for (const d of error.details) {
    if (d && typeof d === 'object' && 'field' in d && 'message' in d)
      errors[String(d.field)] ??= String(d.message);
  }
  return errors;
}

type Props = { error: unknown; title?: string; fallback?: string };

/**
 * Why a dialog's or a form's submission failed, shown inside it just above its buttons: a toast
 * there covered the very button the user reaches for next (decision 056). Nothing when there is no
 * error; the form's fields carry their own messages beside them.
 */
export function SubmitError({ error, title, fallback }: Props) {
  if (!error) return null;
  return (
    <Alert color="red" variant="light" title={title} role="alert" data-testid="submit-error">
      {errorMessage(error, fallback)}
    </Alert>
  );
}
