import { observationError } from '@bjp/domain';
import { askText } from '../../ui/ask-text';

/**
 * After the confirmation, the observation (required, at least 10 characters) for block and unblock
 * alike; resolves null when cancelled.
 */
export function askObservation(title: string): Promise<string | null> {
  return askText({
    title,
    label: 'Observación',
    submitLabel: 'Registrar',
    check: (value) => {
      const problem = observationError(value);
      return problem ? { error: problem } : { value: value.trim() };
    },
  });
}
