import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useLocation } from 'react-router';
import { useSessionUser } from '../auth/session';

/** Shown instead of a screen the user's permissions do not cover (the server refuses it anyway). */
export function NoAccessPage() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (pathname === '/') {
    return (
      <Stack>
        <Title order={2}>Bienvenido(a){user ? `, ${user.name}` : ''}</Title>
        <Text c="dimmed">
          No tiene opciones asignadas en la consola. Si necesita acceso, consulte con el administrador del
          sistema.
        </Text>
      </Stack>
    );
  }
  return (
    <Alert color="orange" variant="light" icon={<IconLock />} title="Sin acceso">
      Su usuario no tiene permiso para ver esta pantalla.
    </Alert>
  );
}
