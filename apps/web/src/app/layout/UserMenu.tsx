import type { SessionUser } from '@bjp/domain';
import { Avatar, Group, Menu, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useLogout } from '../../features/auth';

function initials(user: SessionUser): string {
  const letters = [user.name, user.firstLastName].map((part) => part.trim().charAt(0)).join('');
  return letters.toUpperCase() || user.username.charAt(0).toUpperCase();
}

export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const fullName = [user.name, user.firstLastName].filter(Boolean).join(' ') || user.username;
  return (
    <Menu position="bottom-end" width={220} withArrow>
      <Menu.Target>
        {/* Named by its visible text (name and e-mail), not an aria-label that would hide it from
            speech input; on a phone, where only the initials show, a hidden text names it. */}
        <UnstyledButton data-testid="user-menu">
          <Group gap="xs" wrap="nowrap">
            <Avatar color="blue" radius="xl" size="md" aria-hidden>
              {initials(user)}
            </Avatar>
            <VisuallyHidden hiddenFrom="sm">{`Usuario ${fullName}`}</VisuallyHidden>
            <Stack gap={0} visibleFrom="sm">
              <Text size="sm" fw={600} lh={1.2}>
                {fullName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.2} data-testid="user-email">
                {user.email ?? user.username}
              </Text>
            </Stack>
            <IconChevronDown size={14} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.scope.label || fullName}</Menu.Label>
        <Menu.Item leftSection={<IconSettings size={16} />} onClick={() => navigate('/users/profile')}>
          Opciones
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} />}
          disabled={logout.isPending}
          onClick={() => logout.mutate()}
        >
          Salir
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
