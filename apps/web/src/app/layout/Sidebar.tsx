import type { SessionUser } from '@bjp/domain';
import { boliviaDay } from '@bjp/domain';
import { Alert, ScrollArea, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { menuFor, pinnableLinks } from '../menus';
import { usePins } from '../pins';
import { SidebarItems } from './SidebarItems';
import { SidebarLink } from './SidebarLink';

type Props = { user: SessionUser; onNavigate: () => void };

export function Sidebar({ user, onNavigate }: Props) {
  // The director's menu depends on the (Bolivian) day; computed when the session or the page loads.
  const menu = useMemo(() => menuFor(user, boliviaDay()), [user]);
  const { pins, toggle } = usePins();
  const pinned = pinnableLinks(menu).filter((l) => pins.includes(l.pinTitle));

  return (
    <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
      <Stack gap={2} pb="md">
        {pinned.length > 0 && (
          <>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="xs" pb={4}>
              Fijados
            </Text>
            {pinned.map((l) => (
              <SidebarLink
                key={`pin:${l.pinTitle}`}
                item={l}
                label={l.pinTitle}
                pinTitle={l.pinTitle}
                pinned
                onTogglePin={() => toggle(l.pinTitle)}
                onNavigate={onNavigate}
              />
            ))}
          </>
        )}
        {menu.length === 0 ? (
          <Alert variant="light" color="gray" icon={<IconInfoCircle />} mt="sm">
            No tiene opciones asignadas.
          </Alert>
        ) : (
          <SidebarItems items={menu} pins={pins} onTogglePin={toggle} onNavigate={onNavigate} />
        )}
      </Stack>
    </ScrollArea>
  );
}
