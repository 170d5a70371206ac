import { type SyncStatus, syncMessages, syncStepLabels } from '@bjp/domain';
import { Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconCloudUpload, IconCopy, IconDatabase } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { PageHeader } from '../../ui/PageHeader';
import { type SyncStep, useRunStep, useSyncStatus } from './api';
import { HistoryTable } from './HistoryTable';
import { KardexModal } from './KardexModal';
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

function showSuccess(message: string) {
  const id = modals.open({
    title: syncMessages.successTitle,
    centered: true,
    children: (
      <Stack>
        <Text size="sm">{message || syncMessages.success}</Text>
        <Group justify="flex-end">
          <Button onClick={() => modals.close(id)}>Aceptar</Button>
        </Group>
      </Stack>
    ),
  });
}

/** /sync-module/admin 'Sincronización Sintesis': the three steps in order, their lists and the kardex. */
export function SyncPage() {
  const status = useSyncStatus();
  const run = useRunStep();
  const [kardexRude, setKardexRude] = useState<string | null>(null);
  const start = async (step: SyncStep, confirm: string) => {
    if (!(await confirmAction({ message: confirm }))) return;
    run.mutate(step, {
      onSuccess: (result) => showSuccess(result.message),
      onError: (error) => showErrorDialog(errorMessage(error), syncMessages.errorTitle),
    });
  };
  const s = status.data;
  return (
    <Stack>
      <PageHeader
        title="Sincronización Sintesis"
        breadcrumbs={['Sincronizar']}
        description={s ? `Día ${s.today}${s.batch?.cut ? ` — corte ${s.batch.cut}` : ''}` : undefined}
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
                <Button disabled={!s?.steps[step] || run.isPending} onClick={() => start(step, confirm)}>
                  {syncStepLabels[step]}
                </Button>
                <Text size="xs" c="dimmed" data-testid={`reason-${step}`}>
                  {finished ? 'Realizado' : (s?.checks[check].reason ?? (s?.steps[step] ? 'Habilitado' : ''))}
                </Text>
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
      <Modal
        opened={run.isPending}
        onClose={() => undefined}
        withCloseButton={false}
        centered
        title={syncMessages.processing}
      >
        <Group>
          <Loader size="sm" />
          <Text size="sm">{syncMessages.processing}…</Text>
        </Group>
      </Modal>
    </Stack>
  );
}
