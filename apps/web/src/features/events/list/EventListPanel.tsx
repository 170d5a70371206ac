import { type EventRow, type EventTab, eventStateLabel, formatCount, formatDate } from '@bjp/domain';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Column } from '../../../ui/DataTable';
import { QueryTable } from '../../../ui/QueryTable';
import { useEventList } from '../api';
import { EventActions } from './EventActions';

const stateColor: Record<number, string> = { 1: 'gray', 2: 'green', 3: 'blue', 4: 'red' };

/** One tab of 'Lista eventos': ID, Evento, Detalle, Mínimo/Máximo, 10 a page from the server. */
export function EventListPanel({
  tab,
  search,
  page,
  onPageChange: setPage,
}: {
  tab: EventTab;
  search: string;
  page: number;
  onPageChange: (page: number) => void;
}) {
  const list = useEventList(tab, page, search);

  const columns: Column<EventRow>[] = [
    { key: 'id', header: 'ID', render: (e) => e.id, width: 70 },
    {
      key: 'title',
      header: 'Evento',
      render: (e) => (
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {e.title}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDate(e.startsOn)} a {formatDate(e.endsOn)} · {e.duration}{' '}
            {e.duration === 1 ? 'día' : 'días'} · {e.placeName}
          </Text>
        </Stack>
      ),
    },
    { key: 'description', header: 'Detalle', render: (e) => e.description },
    {
      key: 'limits',
      header: 'Mínimo/Máximo',
      align: 'center',
      render: (e) =>
        `${formatCount(e.minimum)} / ${formatCount(e.maximum)}${e.withLimitControl ? '' : ' (sin límite)'}`,
    },
    {
      key: 'enrolled',
      header: 'Inscritos',
      align: 'center',
      // The count opens the event's participants (issue 15).
      render: (e) => (
        <Anchor
          component={Link}
          to={`/events/list/${e.id}/participants`}
          aria-label={`Ver los ${formatCount(e.enrolled)} participantes del evento ${e.id}`}
        >
          {formatCount(e.enrolled)}
        </Anchor>
      ),
    },
    ...(tab === 'all'
      ? [
          {
            key: 'state',
            header: 'Estado',
            render: (e: EventRow) => (
              <Badge color={stateColor[e.state]} variant="light">
                {eventStateLabel(e.state)}
              </Badge>
            ),
          },
        ]
      : []),
    { key: 'actions', header: 'Acciones', render: (e: EventRow) => <EventActions event={e} /> },
  ];

  return (
    <QueryTable
      query={list}
      columns={columns}
      page={page}
      onPageChange={setPage}
      minWidth={820}
      emptyText="No hay eventos en esta lista."
      data-testid={`events-table-${tab}`}
    />
  );
}
