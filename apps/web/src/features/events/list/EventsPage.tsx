import { type EventTab, eventTabs, SEARCH_MAX_LENGTH } from '@bjp/domain';
import { Button, Paper, Stack, Tabs, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../../ui/PageHeader';
import { CreateEventModal } from '../create/CreateEventModal';
import { EventListPanel } from './EventListPanel';

const isEventTab = (value: string | null): value is EventTab => eventTabs.some((t) => t.id === value);

/** 'Eventos / Lista eventos': Creados (1), Activos (2), Concluidos (3), Todos, and 'Crear Evento'. */
export function EventsPage() {
  const [tab, setTab] = useState<EventTab>('created');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
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
        <Tabs value={tab} onChange={(value) => isEventTab(value) && setTab(value)} keepMounted={false}>
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
              <EventListPanel key={debounced} tab={t.id} search={debounced} />
            </Tabs.Panel>
          ))}
        </Tabs>
      </Paper>
      <CreateEventModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
