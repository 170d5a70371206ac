import { Modal, Progress, Stack, Text } from '@mantine/core';
import type { Preparing } from './useExportJob';

/** The 'Preparando…' dialog of a download prepared as a job: its progress bar and step. */
export function ExportProgress({ preparing }: { preparing: Preparing | null }) {
  return (
    <Modal
      opened={preparing !== null}
      onClose={() => undefined}
      title="Preparando…"
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
    >
      <Stack>
        <Progress
          value={preparing?.percent ?? 100}
          animated={preparing?.percent == null}
          striped={preparing?.percent == null}
          aria-label="Progreso de la descarga"
        />
        <Text size="sm" c="dimmed">
          {preparing?.message}
        </Text>
      </Stack>
    </Modal>
  );
}
