import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Text fz={64} fw={700} c="dimmed" lh={1}>
          404
        </Text>
        <Title order={2}>Página no encontrada</Title>
        <Text c="dimmed" ta="center">
          La dirección que abrió no existe o fue movida.
        </Text>
        <Button component={Link} to="/">
          Volver al inicio
        </Button>
      </Stack>
    </Center>
  );
}
