import { eventTabs, SEARCH_MAX_LENGTH } from '@bjp/domain';
import { Button, Paper, Stack, Tabs, TextInput } from '@mantine/core';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../ui/PageHeader';
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
      <Paper withBorder radius="md" p="md">
        <Tabs
          value={tab}
          onChange={(value) => set({ tab: eventsParams.tab.parse(value) })}
          keepMounted={false}
        >
          <Tabs.List mb="md">
            {eventTabs.map((t) => (
              <Tabs.Tab key={t.id} value={t.id}>
                {t.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <TextInput
            mb="md"
            maw={360}
            leftSection={<IconSearch size={16} />}
            placeholder="Buscar por título o detalle"
            aria-label="Buscar eventos"
            maxLength={SEARCH_MAX_LENGTH}
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          {eventTabs.map((t) => (
            <Tabs.Panel key={t.id} value={t.id}>
              <EventListPanel
                tab={t.id}
                search={q}
                page={page}
                onPageChange={(next) => set({ page: next })}
              />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
      <CreateEventModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
