import { observationError } from '@bjp/domain';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useState } from 'react';

function ObservationForm({ onDone }: { onDone: (value: string | null) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const problem = observationError(value);
    if (problem) return setError(problem);
    onDone(value.trim());
  };
  return (
    <Stack>
      <Textarea
        label="Observación"
        autosize
        minRows={3}
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
        <Button onClick={submit}>Registrar</Button>
      </Group>
    </Stack>
  );
}

/**
 * After the confirmation, the observation (required, at least 10 characters) for block and unblock
 * alike; resolves null when cancelled.
 */
export function askObservation(title: string): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: string | null) => {
      if (settled) return;
      settled = true;
      modals.close(id);
      resolve(value);
    };
    const id = modals.open({
      title,
      centered: true,
      onClose: () => finish(null),
      children: <ObservationForm onDone={finish} />,
    });
  });
}
