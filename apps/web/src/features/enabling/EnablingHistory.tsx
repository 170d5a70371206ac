import { type EnablingKind, type EnablingRow, formatDateTime } from '@bjp/domain';
import { Paper, Text } from '@mantine/core';
import type { Column } from '../../ui/DataTable';
import { QueryTable } from '../../ui/QueryTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useEnablings } from './api';

const when = (iso: string) => formatDateTime(iso);

const columns: Column<EnablingRow>[] = [
  { key: 'sie', header: 'CÓDIGO', render: (r) => r.sie },
  { key: 'name', header: 'INSTITUCIÓN', render: (r) => r.institutionName },
  { key: 'reason', header: 'MOTIVO', render: (r) => r.reason },
  { key: 'previous', header: 'CONSOLIDADO', render: (r) => when(r.previousConsolidatedAt) },
  {
    key: 'at',
    header: 'HABILITADO',
    render: (r) => (
      <>
        <Text size="sm">{when(r.enabledAt)}</Text>
        <Text size="xs" c="dimmed">
          {r.enabledBy}
        </Text>
      </>
    ),
  },
];

/** The list's page in the address (?page=). */
const listParams = { page: urlParam.page() };

/** The schools already reopened, newest first, 10 a page on the server. */
export function EnablingHistory({ kind }: { kind: EnablingKind }) {
  const [{ page }, setUrl] = useUrlState(listParams);
  const setPage = (next: number) => setUrl({ page: next });
  const list = useEnablings(kind, page);
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={700} mb="sm">
        Historial de habilitaciones
      </Text>
      <QueryTable
        query={list}
        columns={columns}
        page={page}
        onPageChange={setPage}
        minWidth={620}
        emptyText="Todavía no se habilitó ninguna institución."
        data-testid="enabling-history"
      />
    </Paper>
  );
}
