import type { AppDeps } from '../../app-types.js';
import { fileStoreFor } from '../../lib/file-store.js';
import type { ExportFile } from './jobs.js';
import { deleteFinishedExports } from './queries.js';

/**
 * How long a finished export stays downloadable. A day covers 'Preparando…' → 'Descargar' even
 * across a lunch break; after that the bytes (a national XLSX is several MB, per user and day)
 * would only pile up in stored_file or under DATA_DIR.
 */
export const EXPORT_RETENTION_MS = 24 * 3_600_000;

/**
 * Deletes export jobs finished before the retention window, then their files. The DELETE …
 * RETURNING decides which instance removes which files, so two instances pruning at once never
 * race on a file. Run when an export is asked for: the cost is one indexed delete.
 */
export async function pruneExports(deps: AppDeps): Promise<number> {
  // Wall-clock time, as finished_at is stamped: the app's clock may be pinned to a programme day.
  const cutoff = new Date(Date.now() - EXPORT_RETENTION_MS);
  const gone = await deleteFinishedExports(deps.db, cutoff);
  const keys = gone.map((row) => (row.result as ExportFile | null)?.key).filter((key) => key !== undefined);
  if (keys.length > 0) await fileStoreFor(deps).remove(keys);
  return gone.length;
}
