import { type AdjustmentStudent, adjustmentKindLabels } from '@bjp/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserDollar } from '@tabler/icons-react';
import { errorMessage } from '../../app/api';
import { warningTextColor } from '../../app/theme';
import { BlockedBadge } from '../../ui/BlockedBadge';
import { RudeFinder } from '../sereci';

type Props = {
  student: AdjustmentStudent | undefined;
  error: unknown;
  loading: boolean;
  onSearch: (rude: string) => void;
  onOpen: (student: AdjustmentStudent) => void;
};

/** The RUDE/RUDEE finder with the found student's card and its 'Titular Cobro' button. */
export function StudentFinder({ student, error, loading, onSearch, onOpen }: Props) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <RudeFinder label="RUDE / RUDEE del estudiante" onSearch={onSearch} loading={loading} />
        {error !== null && error !== undefined && (
          <Alert color="red">{errorMessage(error, 'Estudiante no encontrado')}</Alert>
        )}
        {student && (
          <Paper
            withBorder
            radius="md"
            p="sm"
            bg="var(--mantine-color-gray-0)"
            data-testid="adjustment-student"
          >
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={2}>
                <Group gap={6} wrap="wrap">
                  <Text fw={600}>{student.fullName}</Text>
                  {student.blocked && <BlockedBadge />}
                </Group>
                <Text size="sm" c="dimmed">
                  RUDE {student.rude} · {student.course}
                </Text>
                <Text size="sm">
                  Titular:{' '}
                  {student.titular
                    ? `${student.titular.fullName} (CI ${student.titular.carnet}, ${student.titular.relationshipName})`
                    : 'sin titular'}
                </Text>
                {student.adjustment && (
                  <Badge variant="light" color="gray">
                    Ajuste registrado: {adjustmentKindLabels[student.adjustment.kind]}
                  </Badge>
                )}
              </Stack>
              <Button
                leftSection={<IconUserDollar size={16} />}
                onClick={() => onOpen(student)}
                disabled={student.blocker !== null}
              >
                Titular Cobro
              </Button>
            </Group>
            {student.blocker && (
              <Text size="xs" c={warningTextColor} mt={6}>
                {student.blocker}
              </Text>
            )}
          </Paper>
        )}
      </Stack>
    </Paper>
  );
}
