import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSessionUser } from '../../app/auth/session';
import { PageHeader } from '../../ui/PageHeader';
import { fullName, profileName, userTypeName } from './labels';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

/** The user's own account as the session knows it (the original showed template text here). */
export function ProfilePage() {
  const user = useSessionUser();
  if (!user) return null;
  return (
    <Stack>
      <PageHeader title="Perfil" breadcrumbs={['Perfil']} />
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Field label="Nombre" value={fullName(user)} />
          <Field label="Usuario" value={user.username} />
          <Field label="Correo electrónico" value={user.email ?? 'Sin correo registrado'} />
          <Field label="Tipo" value={userTypeName(user.type)} />
          <Field label="Perfil" value={profileName(user)} />
          <Field label="Lugar" value={user.scope.label || 'Nacional'} />
        </SimpleGrid>
        <Stack gap={4} mt="lg">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            Roles
          </Text>
          <Group gap="xs">
            {user.roles.length === 0 ? (
              <Text c="dimmed">Sin rol</Text>
            ) : (
              user.roles.map((role) => (
                <Badge key={role} variant="light">
                  {role}
                </Badge>
              ))
            )}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
