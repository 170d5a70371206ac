import { Button, Group, Stack, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { type ReactNode, useState } from 'react';

export type AskTextOptions = {
  title: string;
  label: string;
  description?: string;
  required?: boolean;
  maxLength?: number;
  /** Shown above the field: who it is about, a warning. */
  intro?: ReactNode;
  submitLabel: string;
  submitColor?: string;
  /** The domain's rule (the server's own): the text to resolve, or the problem shown under the field. */
  check: (value: string) => { value: string } | { error: string };
};

function TextForm({ options, onDone }: { options: AskTextOptions; onDone: (value: string | null) => void }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const checked = options.check(value);
    if ('error' in checked) return setError(checked.error);
    onDone(checked.value);
  };
  return (
    <Stack>
      {options.intro}
      <Textarea
        label={options.label}
        description={options.description}
        required={options.required}
        autosize
        minRows={3}
        maxLength={options.maxLength}
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
        <Button color={options.submitColor} onClick={submit}>
          {options.submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * A dialog that asks one text after a confirmation (a block's observation, a removal's reason):
 * resolves the checked text, or null when cancelled or closed.
 */
export function askText(options: AskTextOptions): Promise<string | null> {
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: string | null) => {
      if (settled) return;
      settled = true;
      modals.close(id);
      resolve(value);
    };
    const id = modals.open({
      title: options.title,
      centered: true,
      onClose: () => finish(null),
      children: <TextForm options={options} onDone={finish} />,
    });
  });
}
