import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useSessionUser } from '../../app/auth/session';
import { DeclarationVersionsButton } from '../declarations';
import { DeclarationButton } from './DeclarationButton';

/**
 * The right panel for a closed gestión (decision 040): read only. The school's sworn declaration of
 * that year (the last version stored) and its versions; the students with their titular and payment
 * state of that year are in the Reporte Institución of the same gestión. No list to edit, no
 * consolidation, no titular dialog.
 */
export function ClosedYearPanel({ sie, year }: { sie: number; year: number }) {
  // Directors read their schools' report under their own menu entry.
  const report =
    useSessionUser()?.scope.kind === 'institutions' ? '/reports/ue-principal' : '/reports/institution';
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap">
          <Stack gap={2}>
            <Title order={3}>Declaración jurada</Title>
            <Text size="sm" c="dimmed">
              Gestión: {year} (cerrada)
            </Text>
          </Stack>
          <Group gap="xs">
            <DeclarationButton sie={sie} year={year} />
            <DeclarationVersionsButton kind="holders" sie={sie} year={year} />
          </Group>
        </Group>
        <Text size="sm">
          Los estudiantes de la gestión {year}, con su titular y el estado de su bono, se consultan en el{' '}
          <Anchor component={Link} to={`${report}?sie=${sie}&gestion=${year}`}>
            Reporte Institución de la gestión {year}
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
