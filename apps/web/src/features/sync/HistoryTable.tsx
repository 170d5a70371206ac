import { formatDate, formatTime, type SyncBatch } from '@bjp/domain';
import { Badge, Stack, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../app/api';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';

const time = (iso: string | null) => formatTime(iso);
const done = (flag: boolean, at: string | null) =>
  flag ? <Badge color="green">{time(at)}</Badge> : <Badge color="gray">—</Badge>;

const columns: Column<SyncBatch>[] = [
  { key: 'day', header: 'Día', render: (b) => formatDate(b.day) },
  { key: 'one', header: 'Paso 1', render: (b) => done(b.isSend, b.sentAt) },
  { key: 'two', header: 'Paso 2', render: (b) => done(b.isSendChange, b.changedAt) },
  { key: 'three', header: 'Paso 3', render: (b) => done(b.isSendCopy, b.copiedAt) },
  { key: 'items', header: 'Cambios', render: (b) => b.itemCount, align: 'right' },
  { key: 'cut', header: 'Corte', render: (b) => b.cut ?? '—' },
  { key: 'user', header: 'Usuario', render: (b) => b.user || '—' },
];

/** The list's page in the address (?page=). */
const listParams = { page: urlParam.page() };

/** The consolidation history: one row per day with the time of each step and who ran the last one. */
export function HistoryTable() {
  const [{ page }, setUrl] = useUrlState(listParams);
  const setPage = (next: number) => setUrl({ page: next });
  const history = useQuery({
    queryKey: ['sync', 'history', page],
    queryFn: ({ signal }) => api.get('/sync/history', { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack>
      <Title order={4}>Historial de sincronización</Title>
      <QueryTable
        query={history}
        data-testid="sync-history"
        columns={columns}
        page={page}
        onPageChange={setPage}
        emptyText="Aún no hay sincronizaciones registradas."
      />
    </Stack>
  );
}
