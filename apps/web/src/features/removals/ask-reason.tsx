import { REMOVAL_REASON_MAX, removalMessages, removalReason } from '@bjp/domain';
import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { askText } from '../../ui/ask-text';

/**
 * The confirmation of 'Baja Beneficiario' (issue 16): it says the removal cannot be undone and asks
 * the reason, which the history and the Kardex show. Resolves the reason, or null when cancelled.
 */
export function askRemovalReason(who: string): Promise<string | null> {
  return askText({
    title: removalMessages.confirmTitle,
    intro: (
      <>
        <Text size="sm" fw={600}>
          {who}
        </Text>
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="removal-irreversible">
          {removalMessages.confirmRemove}
        </Alert>
      </>
    ),
    label: removalMessages.reasonLabel,
    description: removalMessages.reasonDescription,
    required: true,
    maxLength: REMOVAL_REASON_MAX,
    submitLabel: removalMessages.confirmButton,
    submitColor: 'red',
    check: (value) => {
      // The same rule the server applies (5 to 300 characters, trimmed).
      const parsed = removalReason.safeParse(value);
      return parsed.success
        ? { value: parsed.data }
        : { error: parsed.error.issues[0]?.message ?? removalMessages.reasonRequired };
    },
  });
}
