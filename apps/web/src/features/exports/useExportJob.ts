import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, api } from '../../app/api';
import { apiPath } from '../../app/api-path';
import { downloadFile } from '../../ui/download';

/** An export job as GET /exports/:jobId tells it (apps/api/src/modules/exports). */
export type ExportStatus = {
  id: string;
  kind: 'progress' | 'report' | 'reconciliation';
  state: 'queued' | 'running' | 'done' | 'failed';
  progress: { done: number; total: number; message: string };
  file?: { filename: string; size: number };
  error?: string;
};

/** What every /exports POST answers (202): the job to follow. */
export type ExportStarted = { jobId: string };

/** What the 'Preparando…' dialog shows while the server prepares the file. */
export type Preparing = { message: string; percent: number | null };

const POLL_MS = 1000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A long document as a job (issue 14): POST the export, poll its progress every second, then
 * download the stored file. Any instance answers the poll and serves the file, and a double click
 * gets the same job. `preparing` is null when nothing is in the making.
 */
export function useExportJob() {
  const [preparing, setPreparing] = useState<Preparing | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** start: the typed POST of an /exports route (e.g. `() => api.post('/exports/progress')`). */
  const run = useCallback(async (start: () => Promise<ExportStarted>, fallbackName: string) => {
    setPreparing({ message: 'Preparando…', percent: null });
    try {
      const { jobId } = await start();
      for (;;) {
        const status = await api.get('/exports/{jobId}', { path: { jobId } });
        if (status.state === 'failed')
          // The job's own answer (e.g. 'No hay datos…', a 404 of the synchronous download).
          throw new ApiError(404, 'export_failed', status.error ?? 'No se pudo preparar el archivo.');
        if (status.state === 'done') break;
        const { done, total, message } = status.progress;
        if (alive.current)
          setPreparing({
            message: message || 'Preparando…',
            percent: total > 0 ? Math.min(100, (done / total) * 100) : null,
          });
        await sleep(POLL_MS);
        // The page was left: stop following (the job finishes and is kept for a later download).
        if (!alive.current) throw new ApiError(499, 'cancelled', 'La descarga fue cancelada.');
      }
      if (alive.current) setPreparing({ message: 'Descargando…', percent: 100 });
      return await downloadFile(apiPath('/exports/{jobId}/file', { jobId }), fallbackName);
    } finally {
      if (alive.current) setPreparing(null);
    }
  }, []);

  return { run, preparing };
}
