import { formatKilobytes, reportMessages } from '@bjp/domain';
import { Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { errorMessage, isApiError } from '../../app/api';
import type { ApiPath } from '../../app/api-path';
import type { QueryParams } from '../../app/http';
import { notifyError, notifySuccess, notifyWarning } from '../../ui/notify';
import { ExportProgress, type ExportStarted, useExportJob } from '../exports';
import { downloadDocument, type Progress as ProgressState } from './download';

type Format = 'pdf' | 'xlsx';
type Props = {
  /** The document's API path, e.g. apiPath('/reports/national/document'). */
  path: ApiPath;
  query?: QueryParams;
  /** Which buttons to show; the format goes in the query as ?format=. */
  formats?: Format[];
  /** Send ?format= (report documents) or not (tracking PDF). */
  withFormat?: boolean;
  pdfLabel?: string;
  xlsxLabel?: string;
  disabled?: boolean;
  /**
   * For national and department-wide documents: the POST that prepares it as a job in that format
   * (typed by its /exports path); the buttons then show 'Preparando…' and download when it is ready.
   */
  exportJob?: (format: Format) => Promise<ExportStarted>;
};

const kb = (bytes: number) => formatKilobytes(bytes);

/** PDF / spreadsheet buttons with the 'Generando reporte...' dialog: progress and 'Cancelar'. */
export function DownloadButtons({
  path,
  query = {},
  formats = ['pdf', 'xlsx'],
  withFormat = true,
  pdfLabel = 'Descargar PDF',
  xlsxLabel = 'Descargar Excel',
  disabled,
  exportJob,
}: Props) {
  const job = useExportJob();
  const [running, setRunning] = useState<Format | null>(null);
  const [progress, setProgress] = useState<ProgressState>({ received: 0, total: null });
  const controller = useRef<AbortController | null>(null);

  const prepare = async (format: Format) => {
    try {
      await job.run(() => exportJob!(format), `reporte.${format}`);
      notifySuccess(reportMessages.success, reportMessages.successTitle);
    } catch (error) {
      if (isApiError(error) && error.status === 404 && error.message === reportMessages.noData)
        notifyWarning(reportMessages.noData, reportMessages.noDataTitle);
      else notifyError(errorMessage(error, reportMessages.failure), 'Error!');
    }
  };

  const start = async (format: Format) => {
    if (exportJob) return prepare(format);
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ received: 0, total: null });
    setRunning(format);
    try {
      await downloadDocument(path, withFormat ? { ...query, format } : query, {
        signal: abort.signal,
        onProgress: setProgress,
        fallbackName: `reporte.${format}`,
      });
      notifySuccess(reportMessages.success, reportMessages.successTitle);
    } catch (error) {
      if (abort.signal.aborted) notifyWarning(reportMessages.cancelled);
      else if (isApiError(error) && error.status === 404 && error.message === reportMessages.noData)
        notifyWarning(reportMessages.noData, reportMessages.noDataTitle);
      else notifyError(errorMessage(error, reportMessages.failure), 'Error!');
    } finally {
      setRunning(null);
      controller.current = null;
    }
  };

  const percent = progress.total ? Math.min(100, (progress.received / progress.total) * 100) : null;
  return (
    <>
      <Group gap="xs">
        {formats.includes('pdf') && (
          <Button
            leftSection={<IconFileTypePdf size={16} />}
            color="red"
            variant="light"
            onClick={() => start('pdf')}
            disabled={disabled || running !== null || job.preparing !== null}
          >
            {pdfLabel}
          </Button>
        )}
        {formats.includes('xlsx') && (
          <Button
            leftSection={<IconFileSpreadsheet size={16} />}
            color="green"
            variant="light"
            onClick={() => start('xlsx')}
            disabled={disabled || running !== null || job.preparing !== null}
          >
            {xlsxLabel}
          </Button>
        )}
      </Group>
      <ExportProgress preparing={job.preparing} />
      <Modal
        opened={running !== null}
        onClose={() => controller.current?.abort()}
        title={reportMessages.generating}
        centered
        withCloseButton={false}
        closeOnClickOutside={false}
      >
        <Stack>
          <Progress
            value={percent ?? 100}
            animated={percent === null}
            striped={percent === null}
            aria-label="Progreso del reporte"
          />
          <Text size="sm" c="dimmed">
            {progress.received === 0
              ? 'Preparando el documento en el servidor…'
              : `Recibido ${kb(progress.received)}${progress.total ? ` de ${kb(progress.total)}` : ''}`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => controller.current?.abort()}>
              Cancelar
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
