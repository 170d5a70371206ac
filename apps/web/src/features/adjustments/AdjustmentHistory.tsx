import {
  type AdjustmentHistoryRow,
  adjustmentKindLabels,
  adjustmentKinds,
  boliviaDay,
  DEFAULT_PAGE_SIZE,
  formatDateTime,
  SEARCH_MAX_LENGTH,
} from '@bjp/domain';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { type Column, DataTable } from '../../ui/DataTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState, useUrlText } from '../../ui/use-url-state';
import { useAdjustmentHistory } from './api';
import { type Filters, HistoryFilters } from './HistoryFilters';

type Props = {
  /** Limits the list to one school (the adjustment screens); none lists the user's whole scope. */
  sie?: number;
  dayNavigator?: boolean;
};

const dateTime = (iso: string) => formatDateTime(iso);

const columns: Column<AdjustmentHistoryRow>[] = [
  { key: 'id', header: 'ID', render: (r) => r.id, width: 70 },
  { key: 'rude', header: 'CÓDIGO RUDE', render: (r) => r.rude },
  { key: 'student', header: 'ESTUDIANTE', render: (r) => r.student },
  { key: 'ci', header: 'NRO DOCUMENTO IDENTIDAD TITULAR', render: (r) => r.titularCarnet || '—' },
  {
    key: 'titular',
    header: 'TITULAR',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.titular || '—'}</Text>
        {r.holderType && (
          <Text size="xs" c="dimmed">
            {r.holderType}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    key: 'kind',
    header: 'SOLICITUD',
    render: (r) => (
      <Stack gap={2}>
        <Text size="sm" fw={500} c={r.kind === 'BAJA BENEFICIARIO' ? 'red.9' : 'blue.9'}>
          {adjustmentKindLabels[r.kind]}
        </Text>
        {r.reenabledAt && (
          <Text size="xs" c="dimmed">
            Habilitado nuevamente
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'at', header: 'FECHA SOLICITUD', render: (r) => dateTime(r.requestedAt) },
];

/** The history's filters and page in the address (h…: the screen's other lists have their own keys). */
const historyParams = {
  hq: urlParam.text({ max: SEARCH_MAX_LENGTH }),
  hci: urlParam.text({ max: 15 }),
  htype: urlParam.int(),
  hkind: urlParam.optionalOneOf(adjustmentKinds),
  hdate: urlParam.day(),
  hpage: urlParam.page(),
};

/** 'Historial Ajustes Solicitados': filters and the server-paged table. */
export function AdjustmentHistory({ sie, dayNavigator = false }: Props) {
  const [url, set] = useUrlState(historyParams);
  const filters: Filters = {
    search: url.hq || undefined,
    carnet: url.hci || undefined,
    holderType: url.htype ?? undefined,
    kind: url.hkind ?? undefined,
    date: url.hdate ?? undefined,
  };
  const [search, setSearch] = useUrlText(url.hq, (text) => set({ hq: text }));
  const [carnet, setCarnet] = useUrlText(url.hci, (text) => set({ hci: text }));
  const page = url.hpage;
  const setPage = (next: number) => set({ hpage: next });
  const history = useAdjustmentHistory({ ...filters, sie, page });
  const data = history.data;
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Title order={4}>Historial Ajustes Solicitados</Title>
        <HistoryFilters
          filters={{ ...filters, search: search || undefined, carnet: carnet || undefined }}
          onChange={(next) => {
            // Typed text reaches the address after a pause (useUrlText); the rest at once.
            setSearch(next.search ?? '');
            setCarnet(next.carnet ?? '');
            set({ htype: next.holderType ?? null, hkind: next.kind ?? null, hdate: next.date ?? null });
          }}
          dayNavigator={dayNavigator}
          today={boliviaDay()}
        />
        <DataTable
          data-testid="adjustment-history"
          columns={columns}
          rows={data?.items ?? []}
          rowKey={(r) => r.id}
          page={page}
          pageSize={data?.pageSize ?? DEFAULT_PAGE_SIZE}
          total={data?.total ?? 0}
          onPageChange={setPage}
          loading={history.isFetching}
          emptyText="No hay ajustes solicitados que coincidan con los filtros."
          minWidth={900}
        />
      </Stack>
    </Paper>
  );
}
