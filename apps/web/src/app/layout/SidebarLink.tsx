import { ActionIcon, Group, NavLink, Tooltip } from '@mantine/core';
import { IconExternalLink, IconPin, IconPinFilled } from '@tabler/icons-react';
import { Link, matchPath, useLocation } from 'react-router';
import type { MenuExternal, MenuLink } from '../menus';
import { menuIcons } from './icons';

type Props = {
  item: MenuLink | MenuExternal;
  label: string;
  /** The title stored in 'pins' ('Reportes / Departamental'); also names the pin button. */
  pinTitle: string;
  pinned: boolean;
  onTogglePin: () => void;
  onNavigate: () => void;
};

/** One leaf of the sidebar with its pin button beside it (a button may not sit inside a link). */
export function SidebarLink({ item, label, pinTitle, pinned, onTogglePin, onNavigate }: Props) {
  const { pathname } = useLocation();
  const Icon = item.icon ? menuIcons[item.icon] : null;
  const leftSection = Icon ? <Icon size={18} stroke={1.6} /> : null;
  const link =
    item.type === 'link' ? (
      <NavLink
        component={Link}
        to={item.path}
        label={label}
        leftSection={leftSection}
        active={matchPath({ path: item.path, end: true }, pathname) !== null}
        onClick={onNavigate}
        style={{ flex: 1 }}
      />
    ) : (
      <NavLink
        component="a"
        href={item.href}
        label={label}
        leftSection={leftSection}
        rightSection={item.type === 'extTabLink' ? <IconExternalLink size={14} /> : null}
        target={item.type === 'extTabLink' ? '_blank' : undefined}
        rel={item.type === 'extTabLink' ? 'noopener noreferrer' : undefined}
        style={{ flex: 1 }}
      />
    );
  const pinLabel = pinned ? `Quitar de fijados: ${pinTitle}` : `Fijar: ${pinTitle}`;
  return (
    <Group gap={0} wrap="nowrap">
      {link}
      <Tooltip label={pinned ? 'Quitar de fijados' : 'Fijar'} withArrow openDelay={400}>
        <ActionIcon
          variant="subtle"
          color={pinned ? 'blue' : 'gray'}
          size="sm"
          aria-label={pinLabel}
          aria-pressed={pinned}
          onClick={onTogglePin}
        >
          {pinned ? <IconPinFilled size={14} /> : <IconPin size={14} />}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
