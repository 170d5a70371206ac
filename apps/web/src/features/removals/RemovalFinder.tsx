import { removalMessages } from '@bjp/domain';
import { Alert, Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { showErrorDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/notify';
import { RudeFinder } from '../sereci';
import { useCandidate, useRemove } from './api';
import { askRemovalReason } from './ask-reason';

/**
 * The RUDE/RUDEE finder of Baja Beneficiarios. Its state is idle (nothing searched), found (the
 * student's card with 'Baja Beneficiario') or not found (part 2 §4: 0, 1, 2).
 */
export function RemovalFinder({ departmentId }: { departmentId: number }) {
  const [rude, setRude] = useState<string | null>(null);
  const candidate = useCandidate(departmentId, rude);
  const remove = useRemove(departmentId);
  const state = rude === null ? 'idle' : candidate.data ? 'found' : candidate.isError ? 'not-found' : 'idle';
  const student = candidate.data;

  const confirmRemove = async () => {
    if (!student) return;
    const reason = await askRemovalReason(`${student.fullName} (RUDE ${student.rude})`);
    if (reason === null) return;
    remove.mutate(
      { rude: student.rude, reason },
      {
        onSuccess: (r) => notifySuccess(`RUDE ${r.rude}`, r.message),
        onError: (error) => showErrorDialog(errorMessage(error, removalMessages.failed), 'Error!'),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="md" data-state={state} data-testid="removal-finder">
      <Stack gap="sm">
        <RudeFinder label="RUDE / RUDEE del estudiante" onSearch={setRude} loading={candidate.isFetching} />
        {state === 'not-found' && (
          <Alert color="yellow">{errorMessage(candidate.error, removalMessages.studentNotFound)}</Alert>
        )}
        {state === 'found' && student && (
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2}>
              <Text fw={600}>{student.fullName}</Text>
              <Text size="sm" c="dimmed">
                RUDE {student.rude} · {student.sie} {student.institution} · {student.course}
              </Text>
              <Text size="sm">
                Titular:{' '}
                {student.titular ? `${student.titular} (CI ${student.titularCarnet})` : 'sin titular'}
              </Text>
            </Stack>
            {student.removedAt ? (
              <Badge color="red" size="lg">
                Baja
              </Badge>
            ) : (
              <Button
                color="red"
                leftSection={<IconUserOff size={16} />}
                onClick={confirmRemove}
                loading={remove.isPending}
              >
                {removalMessages.removeButton}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
