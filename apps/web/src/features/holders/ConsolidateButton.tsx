import { formatCount, holderMessages, holdersRemainMessage, type PendingPage } from '@bjp/domain';
import { Alert, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage, isApiError } from '../../app/api';
import { warningTextColor } from '../../app/theme';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { notifyError, notifySuccess } from '../../ui/notify';
import { Pager } from '../../ui/Pager';
import { WideTable } from '../../ui/WideTable';
import { fetchPending, useConsolidate } from './api';

type Props = {
  sie: number;
  enabled: boolean;
  disabledReason?: string;
  /** Students still without a titular (the panel's 'Pendientes'), said under the button. */
  remaining: number;
};

/**
 * 'Consolidar Estudiantes': first the pending list ('Error al consultar pendientes' when it cannot be
 * read), then '¿Está Seguro?', then the irreversible consolidation. Pending students do not block it
 * (INST/DGAA No 35).
 */
export function ConsolidateButton({ sie, enabled, disabledReason, remaining }: Props) {
  const consolidate = useConsolidate(sie);
  const [pending, setPending] = useState<PendingPage | null>(null);
  const [loading, setLoading] = useState(false);

  const loadPending = async (page: number) => {
    setLoading(true);
    try {
      setPending(await fetchPending(sie, page));
    } catch (error) {
      notifyError(errorMessage(error, holderMessages.pendingFailedDefault), holderMessages.pendingFailed);
    } finally {
      setLoading(false);
    }
  };

  const run = async () => {
    const remain = pending?.total ?? remaining;
    setPending(null);
    if (
      !(await confirmAction({
        title: holderMessages.confirmTitle,
        message: `${holdersRemainMessage(remain)} ${holderMessages.confirmConsolidate}`,
        color: 'red',
      }))
    )
      return;
    // mutateAsync, not mutate's callbacks: this button unmounts as soon as the list reads consolidated
    // (the report button replaces it), and mutate's callbacks do not run for an unmounted caller.
    try {
      const result = await consolidate.mutateAsync();
      notifySuccess(result.message);
    } catch (error) {
      const observations = isApiError(error)
        ? ((error.details as { observations?: string[] } | undefined)?.observations ?? [])
        : [];
      showErrorDialog(
        [errorMessage(error), ...observations.filter((o) => o !== errorMessage(error))].join(' '),
        holderMessages.consolidationFailed,
      );
    }
  };

  return (
    <>
      <Stack gap={2} align="flex-end">
        <Button
          color="red"
          leftSection={<IconLock size={16} />}
          disabled={!enabled}
          title={enabled ? undefined : disabledReason}
          loading={loading || consolidate.isPending}
          onClick={() => loadPending(1)}
        >
          Consolidar Estudiantes
        </Button>
        <Text size="xs" c={remaining > 0 ? warningTextColor : 'dimmed'} data-testid="holders-remaining">
          {holdersRemainMessage(remaining)}
        </Text>
      </Stack>
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        title="Estudiantes pendientes"
        size="lg"
        centered
      >
        {pending && (
          <Stack gap="sm">
            {pending.total === 0 ? (
              <Alert color="green">
                Todos los estudiantes tienen su titular registrado o están marcados sin titular.
              </Alert>
            ) : (
              <Alert color="yellow">
                {formatCount(pending.total)} estudiante(s) sin titular. La consolidación está permitida con
                estudiantes pendientes (INST/DGAA No 35); quedarán como pendientes en la declaración jurada.
              </Alert>
            )}
            {pending.items.length > 0 && (
              <WideTable minWidth={480}>
                <Table striped withTableBorder data-testid="pending-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>RUDE</Table.Th>
                      <Table.Th>Estudiante</Table.Th>
                      <Table.Th>Curso</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {pending.items.map((p) => (
                      <Table.Tr key={p.inscriptionId}>
                        <Table.Td>{p.rude}</Table.Td>
                        <Table.Td>{p.fullName}</Table.Td>
                        <Table.Td>{p.course}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </WideTable>
            )}
            <Group justify="space-between">
              <Pager
                page={pending.page}
                pageSize={pending.pageSize}
                total={pending.total}
                onChange={loadPending}
                disabled={loading}
              />
              <Group gap="xs">
                <Button variant="default" onClick={() => setPending(null)}>
                  Cancelar
                </Button>
                <Button color="red" onClick={run}>
                  Consolidar
                </Button>
              </Group>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
