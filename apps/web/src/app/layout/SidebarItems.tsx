import { Text } from '@mantine/core';
import { matchPath, useLocation } from 'react-router';
import { type MenuItem, pinnableLinks } from '../menus';
import { SidebarGroup } from './SidebarGroup';
import { SidebarLink } from './SidebarLink';

/** The sidebar goes at most three levels deep (spec part 1 §2). */
const MAX_DEPTH = 3;

type Props = {
  items: MenuItem[];
  parents?: string[];
  pins: string[];
  onTogglePin: (pinTitle: string) => void;
  onNavigate: () => void;
};

export function SidebarItems({ items, parents = [], pins, onTogglePin, onNavigate }: Props) {
  const { pathname } = useLocation();
  if (parents.length >= MAX_DEPTH) return null;
  return items.map((item) => {
    const key = [...parents, item.title].join(' / ');
    if (item.type === 'headtitle') {
      return (
        <Text key={key} size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt="md" pb={4}>
          {item.title}
        </Text>
      );
    }
    if (item.type === 'sub') {
      const containsActive = pinnableLinks(item.children).some(
        (l) => l.type === 'link' && matchPath({ path: l.path, end: true }, pathname) !== null,
      );
      return (
        <SidebarGroup key={key} title={item.title} icon={item.icon} containsActive={containsActive}>
          <SidebarItems
            items={item.children}
            parents={[...parents, item.title]}
            pins={pins}
            onTogglePin={onTogglePin}
            onNavigate={onNavigate}
          />
        </SidebarGroup>
      );
    }
    return (
      <SidebarLink
        key={key}
        item={item}
        label={item.title}
        pinTitle={key}
        pinned={pins.includes(key)}
        onTogglePin={() => onTogglePin(key)}
        onNavigate={onNavigate}
      />
    );
  });
}
