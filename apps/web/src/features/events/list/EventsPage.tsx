import { eventTabs, SEARCH_MAX_LENGTH } from '@bjp/domain';
import { Button, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../ui/PageHeader';
import { TabbedSearchList } from '../../../ui/TabbedSearchList';
import { urlParam } from '../../../ui/url-state';
import { useUrlState, useUrlText } from '../../../ui/use-url-state';
import { CreateEventModal } from '../create/CreateEventModal';
import { EventListPanel } from './EventListPanel';

/** The tab, the search and the page in the address (?tab=&q=&page=). */
const eventsParams = {
  tab: urlParam.oneOf(
    eventTabs.map((t) => t.id),
    'created',
  ),
  q: urlParam.text({ max: SEARCH_MAX_LENGTH }),
  page: urlParam.page(),
};

/** 'Eventos / Lista eventos': Creados (1), Activos (2), Concluidos (3), Todos, and 'Crear Evento'. */
export function EventsPage() {
  const [{ tab, q, page }, set] = useUrlState(eventsParams);
  const [search, setSearch] = useUrlText(q, (text) => set({ q: text }));
  const [creating, setCreating] = useState(false);

  return (
    <Stack>
      <PageHeader
        title="Lista eventos"
        breadcrumbs={['Eventos', 'Lista eventos']}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Crear Evento
          </Button>
        }
      />
      <TabbedSearchList
        tabs={eventTabs}
        tab={tab}
        onTabChange={(value) => set({ tab: eventsParams.tab.parse(value) })}
        search={search}
        onSearchChange={setSearch}
        searchPlaceholder="Buscar por título o detalle"
        searchLabel="Buscar eventos"
      >
        {(id) => (
          <EventListPanel tab={id} search={q} page={page} onPageChange={(next) => set({ page: next })} />
        )}
      </TabbedSearchList>
      <CreateEventModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
