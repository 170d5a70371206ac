import { type EventDetail, formatCount, PARTICIPANT_COUNT_CAP, PARTICIPANTS_PAGE_SIZE } from '@bjp/domain';
import { Alert, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useParams } from 'react-router';
import { errorMessage } from '../../../app/api';
import { DataTable } from '../../../ui/DataTable';
import { PageHeader } from '../../../ui/PageHeader';
import { useEventDetail } from '../api';
import { useParticipants } from './api';
import { ParticipantDrawer } from './ParticipantDrawer';
import { ParticipantFilters } from './ParticipantFilters';
import { ParticipantsActions } from './ParticipantsActions';
import { participantColumns } from './participant-columns';
import { useParticipantFilters } from './use-participant-filters';

/** Which event this is and how full: the title, the active enrollments and the places left. */
function seatsSummary(e: EventDetail) {
  const enrolled = `Inscritos: ${formatCount(e.enrolled)}`;
  if (!e.withLimitControl) return `${e.title} · ${enrolled} (sin límite)`;
  const free = Math.max(0, e.maximum - e.enrolled);
  return `${e.title} · ${enrolled} de ${formatCount(e.maximum)} · Plazas libres: ${formatCount(free)}`;
}

/** 'Participantes' of one event (decision 028): search, filters, server paging, detail, cancel, export. */
export function ParticipantsPage() {
  const eventId = Number(useParams().id);
  const state = useParticipantFilters();
  const { filters, page, set } = state;
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useParticipants(eventId, filters, page);
  const event = useEventDetail(eventId);

  return (
    <Stack>
      <PageHeader
        title={`Participantes del evento N° ${eventId}`}
        description={event.data ? seatsSummary(event.data) : undefined}
        breadcrumbs={['Eventos', 'Lista eventos', 'Participantes']}
        actions={<ParticipantsActions eventId={eventId} filters={filters} />}
      />
      <Paper withBorder radius="md" p="md">
        <ParticipantFilters state={state} />
        {list.isError ? (
          <Alert color="red" variant="light" title="No se pudo cargar la lista">
            {errorMessage(list.error)}
          </Alert>
        ) : (
          <>
            {list.data?.totalCapped && (
              <Text size="sm" c="dimmed" data-testid="participants-capped">
                Más de {formatCount(PARTICIPANT_COUNT_CAP)} inscripciones coinciden: afine la búsqueda o
                exporte la lista para verlas todas.
              </Text>
            )}
            <DataTable
              columns={participantColumns(setOpenId)}
              rows={list.data?.items ?? []}
              rowKey={(p) => p.id}
              page={list.data?.page ?? page}
              pageSize={list.data?.pageSize ?? PARTICIPANTS_PAGE_SIZE}
              total={list.data?.total ?? 0}
              totalCapped={list.data?.totalCapped}
              onPageChange={(next) => set({ page: next })}
              loading={list.isFetching}
              minWidth={980}
              emptyText="No hay inscripciones con estos filtros."
              data-testid="participants-table"
            />
          </>
        )}
      </Paper>
      <ParticipantDrawer eventId={eventId} id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
