import { normalizeRude, sereciMessages } from '@bjp/domain';
import { Button, Group, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { notifyWarning } from '../../ui/notify';

type Props = {
  onSearch: (rude: string) => void;
  label?: string;
  buttonLabel?: string;
  loading?: boolean;
};

/** RUDE search shared by SERECI, blocking and the kardex: trimmed, upper-cased, 'Ingrese un RUDE válido'. */
export function RudeFinder({
  onSearch,
  label = 'Código RUDE',
  buttonLabel = 'Buscar',
  loading = false,
}: Props) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rude = normalizeRude(value);
    if (!rude) {
      setError(sereciMessages.enterValidRude);
      notifyWarning(sereciMessages.enterValidRude);
      return;
    }
    setError(null);
    setValue(rude);
    onSearch(rude);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          placeholder="Ej. 8098123420150012"
          value={value}
          error={error}
          maxLength={30}
          onChange={(e) => {
            setValue(e.currentTarget.value);
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
