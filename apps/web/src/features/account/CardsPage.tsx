import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useSessionUser } from '../../app/auth/session';
import { PageHeader } from '../../ui/PageHeader';
import { fullName, profileName } from './labels';

/** The user's identification card within the programme (the original showed sample cards). */
export function CardsPage() {
  const user = useSessionUser();
  if (!user) return null;
  const name = fullName(user);
  return (
    <Stack>
      <PageHeader title="Tarjeta de usuario" breadcrumbs={['Perfil', 'Tarjeta']} />
      <Paper withBorder radius="md" p="xl" maw={420}>
        <Stack align="center" gap="xs">
          <Avatar size={80} radius={80} color="blue">
            {name.charAt(0).toUpperCase()}
          </Avatar>
          <Text fz="lg" fw={600}>
            {name}
          </Text>
          <Text c="dimmed" size="sm">
            {user.email ?? user.username}
          </Text>
          <Badge variant="light">{profileName(user)}</Badge>
          <Text size="sm">{user.scope.label || 'Nacional'}</Text>
          <Group gap={4} justify="center">
            {user.roles.map((role) => (
              <Badge key={role} size="xs" variant="outline">
                {role}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
