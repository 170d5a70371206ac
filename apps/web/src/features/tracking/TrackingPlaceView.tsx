import { formatCount, SEARCH_MAX_LENGTH, type TrackingOverview } from '@bjp/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { StatCard } from '../../ui/StatCard';
import { urlParam } from '../../ui/url-state';
import { useUrlState, useUrlText } from '../../ui/use-url-state';
import { DownloadButtons } from '../reports';
import { filterQuery, placeReportDocumentPath, type TrackingFilters } from './api';
import { TrackingFiltersBar } from './TrackingFiltersBar';
import { TrackingTable } from './TrackingTable';

/** The filters and the page in the address (?code=&name=&district=&subsystem=&status=&page=). */
export const trackingFilterParams = {
  code: urlParam.text({ max: 10 }),
  name: urlParam.text({ max: SEARCH_MAX_LENGTH }),
  district: urlParam.int(),
  subsystem: urlParam.text({ history: 'push', max: 60 }),
  status: urlParam.oneOf(['TODOS', 'PENDIENTE', 'CONCLUIDO'], 'TODOS'),
  page: urlParam.page(),
};

/** The filters as they were before a place was chosen (another place starts from them). */
export const noTrackingFilters = {
  code: '',
  name: '',
  district: null,
  subsystem: '',
  status: 'TODOS',
} as const;

type Props = {
  overview: TrackingOverview;
  /** A closed gestión read (decision 040); undefined, the open one. */
  year?: number;
  onChangePlace?: () => void;
  changeLabel?: string;
};

/** Place name and id, counts under the Gestión, filters, the table and the report PDF. */
export function TrackingPlaceView({ overview, year, onChangePlace, changeLabel }: Props) {
  const [url, set] = useUrlState(trackingFilterParams);
  const [code, setCode] = useUrlText(url.code, (text) => set({ code: text }), 300);
  const [name, setName] = useUrlText(url.name, (text) => set({ name: text }), 300);
  // What the query and the PDF use: the address's (typed text once it paused).
  const filters: TrackingFilters = {
    code: url.code,
    name: url.name,
    districtId: url.district === null ? null : String(url.district),
    subsystem: url.subsystem || null,
    status: url.status,
  };
  const setFilters = (next: TrackingFilters) => {
    setCode(next.code);
    setName(next.name);
    set({
      district: next.districtId ? Number(next.districtId) : null,
      subsystem: next.subsystem ?? '',
      status: next.status,
    });
  };
  const { place, counts } = overview;
  return (
    <Stack>
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
              {place.level === 'department' ? 'Departamento' : `Distrito — ${place.departmentName}`}
            </Text>
            <Title order={4} data-testid="tracking-place">
              {place.name} ({place.id})
            </Title>
            <Badge variant="light" w="fit-content">
              Gestión: {overview.year}
            </Badge>
          </Stack>
          <Group gap="xs">
            <DownloadButtons
              path={placeReportDocumentPath(place.level, place.id)}
              query={{ ...filterQuery(filters), year }}
              formats={['pdf']}
              withFormat={false}
              pdfLabel="Reporte PDF"
            />
            {onChangePlace && (
              <Button variant="default" onClick={onChangePlace}>
                {changeLabel}
              </Button>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={3} mt="md">
          <StatCard label="Total" value={formatCount(counts.total)} valueTestId="tracking-total" />
          <StatCard
            label="Concluidos"
            value={formatCount(counts.concluded)}
            color="green"
            valueTestId="tracking-concluded"
          />
          <StatCard
            label="Pendientes"
            value={formatCount(counts.pending)}
            color="red"
            valueTestId="tracking-pending"
          />
        </SimpleGrid>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack>
          <TrackingFiltersBar
            overview={overview}
            filters={{ ...filters, code, name }}
            onChange={setFilters}
          />
          <TrackingTable
            overview={overview}
            filters={filters}
            year={year}
            page={url.page}
            onPageChange={(page) => set({ page })}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
