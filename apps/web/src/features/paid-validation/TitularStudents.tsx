import { DEFAULT_PAGE_SIZE, type PaidStudentRow } from '@bjp/domain';
import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { WithBlockedBadge } from '../../ui/BlockedBadge';
import { type Column, DataTable } from '../../ui/DataTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { usePaidStudents, usePaidTitular } from './api';
import { StateButton } from './state-button';
import { ValidationModal } from './ValidationModal';

type Props = { sie: number; personId: number; canValidate: boolean; onBack: () => void };

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fw={500}>{value || '—'}</Text>
    </Stack>
  );
}

/** The list's page in the address (?spage=: the screen has other lists). */
const listParams = { spage: urlParam.page() };

/** The chosen holder's card with 'Volver', and their students with the state button (10 a page). */
export function TitularStudents({ sie, personId, canValidate, onBack }: Props) {
  const [{ spage: page }, setUrl] = useUrlState(listParams);
  const setPage = (next: number) => setUrl({ spage: next });
  const [editing, setEditing] = useState<PaidStudentRow | null>(null);
  const card = usePaidTitular(sie, personId);
  const students = usePaidStudents(sie, personId, page);
  const columns: Column<PaidStudentRow>[] = [
    { key: 'n', header: 'ID', width: 40, render: (r) => r.number },
    {
      key: 'rude',
      header: 'RUDE',
      render: (r) => (
        <Text size="xs" ff="monospace">
          {r.rude}
        </Text>
      ),
    },
    { key: 'paterno', header: 'PATERNO', render: (r) => r.paterno },
    { key: 'materno', header: 'MATERNO', render: (r) => r.materno },
    {
      key: 'name',
      header: 'NOMBRES',
      render: (r) => <WithBlockedBadge blocked={r.blocked}>{r.name}</WithBlockedBadge>,
    },
    { key: 'nivel', header: 'NIVEL', render: (r) => r.nivel },
    { key: 'grado', header: 'GRADO', render: (r) => r.grado },
    {
      key: 'estado',
      header: 'ESTADO',
      align: 'center',
      render: (r) => <StateButton row={r} disabled={!canValidate} onClick={() => setEditing(r)} />,
    },
  ];
  const c = card.data;
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" data-testid="titular-card">
        <Group justify="space-between" mb="sm">
          <Text fw={700}>Titular de cobro</Text>
          <Button variant="default" size="xs" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>
            Volver
          </Button>
        </Group>
        {card.isError && <Alert color="red">{errorMessage(card.error)}</Alert>}
        {c && (
          <Grid>
            <Grid.Col span={{ base: 6, md: 2 }}>
              <Field label="Carnet" value={c.complemento ? `${c.carnet}-${c.complemento}` : c.carnet} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 2 }}>
              <Field label="Paterno" value={c.paterno} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 2 }}>
              <Field label="Materno" value={c.materno} />
            </Grid.Col>
            <Grid.Col span={{ base: 6, md: 3 }}>
              <Field label="Nombres" value={c.name} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 3 }}>
              <Stack gap={2}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  Tipo titular
                </Text>
                <Group gap={6}>
                  <Badge color={c.holderTypeId === 3 ? 'grape' : 'blue'}>{c.holderTypeName}</Badge>
                  <Text size="sm" c="dimmed">
                    {c.validated} / {c.total} validados
                  </Text>
                </Group>
              </Stack>
            </Grid.Col>
          </Grid>
        )}
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text fw={700} mb="sm">
          Estudiantes
        </Text>
        {students.isError ? (
          <Alert color="red">{errorMessage(students.error)}</Alert>
        ) : (
          <DataTable
            columns={columns}
            rows={students.data?.items ?? []}
            rowKey={(r) => r.inscriptionId}
            page={page}
            pageSize={DEFAULT_PAGE_SIZE}
            total={students.data?.total ?? 0}
            onPageChange={setPage}
            loading={students.isFetching}
            minWidth={600}
            // Eight columns beside the institution card: at 1366 px the ESTADO buttons stay whole.
            compact
            data-testid="paid-students"
          />
        )}
      </Paper>
      <ValidationModal sie={sie} student={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
