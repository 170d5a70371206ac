import { formatCount, type TrackingOverview } from '@bjp/domain';
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { StatCard } from '../../ui/StatCard';
import { DownloadButtons } from '../reports/DownloadButtons';
import { filterQuery, placePath, type TrackingFilters } from './api';
import { TrackingFiltersBar } from './TrackingFiltersBar';
import { TrackingTable } from './TrackingTable';

const initial: TrackingFilters = { code: '', name: '', districtId: null, subsystem: null, status: 'TODOS' };

type Props = { overview: TrackingOverview; onChangePlace?: () => void; changeLabel?: string };

/** Place name and id, counts under the Gestión, filters, the table and the report PDF. */
export function TrackingPlaceView({ overview, onChangePlace, changeLabel }: Props) {
  const [filters, setFilters] = useState(initial);
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
              path={`${placePath(place.level, place.id)}/report`}
              query={filterQuery(filters)}
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
          <TrackingFiltersBar overview={overview} filters={filters} onChange={setFilters} />
          <TrackingTable overview={overview} filters={filters} />
        </Stack>
      </Paper>
    </Stack>
  );
}
