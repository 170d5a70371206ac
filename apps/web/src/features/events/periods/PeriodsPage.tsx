import { formatDate, type PeriodRow } from '@bjp/domain';
import { Badge, Button, Checkbox, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { warningTextColor } from '../../../app/theme';
import { confirmAction } from '../../../ui/ConfirmDialog';
import type { Column } from '../../../ui/DataTable';
import { notifyError } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryTable } from '../../../ui/QueryTable';
import { urlParam } from '../../../ui/url-state';
import { useUrlState } from '../../../ui/use-url-state';
import { usePeriodList, useSetPeriodActive } from '../periods-api';
import { PeriodModal } from './PeriodModal';

function ActiveSwitch({ period }: { period: PeriodRow }) {
  const setActive = useSetPeriodActive();
  const change = async () => {
    const next = !period.active;
    const warning = period.isRegistration
      ? ' Es el periodo de registro de titulares: las pantallas de titulares dependen de él.'
      : '';
    const message = `${next ? 'Se activará' : 'Se desactivará'} "${period.phase}".${warning}`;
    if (!(await confirmAction({ message }))) return;
    setActive.mutate({ id: period.id, active: next }, { onError: (e) => notifyError(errorMessage(e)) });
  };
  return (
    <Switch
      checked={period.active}
      onChange={change}
      disabled={setActive.isPending}
      color="green"
      aria-label={`Activo ${period.phase}`}
    />
  );
}

const flag = (checked: boolean, label: string) => (
  <Checkbox checked={checked} readOnly aria-label={label} tabIndex={-1} />
);

/** The list's page in the address (?page=). */
const listParams = { page: urlParam.page() };

/** 'Paramétricas / Periodos y Etapas'. */
export function PeriodsPage() {
  const [{ page }, setUrl] = useUrlState(listParams);
  const setPage = (next: number) => setUrl({ page: next });
  const [adding, setAdding] = useState(false);
  const list = usePeriodList(page);

  const columns: Column<PeriodRow>[] = [
    { key: 'id', header: '#', render: (p) => p.id, width: 50 },
    {
      key: 'phase',
      header: 'Etapa',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {p.phase}
          </Text>
          <Text size="xs" c="dimmed">
            {p.name}
          </Text>
          {p.isRegistration && (
            <Text size="xs" c={warningTextColor} fw={600}>
              Periodo de registro de titulares
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'subsystems',
      header: 'Subsistema',
      render: (p) => (
        <Group gap={4}>
          {p.subsystems.map((s) => (
            <Badge key={s} variant="light" size="sm">
              {s}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'startsOn',
      header: 'Inicio',
      render: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(p.startsOn)}
        </Text>
      ),
    },
    {
      key: 'endsOn',
      header: 'Fin',
      render: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDate(p.endsOn)}
        </Text>
      ),
    },
    {
      key: 'departmental',
      header: 'Departamental',
      align: 'center',
      render: (p) => flag(p.departmental, 'Departamental'),
    },
    { key: 'district', header: 'Distrital', align: 'center', render: (p) => flag(p.district, 'Distrital') },
    { key: 'institutional', header: 'BJP', align: 'center', render: (p) => flag(p.institutional, 'BJP') },
    { key: 'state', header: 'Estado', render: (p) => p.state },
    { key: 'active', header: 'Activo', align: 'center', render: (p) => <ActiveSwitch period={p} /> },
  ];

  return (
    <Stack>
      <PageHeader
        title="Periodos y Etapas"
        breadcrumbs={['Paramétricas', 'Periodos y Etapas']}
        actions={
          <Button leftSection={<IconCalendarPlus size={16} />} onClick={() => setAdding(true)}>
            Establecer Fechas Generales
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <QueryTable
          query={list}
          columns={columns}
          page={page}
          onPageChange={setPage}
          minWidth={900}
          data-testid="periods-table"
        />
      </Paper>
      <PeriodModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
