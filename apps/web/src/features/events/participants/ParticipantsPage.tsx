import {
  boliviaDateTimeText,
  departments,
  type EventDetail,
  formatCount,
  PARTICIPANT_COUNT_CAP,
  PARTICIPANTS_PAGE_SIZE,
  type ParticipantRow,
  participantStatuses,
  participantStatusLabels,
} from '@bjp/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconArrowLeft, IconFileSpreadsheet, IconFileTypeCsv, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { errorMessage } from '../../../app/api';
import { type Column, DataTable } from '../../../ui/DataTable';
import { DayInput } from '../../../ui/DayInput';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { SpanishDates } from '../../../ui/SpanishDates';
import { urlParam } from '../../../ui/url-state';
import { useUrlState, useUrlText } from '../../../ui/use-url-state';
import { useEventDetail } from '../api';
import { exportParticipants, type ParticipantFilterValues, useParticipants } from './api';
import { ParticipantDrawer } from './ParticipantDrawer';

/** The filters and the page in the address, so a page can be reloaded, shared and gone back to. */
const participantParams = {
  q: urlParam.text(),
  department: urlParam.optionalOneOf(departments.map((d) => String(d.id))),
  institution: urlParam.text(),
  status: urlParam.oneOf(participantStatuses, 'active'),
  from: urlParam.day(),
  to: urlParam.day(),
  page: urlParam.page(),
};

function useUrlFilters() {
  const [url, setUrl] = useUrlState(participantParams);
  const filters: ParticipantFilterValues = {
    q: url.q || undefined,
    department: url.department ?? undefined,
    institution: url.institution || undefined,
    status: url.status,
    from: url.from ?? undefined,
    to: url.to ?? undefined,
  };
  return { url, filters, page: url.page, set: setUrl };
}

/** Which event this is and how full: the title, the active enrollments and the places left. */
function seatsSummary(e: EventDetail) {
  const enrolled = `Inscritos: ${formatCount(e.enrolled)}`;
  if (!e.withLimitControl) return `${e.title} · ${enrolled} (sin límite)`;
  const free = Math.max(0, e.maximum - e.enrolled);
  return `${e.title} · ${enrolled} de ${formatCount(e.maximum)} · Plazas libres: ${formatCount(free)}`;
}

/** 'Participantes' of one event (issue 15): search, filters, server paging, detail, cancel, export. */
export function ParticipantsPage() {
  const eventId = Number(useParams().id);
  const { url, filters, page, set } = useUrlFilters();
  const [q, setQ] = useUrlText(url.q, (text) => set({ q: text }));
  const [institution, setInstitution] = useUrlText(url.institution, (text) => set({ institution: text }));
  const [openId, setOpenId] = useState<number | null>(null);
  const [exporting, setExporting] = useState<'xlsx' | 'csv' | null>(null);
  const list = useParticipants(eventId, filters, page);
  const event = useEventDetail(eventId);

  const runExport = async (format: 'xlsx' | 'csv') => {
    setExporting(format);
    try {
      const name = await exportParticipants(eventId, filters, format);
      notifySuccess(`Se descargó ${name}.`);
    } catch (error) {
      notifyError(errorMessage(error), 'No se pudo exportar');
    } finally {
      setExporting(null);
    }
  };

  const columns: Column<ParticipantRow>[] = [
    {
      key: 'name',
      header: 'Participante',
      render: (p) => (
        <Stack gap={2}>
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={500}
            ta="left"
            onClick={() => setOpenId(p.id)}
          >
            {p.fullName}
          </Anchor>
          <Text size="xs" c="dimmed">
            {p.nationality === 2 ? 'Doc.' : 'CI'} {p.document}
          </Text>
        </Stack>
      ),
    },
    { key: 'institution', header: 'Institución', render: (p) => p.institution },
    { key: 'department', header: 'Departamento', render: (p) => p.department },
    {
      key: 'contact',
      header: 'Contacto',
      render: (p) => (
        <Stack gap={0}>
          <Text size="sm">{p.phone}</Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {p.email}
          </Text>
        </Stack>
      ),
    },
    { key: 'enrolledAt', header: 'Inscrito el', render: (p) => boliviaDateTimeText(p.enrolledAt) },
    { key: 'files', header: 'Archivos', align: 'center', render: (p) => p.files },
    {
      key: 'status',
      header: 'Estado',
      width: 110,
      render: (p) =>
        p.status === 'active' ? (
          <Badge color="green" variant="light" miw={84}>
            Vigente
          </Badge>
        ) : (
          <Badge color="red" variant="light" miw={84}>
            Anulada
          </Badge>
        ),
    },
    {
      key: 'actions',
      header: 'Acciones',
      render: (p) => (
        <Button size="xs" variant="light" onClick={() => setOpenId(p.id)}>
          Ver detalle
        </Button>
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader
        title={`Participantes del evento N° ${eventId}`}
        description={event.data ? seatsSummary(event.data) : undefined}
        breadcrumbs={['Eventos', 'Lista eventos', 'Participantes']}
        actions={
          <Group gap="xs">
            <Button
              component={Link}
              to="/events/list"
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Volver
            </Button>
            <Button
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={exporting === 'xlsx'}
              disabled={exporting !== null}
              onClick={() => runExport('xlsx')}
            >
              Exportar XLSX
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileTypeCsv size={16} />}
              loading={exporting === 'csv'}
              disabled={exporting !== null}
              onClick={() => runExport('csv')}
            >
              Exportar CSV
            </Button>
          </Group>
        }
      />
      <Paper withBorder radius="md" p="md">
        <SpanishDates>
          <TextInput
            mb="sm"
            label="Buscar"
            leftSection={<IconSearch size={16} />}
            placeholder="Nombre, apellido o documento"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
          />
          {/* Two columns even on a phone, so the filters do not push the list off the first screen. */}
          <SimpleGrid cols={{ base: 2, lg: 5 }} spacing="sm" mb="md">
            <Select
              label="Departamento"
              placeholder="Todos"
              clearable
              data={departments.map((d) => d.name)}
              value={filters.department ?? null}
              onChange={(v) => set({ department: participantParams.department.parse(v) })}
            />
            <TextInput
              label="Institución"
              placeholder="Contiene…"
              value={institution}
              onChange={(e) => setInstitution(e.currentTarget.value)}
            />
            <Select
              label="Estado"
              data={participantStatuses.map((s) => ({ value: s, label: participantStatusLabels[s] }))}
              value={filters.status}
              onChange={(v) => set({ status: participantParams.status.parse(v) })}
            />
            <DayInput
              label="Inscritos desde"
              placeholder="dd/mm/aaaa"
              clearable
              value={filters.from ?? null}
              onChange={(v) => set({ from: v ?? null })}
            />
            <DayInput
              label="Inscritos hasta"
              placeholder="dd/mm/aaaa"
              clearable
              value={filters.to ?? null}
              onChange={(v) => set({ to: v ?? null })}
            />
          </SimpleGrid>
        </SpanishDates>
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
              columns={columns}
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
