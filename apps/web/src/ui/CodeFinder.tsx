import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { notifyWarning } from './notify';

type Props = {
  label: string;
  /** Shown when 'Buscar' is pressed with an empty code, e.g. 'Ingrese un código SIE'. */
  emptyMessage: string;
  onSearch: (code: string) => void;
  placeholder?: string;
  buttonLabel?: string;
  loading?: boolean;
  maxLength?: number;
  defaultValue?: string;
};

/** A numeric code input with 'Buscar' (SIE, district, department codes). */
export function CodeFinder(props: Props) {
  const { label, emptyMessage, onSearch, buttonLabel = 'Buscar', loading = false, maxLength = 12 } = props;
  const [code, setCode] = useState(props.defaultValue ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!value) {
      setError(emptyMessage);
      notifyWarning(emptyMessage);
      return;
    }
    setError(null);
    onSearch(value);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={props.placeholder}
          inputMode="numeric"
          maxLength={maxLength}
          value={code}
          error={error}
          onChange={(e) => {
            setCode(e.currentTarget.value.replace(/\D/g, ''));
            setError(null);
          }}
          style={{ flex: 1 }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} />} loading={loading}>
          {buttonLabel}
        </Button>
      </Group>
    </form>
  );
}
