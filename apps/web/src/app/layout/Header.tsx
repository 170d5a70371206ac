import type { SessionUser } from '@bjp/domain';
import { Anchor, Burger, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { usePublicConfig } from '../public-config';
import { UserMenu } from './UserMenu';

type Props = { user: SessionUser; navOpened: boolean; onToggleNav: () => void };

export function Header({ user, navOpened, onToggleNav }: Props) {
  const { year } = usePublicConfig();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="md"
          size="sm"
          aria-label={navOpened ? 'Cerrar menú' : 'Abrir menú'}
        />
        <Anchor component={Link} to="/" underline="never" c="inherit">
          {/* A phone has room for the short name only: a full name cut at '…' read as broken. */}
          <Text fw={700} size="lg" visibleFrom="sm">
            Bono Juancito Pinto {year}
          </Text>
          <Text fw={700} size="md" hiddenFrom="sm">
            BJP {year}
          </Text>
        </Anchor>
      </Group>
      <UserMenu user={user} />
    </Group>
  );
}
