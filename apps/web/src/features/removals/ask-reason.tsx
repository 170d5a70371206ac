import { REMOVAL_REASON_MAX, removalMessages, removalReason } from '@bjp/domain';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';

function ReasonForm({ who, onDone }: { who: string; onDone: (reason: string | null) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    // The same rule the server applies (5 to 300 characters, trimmed).
    const parsed = removalReason.safeParse(value);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? removalMessages.reasonRequired);
    onDone(parsed.data);
  };
  return (
    <Stack>
      <Text size="sm" fw={600}>
        {who}
      </Text>
      <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="removal-irreversible">
        {removalMessages.confirmRemove}
      </Alert>
      <Textarea
        label={removalMessages.reasonLabel}
        description={removalMessages.reasonDescription}
        required
        autosize
        minRows={3}
        maxLength={REMOVAL_REASON_MAX}
        value={value}
        error={error}
        data-autofocus
        onChange={(e) => {
          setValue(e.currentTarget.value);
          setError(null);
        }}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => onDone(null)}>
          Cancelar
        </Button>
        <Button color="red" onClick={submit}>
          {removalMessages.confirmButton}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The confirmation of 'Baja Beneficiario' (issue 16): it says the removal cannot be undone and asks
 * the reason, which the history and the Kardex show. Resolves the reason, or null when cancelled.
 */
export function askRemovalReason(who: string): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: string | null) => {
      if (settled) return;
      settled = true;
      modals.close(id);
      resolve(value);
    };
    const id = modals.open({
      title: removalMessages.confirmTitle,
      centered: true,
      onClose: () => finish(null),
      children: <ReasonForm who={who} onDone={finish} />,
    });
  });
}
