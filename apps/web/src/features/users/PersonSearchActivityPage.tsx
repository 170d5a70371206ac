import {
  formatDateTime,
  formatDecimal,
  SEARCH_ACTIVITY_PAGE_SIZE,
  type SearchActivityRow,
  searchActivityRule,
} from '@bjp/domain';
import { Badge, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import type { Column } from '../../ui/DataTable';
import { PageHeader } from '../../ui/PageHeader';
import { QueryTable } from '../../ui/QueryTable';
import { urlParam } from '../../ui/url-state';
import { useUrlState } from '../../ui/use-url-state';
import { useSearchActivity } from './search-activity-api';

const periods = [
  { value: '1', label: '24 horas' },
  { value: '7', label: '7 días' },
  { value: '30', label: '30 días' },
  { value: '90', label: '90 días' },
];

const activityParams = {
  days: urlParam.intOr(7, { allowed: periods.map((p) => Number(p.value)) }),
  page: urlParam.page(),
};

const when = (iso: string) => formatDateTime(iso);

const columns: Column<SearchActivityRow>[] = [
  { key: 'username', header: 'Usuario', render: (r) => r.username },
  { key: 'fullName', header: 'Nombre Completo', render: (r) => r.fullName },
  { key: 'place', header: 'Lugar', render: (r) => r.place || '—' },
  { key: 'searches', header: 'Búsquedas', align: 'right', render: (r) => r.searches },
  { key: 'hits', header: 'Encontradas', align: 'right', render: (r) => r.hits },
  { key: 'perDay', header: 'Por día', align: 'right', render: (r) => formatDecimal(r.perDay, 1) },
  { key: 'last', header: 'Última búsqueda', render: (r) => when(r.lastSearchAt) },
  {
    key: 'unusual',
    header: 'Volumen',
    align: 'center',
    render: (r) =>
      r.unusual ? (
        <Badge color="red" variant="light" styles={{ root: { minWidth: 'max-content' } }}>
          Fuera de lo común
        </Badge>
      ) : (
        <Badge color="gray" variant="light" styles={{ root: { minWidth: 'max-content' } }}>
          Normal
        </Badge>
      ),
  },
];

/**
 * 'Búsquedas de Personas' (issue 13): every search of a person by document is audited; this lists,
 * per user, how many they ran in the period and flags the volumes out of the ordinary, first.
 */
export function PersonSearchActivityPage() {
  // The period and the page in the address; a new period starts again at page 1.
  const [{ days, page }, set] = useUrlState(activityParams);
  const list = useSearchActivity(days, page);
  const { dailyLimit, medianFactor, minimumSearches } = searchActivityRule;

  return (
    <Stack>
      <PageHeader
        title="Búsquedas de Personas"
        breadcrumbs={['Administrar', 'Búsquedas de Personas']}
        description={`Búsquedas de titulares por documento de identidad, por usuario. Se marca fuera de lo común a quien supera ${dailyLimit} búsquedas por día en promedio, o ${medianFactor} veces la mediana de los usuarios del periodo (desde ${minimumSearches} búsquedas).`}
      />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" mb="md" wrap="wrap">
          <SegmentedControl
            aria-label="Periodo"
            data={periods}
            value={String(days)}
            onChange={(value) => set({ days: Number(value) })}
          />
          {list.data && (
            <Text size="sm" c="dimmed" data-testid="search-activity-summary">
              Mediana por usuario: {formatDecimal(list.data.median, 1)} · Fuera de lo común:{' '}
              {list.data.unusualCount}
            </Text>
          )}
        </Group>
        <QueryTable
          query={list}
          columns={columns}
          rowKey={(r) => r.userId}
          page={page}
          pageSize={SEARCH_ACTIVITY_PAGE_SIZE}
          onPageChange={(next) => set({ page: next })}
          loading={list.isPending || list.isPlaceholderData}
          emptyText="Nadie buscó personas en este periodo."
          data-testid="search-activity-table"
        />
      </Paper>
    </Stack>
  );
}
