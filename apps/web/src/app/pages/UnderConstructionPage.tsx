import { Alert, Stack, Text } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { PageHeader } from '../../ui/PageHeader';
import { useRouteHandle } from '../route-handle';

/** Placeholder of a screen whose area is not delivered yet; it names the area honestly. */
export function UnderConstructionPage() {
  const handle = useRouteHandle();
  const area = handle?.area ?? 'Esta sección';
  return (
    <Stack>
      <PageHeader title={handle?.title ?? area} breadcrumbs={[area]} />
      <Alert color="yellow" variant="light" icon={<IconTools />} title={`${area} — En construcción`}>
        <Text size="sm">
          Esta pantalla todavía no está disponible en la consola. Se habilitará cuando el área «{area}» sea
          entregada.
        </Text>
      </Alert>
    </Stack>
  );
}
