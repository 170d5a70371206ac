import { messages, paidMessages } from '@bjp/domain';
import { Alert, Button, Group, Select, Stack } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { CodeFinder } from '../../ui/CodeFinder';
import { notifyWarning } from '../../ui/notify';
import { useMyInstitutions } from '../structure';

type Props = { variant: 'admin' | 'principal'; loading: boolean; onSearch: (sie: number) => void };

/**
 * Part 2 §2.5: the admin types a SIE code ('Buscar'); the director picks one of their schools under
 * 'Seleccione Institución' and presses 'Buscar'. The server refuses a school outside the user's scope.
 */
export function InstitutionFinder({ variant, loading, onSearch }: Props) {
  const mine = useMyInstitutions(variant === 'principal');
  const [chosen, setChosen] = useState<string | null>(null);
  if (variant === 'admin') {
    return (
      <CodeFinder
        label="Código SIE"
        emptyMessage={messages.enterSie}
        onSearch={(code) => onSearch(Number(code))}
        loading={loading}
      />
    );
  }
  const search = () => {
    if (!chosen) {
      notifyWarning(paidMessages.selectInstitution);
      return;
    }
    onSearch(Number(chosen));
  };
  return (
    <Stack gap="xs">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <Select
          label="Seleccione Institución"
          placeholder={mine.isPending ? 'Cargando…' : 'Seleccione Institución'}
          data={(mine.data?.items ?? []).map((i) => ({
            value: String(i.sie),
            label: `${i.sie} - ${i.name}`,
          }))}
          value={chosen}
          onChange={setChosen}
          nothingFoundMessage="Sin instituciones asignadas"
          searchable
          style={{ flex: 1 }}
        />
        <Button leftSection={<IconSearch size={16} />} onClick={search} loading={loading}>
          Buscar
        </Button>
      </Group>
      {mine.isError && <Alert color="red">{errorMessage(mine.error)}</Alert>}
    </Stack>
  );
}
