import { adjustmentMessages } from '@bjp/domain';
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { errorMessage } from '../../app/api';
import { confirmAction, showErrorDialog } from '../../ui/ConfirmDialog';
import { notifySuccess } from '../../ui/notify';
import { ExportProgress, useExportJob } from '../exports';
import { RudeFinder } from '../sereci';
import { PaymentSyncButton } from '../sync';
import { startProgressExport, useReenable } from './api';

/**
 * The three actions of 'Procesar Ajustes Solicitados': re-enable one student's adjustment, download
 * the delivery progress spreadsheet, and pull the payments from Síntesis.
 */
export function ProcessActions() {
  const reenable = useReenable();
  // The spreadsheet covers the whole country: prepared as a job, downloaded when ready.
  const progress = useExportJob();

  const enable = async (rude: string) => {
    if (!(await confirmAction({ message: `${adjustmentMessages.confirmReenable} (RUDE ${rude})` }))) return;
    reenable.mutate(rude, {
      onSuccess: (r) => notifySuccess(`${r.student} (${r.rude})`, r.message),
      onError: (error) =>
        showErrorDialog(errorMessage(error, adjustmentMessages.failureTitle), adjustmentMessages.errorTitle),
    });
  };

  const report = async () => {
    try {
      const name = await progress.run(startProgressExport, 'estadísticas.xlsx');
      notifySuccess(`${name}`, 'Exitoso!');
    } catch (error) {
      showErrorDialog(
        errorMessage(error, adjustmentMessages.progressFailed),
        adjustmentMessages.genericError,
      );
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={5}>Habilitar Modificación Estudiante</Title>
          <Text size="sm" c="dimmed">
            Reabre el ajuste de titular de un estudiante para que su institución pueda registrar uno nuevo.
          </Text>
          <RudeFinder
            label="RUDE del estudiante"
            buttonLabel="Habilitar"
            onSearch={enable}
            loading={reenable.isPending}
          />
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Stack gap="xs">
          <Title order={5}>Avance de entrega y pagos</Title>
          <Group gap="sm">
            <Button
              leftSection={<IconFileSpreadsheet size={16} />}
              variant="light"
              color="green"
              onClick={report}
              disabled={progress.preparing !== null}
            >
              Reporte de avance de entrega
            </Button>
          </Group>
          <PaymentSyncButton
            confirmMessage={adjustmentMessages.confirmSync}
            disabled={progress.preparing !== null}
          />
        </Stack>
      </Paper>
      <ExportProgress preparing={progress.preparing} />
    </SimpleGrid>
  );
}
