import { type PlaceListQuery, type PlacePage, type PlaceRow, SEARCH_MAX_LENGTH } from '@bjp/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Switch,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconEdit, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api';
import { confirmAction } from '../../../ui/ConfirmDialog';
import type { Column } from '../../../ui/DataTable';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { PageHeader } from '../../../ui/PageHeader';
import { QueryTable } from '../../../ui/QueryTable';
import { urlParam } from '../../../ui/url-state';
import { useUrlState, useUrlText } from '../../../ui/use-url-state';
import { usePlaceList, useSetPlaceState } from '../api';
import { PlaceModal } from '../create/PlaceModal';

type Place = PlacePage['items'][number];

function StateSwitch({ place }: { place: Place }) {
  const setState = useSetPlaceState();
  const change = async () => {
    const next = !place.state;
    const message = next
      ? `Se activará el ambiente "${place.description}": volverá a ofrecerse al registrar eventos.`
      : `Se desactivará el ambiente "${place.description}": dejará de ofrecerse al registrar eventos; los ${place.events} eventos que lo usan lo conservan.`;
    if (!(await confirmAction({ message, color: next ? undefined : 'red' }))) return;
    setState.mutate(
      { id: place.id, active: next },
      {
        onSuccess: () => notifySuccess(next ? 'Ambiente activado.' : 'Ambiente desactivado.'),
        onError: (e) => notifyError(errorMessage(e)),
      },
    );
  };
  return (
    <Switch
      checked={place.state}
      onChange={change}
      disabled={setState.isPending}
      color="green"
      aria-label={`Activo ${place.description}`}
    />
  );
}

/** The search, the state and the page in the address (?q=&state=&page=). */
const placesParams = {
  q: urlParam.text({ max: SEARCH_MAX_LENGTH }),
  state: urlParam.oneOf(['active', 'inactive', 'all'] satisfies PlaceListQuery['state'][], 'active'),
  page: urlParam.page(),
};

/** 'Eventos / Ambientes': every place, searched, edited, turned off or on (issue 15). */
export function PlacesPage() {
  const [{ q: debounced, state, page }, set] = useUrlState(placesParams);
  const [search, setSearch] = useUrlText(debounced, (text) => set({ q: text }));
  const setPage = (next: number) => set({ page: next });
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PlaceRow | null>(null);
  const list = usePlaceList({ page, search: debounced, state });

  const columns: Column<Place>[] = [
    { key: 'id', header: '#', render: (p) => p.id, width: 60 },
    { key: 'description', header: 'Ambiente', render: (p) => p.description },
    { key: 'capacity', header: 'Capacidad', align: 'center', render: (p) => p.capacity },
    {
      key: 'reference',
      header: 'Referencia',
      render: (p) => <span style={{ whiteSpace: 'nowrap' }}>{p.reference}</span>,
    },
    { key: 'events', header: 'Eventos', align: 'center', render: (p) => p.events },
    {
      key: 'state',
      header: 'Estado',
      render: (p) => (
        <Group gap={6} wrap="nowrap">
          <StateSwitch place={p} />
          {!p.state && (
            <Badge size="xs" color="gray" variant="light">
              Inactivo
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'actions',
      header: 'Acciones',
      render: (p) => (
        <Tooltip label="Editar ambiente">
          <ActionIcon variant="subtle" aria-label={`Editar ${p.description}`} onClick={() => setEditing(p)}>
            <IconEdit size={16} />
          </ActionIcon>
        </Tooltip>
      ),
    },
  ];

  return (
    <Stack>
      <PageHeader
        title="Ambientes"
        breadcrumbs={['Eventos', 'Ambientes']}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            Agregar ambiente
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <TextInput
              placeholder="Buscar por nombre"
              leftSection={<IconSearch size={16} />}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              aria-label="Buscar ambiente"
              style={{ flex: '1 1 220px', maxWidth: 360 }}
            />
            <SegmentedControl
              value={state}
              onChange={(v) => set({ state: placesParams.state.parse(v) })}
              data={[
                { value: 'active', label: 'Activos' },
                { value: 'inactive', label: 'Inactivos' },
                { value: 'all', label: 'Todos' },
              ]}
            />
          </Group>
          <QueryTable
            query={list}
            columns={columns}
            page={page}
            onPageChange={setPage}
            minWidth={720}
            emptyText="No hay ambientes con ese criterio."
            data-testid="places-table"
          />
        </Stack>
      </Paper>
      <PlaceModal opened={adding} onClose={() => setAdding(false)} />
      {editing && <PlaceModal key={editing.id} opened place={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
