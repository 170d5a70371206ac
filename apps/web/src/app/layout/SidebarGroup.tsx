import { NavLink } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import type { MenuIcon } from '../menus';
import { menuIcons } from './icons';

type Props = { title: string; icon?: MenuIcon; containsActive: boolean; children: ReactNode };

/** A 'sub' entry: opens by itself when the current screen is inside it, and on click. */
export function SidebarGroup({ title, icon, containsActive, children }: Props) {
  const [opened, setOpened] = useState(containsActive);
  useEffect(() => {
    if (containsActive) setOpened(true);
  }, [containsActive]);
  const Icon = icon ? menuIcons[icon] : null;
  return (
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      label={title}
      leftSection={Icon ? <Icon size={18} stroke={1.6} /> : null}
      opened={opened}
      onChange={setOpened}
      childrenOffset="md"
    >
      {children}
    </NavLink>
  );
}
