import {
  formatBOB,
  formatCount,
  formatDateTime,
  type PaidInstitutionState,
  paidMessages,
  unvalidatedMessage,
} from '@bjp/domain';
import { Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage, isApiError } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { notifySuccess, notifyWarning } from '../../ui/notify';
import { useConsolidatePaid } from './api';

type Props = { sie: number | null; state: PaidInstitutionState | undefined };

/**
 * 'Consolidar Operativo de Validación' ('Por favor seleccione una institución' without a school; a
 * confirmation that warns it closes the operation). Once consolidated, the report (with its download)
 * takes its place in the right panel and this panel says when and by whom.
 */
export function ConsolidatePanel({ sie, state }: Props) {
  const consolidate = useConsolidatePaid(sie ?? 0);

  const run = async () => {
    if (sie === null || !state) {
      notifyWarning(paidMessages.selectInstitution);
      return;
    }
    // Said before the confirmation, not after it: the server would refuse anyway (it checks again).
    if (state.counts.pending > 0) {
      showErrorDialog(unvalidatedMessage(state.counts.pending), paidMessages.consolidationFailed);
      return;
    }
    const ok = await confirmAction({
      title: paidMessages.confirmTitle,
      message: `${paidMessages.confirmConsolidate} ${declaredSummary(state)}`,
      color: 'red',
    });
    if (!ok) return;
    // mutateAsync: this button unmounts as soon as the state reads consolidated.
    try {
      const result = await consolidate.mutateAsync();
      notifySuccess(result.message);
    } catch (error) {
      const observations = isApiError(error)
        ? ((error.details as { observations?: string[] } | undefined)?.observations ?? [])
        : [];
      const message = errorMessage(error);
      showErrorDialog(
        [message, ...observations.filter((o) => o !== message)].join(' '),
        paidMessages.consolidationFailed,
      );
    }
  };

  if (sie !== null && state?.consolidation) {
    return (
      <Paper withBorder radius="md" p="md" data-testid="paid-consolidated">
        <Stack gap="xs">
          <Text fw={700}>Operativo consolidado</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(state.consolidation.consolidatedAt)} — {state.consolidation.consolidatedBy}
          </Text>
          <Anchor component={Link} to={`/paid-report/titular/${sie}`} size="sm">
            Ver reporte de titulares
          </Anchor>
        </Stack>
      </Paper>
    );
  }
  const pending = state?.counts.pending ?? 0;
  return (
    <Stack gap={4}>
      <Button
        color="red"
        fullWidth
        leftSection={<IconLock size={16} />}
        onClick={run}
        loading={consolidate.isPending}
        disabled={state !== undefined && !state.canConsolidate}
        h="auto"
        py={8}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {paidMessages.consolidateButton}
      </Button>
      {sie !== null && pending > 0 && (
        <Text size="xs" c="dimmed" ta="center" data-testid="paid-pending-count">
          {pending === 1
            ? 'Falta 1 estudiante por validar.'
            : `Faltan ${formatCount(pending)} estudiantes por validar.`}
        </Text>
      )}
    </Stack>
  );
}

/** What the declaration will say, in the confirmation: the user confirms figures, not a blind step. */
function declaredSummary(state: PaidInstitutionState) {
  const { delivered, undelivered } = state.counts;
  const refund = undelivered * state.amountPerStudent;
  return `Se declararán ${formatCount(delivered)} estudiante(s) PAGADO y ${formatCount(undelivered)} NO PAGADO (saldo a devolver: ${formatBOB(refund)}).`;
}
