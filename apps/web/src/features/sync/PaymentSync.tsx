import { syncMessages } from '@bjp/domain';
import { Alert, Button, Progress, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { ObservedRecordsNote } from '../reports';
import { jobFinished, useLastPaymentSync, useStartPaymentSync, useSyncJob } from './api';
import { PaymentSyncPanel } from './PaymentSyncPanel';

const jobOf = (details: unknown): string | null =>
  typeof details === 'object' && details !== null && 'jobId' in details && typeof details.jobId === 'string'
    ? details.jobId
    : null;

/**
 * 'Sincronizar Datos de Pago de Síntesis': starts the payment sync as a job, then follows it with a
 * progress bar and shows its outcome in the page. If a run is already going (started here, in
 * another tab or on another server), the refusal names it and the page follows that one instead.
 */
export function PaymentSyncButton({
  confirmMessage,
  disabled,
}: {
  confirmMessage: string;
  disabled?: boolean;
}) {
  const client = useQueryClient();
  const start = useStartPaymentSync();
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useSyncJob(jobId);
  const last = useLastPaymentSync();
  const status = job.data;
  const running = jobId !== null && (!status || !jobFinished(status.state));

  // The dashboard, reports and payment lists read what the sync changed.
  useEffect(() => {
    if (status?.state === 'done')
      void client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== 'sync-job' });
  }, [status?.state, client]);

  const pull = async () => {
    if (!(await confirmAction({ message: confirmMessage }))) return;
    start.mutate(undefined, {
      onSuccess: (r) => setJobId(r.jobId),
      onError: (error) => {
        const other = isApiError(error) && error.status === 409 ? jobOf(error.details) : null;
        if (other) setJobId(other);
        else showErrorDialog(errorMessage(error, syncMessages.errorTitle), syncMessages.errorTitle);
      },
    });
  };

  const { done = 0, total = 0, message = '' } = status?.progress ?? {};
  return (
    <Stack gap="xs">
      <Button
        leftSection={<IconRefresh size={16} />}
        onClick={pull}
        loading={start.isPending}
        disabled={disabled || running}
        style={{ alignSelf: 'flex-start' }}
      >
        Sincronizar Datos de Pago de Síntesis
      </Button>
      {running && (
        <Stack gap={4} aria-live="polite">
          <Progress
            value={total > 0 ? (100 * done) / total : 0}
            animated
            striped
            aria-label="Avance de la sincronización de pagos"
          />
          <Text size="sm" c="dimmed">
            {message || `${syncMessages.processing}…`}
          </Text>
        </Stack>
      )}
      {status?.state === 'done' && status.result && (
        <Alert color="green" title={syncMessages.successTitle}>
          {status.result.message}
          <ObservedRecordsNote observed={status.result.observed} />
        </Alert>
      )}
      {status?.state === 'failed' && (
        <Alert color="red" title={syncMessages.errorTitle}>
          {status.error}
        </Alert>
      )}
      <PaymentSyncPanel last={last.data} />
    </Stack>
  );
}
