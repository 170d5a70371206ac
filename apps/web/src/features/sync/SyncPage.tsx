import { formatDate, type SyncStatus, syncMessages, syncStepLabels } from '@bjp/domain';
import { Alert, Button, Group, Paper, Progress, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCloudUpload, IconCopy, IconDatabase } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage, isApiError } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { KardexModal } from '../kardex';
import { jobFinished, type SyncStep, useStartStep, useStepJob, useSyncStatus } from './api';
import { HistoryTable } from './HistoryTable';
import { StepLists } from './StepLists';

const steps: Array<{
  step: SyncStep;
  check: keyof SyncStatus['checks'];
  confirm: string;
  icon: typeof IconDatabase;
  done: (s: SyncStatus) => boolean;
}> = [
  {
    step: 'consolidate',
    check: 'changes',
    confirm: syncMessages.confirmConsolidate,
    icon: IconDatabase,
    done: (s) => s.batch?.isSend === true,
  },
  {
    step: 'send',
    check: 'changeSync',
    confirm: syncMessages.confirmSend,
    icon: IconCloudUpload,
    done: (s) => s.batch?.isSendChange === true,
  },
  {
    step: 'copy',
    check: 'copy',
    confirm: syncMessages.confirmCopy,
    icon: IconCopy,
    done: (s) => s.batch?.isSendCopy === true,
  },
];

const jobOf = (details: unknown): string | null =>
  typeof details === 'object' && details !== null && 'jobId' in details && typeof details.jobId === 'string'
    ? details.jobId
    : null;

/** A step's job in its card: the progress bar while it runs, then its outcome (stays in the page). */
function StepJob({ step, jobId, onFinished }: { step: SyncStep; jobId: string; onFinished: () => void }) {
  const job = useStepJob(jobId);
  const status = job.data;
  const finished = status ? jobFinished(status.state) : false;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per finished job.
  useEffect(() => {
    if (finished) onFinished();
  }, [finished]);
  if (!status || !finished) {
    const { done = 0, total = 0, message = '' } = status?.progress ?? {};
    return (
      <Stack gap={4} aria-live="polite">
        <Progress
          value={total > 0 ? (100 * done) / total : 0}
          animated
          striped
          aria-label={`Avance de ${syncStepLabels[step]}`}
        />
        <Text size="sm" c="dimmed">
          {message || `${syncMessages.processing}…`}
        </Text>
      </Stack>
    );
  }
  return status.state === 'done' ? (
    <Alert color="green" title={syncMessages.successTitle} data-testid={`result-${step}`}>
      {status.result?.message || syncMessages.success}
    </Alert>
  ) : (
    <Alert color="red" title={syncMessages.errorTitle} data-testid={`result-${step}`}>
      {status.error}
    </Alert>
  );
}

/**
 * /sync-module/admin 'Sincronización Síntesis': the three steps in order, their lists and the kardex.
 * Each step runs as a job: its card follows the job's progress and then shows its outcome. If the
 * step is already running (another tab or server), the refusal names that job and the card follows it.
 */
export function SyncPage() {
  const client = useQueryClient();
  const status = useSyncStatus();
  const begin = useStartStep();
  const [jobs, setJobs] = useState<Partial<Record<SyncStep, string>>>({});
  const [running, setRunning] = useState<Partial<Record<SyncStep, boolean>>>({});
  const [kardexRude, setKardexRude] = useState<string | null>(null);
  const follow = (step: SyncStep, jobId: string) => {
    setJobs((j) => ({ ...j, [step]: jobId }));
    setRunning((r) => ({ ...r, [step]: true }));
  };
  const start = async (step: SyncStep, confirm: string) => {
    if (!(await confirmAction({ message: confirm }))) return;
    begin.mutate(step, {
      onSuccess: (r) => follow(step, r.jobId),
      onError: (error) => {
        const other = isApiError(error) && error.status === 409 ? jobOf(error.details) : null;
        if (other) follow(step, other);
        else showErrorDialog(errorMessage(error), syncMessages.errorTitle);
      },
    });
  };
  const finishedStep = (step: SyncStep) => {
    setRunning((r) => ({ ...r, [step]: false }));
    void client.invalidateQueries({ queryKey: ['sync'] });
  };
  const busy = begin.isPending || Object.values(running).some(Boolean);
  const s = status.data;
  return (
    <Stack>
      <PageHeader
        title="Sincronización Síntesis"
        breadcrumbs={['Sincronizar']}
        description={
          s ? `Día ${formatDate(s.today)}${s.batch?.cut ? ` — corte ${s.batch.cut}` : ''}` : undefined
        }
      />
      <SimpleGrid cols={{ base: 1, md: 3 }}>
        {steps.map(({ step, check, confirm, icon: Icon, done }, index) => {
          const finished = s ? done(s) : false;
          return (
            <Paper key={step} withBorder radius="md" p="md" data-testid={`step-${step}`}>
              <Stack gap="xs">
                <Group gap="xs">
                  <ThemeIcon color={finished ? 'green' : 'blue'} variant="light">
                    {finished ? <IconCheck size={18} /> : <Icon size={18} />}
                  </ThemeIcon>
                  <Text fw={600}>Paso {index + 1}</Text>
                </Group>
                <Button disabled={!s?.steps[step] || busy} onClick={() => start(step, confirm)}>
                  {syncStepLabels[step]}
                </Button>
                <Text size="xs" c="dimmed" data-testid={`reason-${step}`}>
                  {finished ? 'Realizado' : (s?.checks[check].reason ?? (s?.steps[step] ? 'Habilitado' : ''))}
                </Text>
                {jobs[step] && (
                  <StepJob
                    key={jobs[step]}
                    step={step}
                    jobId={jobs[step]}
                    onFinished={() => finishedStep(step)}
                  />
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <StepLists onKardex={setKardexRude} />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <HistoryTable />
      </Paper>
      <KardexModal rude={kardexRude} onClose={() => setKardexRude(null)} />
    </Stack>
  );
}
