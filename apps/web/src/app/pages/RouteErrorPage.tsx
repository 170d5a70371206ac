import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { NotFoundPage } from './NotFoundPage';

/** A lazy chunk that no longer exists (after a new deployment) fails to import. */
function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
      error.message,
    )
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  const chunk = isChunkLoadError(error);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="sm" maw={520}>
        <Title order={2}>{chunk ? 'No se pudo cargar la página' : 'Ocurrió un error inesperado'}</Title>
        <Text c="dimmed" ta="center">
          {chunk
            ? 'Es posible que el sistema se haya actualizado o que la conexión haya fallado. Vuelva a cargar la página.'
            : 'La pantalla no pudo mostrarse. Intente de nuevo; si el problema continúa, informe al administrador.'}
        </Text>
        {import.meta.env.DEV && error instanceof Error && <Code block>{error.message}</Code>}
        <Button onClick={() => window.location.reload()}>Volver a cargar</Button>
        <Button variant="subtle" component={Link} to="/" reloadDocument>
          Ir al inicio
        </Button>
      </Stack>
    </Center>
  );
}
