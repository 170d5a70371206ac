import { DEFAULT_PAGE_SIZE, formatCount, type PaidTitularRow, paidMessages } from '@bjp/domain';
import { ActionIcon, Alert, Group, Paper, Text, Tooltip } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { errorMessage } from '../../app/api';
import { type Column, DataTable } from '../../ui/DataTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { usePaidTitulars } from './api';

type Props = { sie: number; year: number; onOpen: (personId: number) => void };
type Row = PaidTitularRow & { number: number };

/** The list's page in the address (?page=). */
const listParams = { page: urlParam.page() };

/** 'Lista de Maestros o Directores como TITULAR DE COBRO' (10 a page, by surname on the server). */
export function TitularList({ sie, year, onOpen }: Props) {
  const [{ page }, setUrl] = useUrlState(listParams);
  const setPage = (next: number) => setUrl({ page: next });
  const list = usePaidTitulars(sie, page);
  const offset = (page - 1) * DEFAULT_PAGE_SIZE;
  const rows = (list.data?.items ?? []).map((r, i) => ({ ...r, number: offset + i + 1 }));
  const columns: Column<Row>[] = [
    { key: 'n', header: 'ID', width: 50, render: (r) => r.number },
    {
      key: 'carnet',
      header: 'CARNET',
      render: (r) => (r.complemento ? `${r.carnet}-${r.complemento}` : r.carnet),
    },
    { key: 'paterno', header: 'PATERNO', render: (r) => r.paterno },
    { key: 'materno', header: 'MATERNO', render: (r) => r.materno },
    { key: 'name', header: 'NOMBRES', render: (r) => r.name },
    {
      key: 'tipo',
      header: 'TIPO TITULAR',
      render: (r) => (
        <Text size="sm" fw={600} c={r.holderTypeId === 3 ? 'grape' : 'blue'}>
          {r.holderTypeName}
        </Text>
      ),
    },
    {
      key: 'validado',
      header: 'VALIDADO / TOTAL',
      align: 'center',
      render: (r) => `${formatCount(r.validated)} / ${formatCount(r.total)}`,
    },
    {
      key: 'accion',
      header: '',
      align: 'right',
      width: 48,
      render: (r) => (
        <Tooltip label="Ver estudiantes">
          <ActionIcon
            variant="light"
            onClick={() => onOpen(r.personId)}
            aria-label={`Estudiantes de ${r.name} ${r.paterno}`}
          >
            <IconListDetails size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>{paidMessages.listTitle}</Text>
        <Text size="sm" c="dimmed">
          Gestión: {year}
        </Text>
      </Group>
      {list.isError ? (
        <Alert color="red">{errorMessage(list.error)}</Alert>
      ) : (
        <DataTable
          columns={columns}
          rows={rows}
          rowKey={(r) => r.personId}
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          total={list.data?.total ?? 0}
          onPageChange={setPage}
          loading={list.isFetching}
          emptyText="La institución no tiene maestros ni directores como titular de cobro de estudiantes pagados."
          data-testid="paid-titulars"
        />
      )}
    </Paper>
  );
}
