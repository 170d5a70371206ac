import { ABANDONED_IMPORT_DAYS } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { expireAbandoned } from './queries.js';
import { parseErrorsKey } from './service.js';
import { removeChunked } from './stored-file.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Imports cleaned per upload: a bounded piece of work, however many were left behind. */
const PER_UPLOAD = 20;

/**
 * The stored files of dry runs nobody confirmed within ABANDONED_IMPORT_DAYS (a national roll is
 * ~200 MB) are deleted, a few at a time, whenever a new file is uploaded; the import row stays in the
 * history as 'expired' (who, when, hash, counts), and 'Confirmar' on it answers why.
 */
export async function removeAbandonedFiles(deps: Pick<AppDeps, 'db' | 'config' | 'clock'>): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - ABANDONED_IMPORT_DAYS * DAY_MS);
  const expired = await expireAbandoned(deps.db, before, PER_UPLOAD);
  const store = fileStoreFor(deps);
  for (const row of expired) {
    await removeChunked(store, row.fileKey, row.chunks);
    if (row.errorsKey) {
      const errors = parseErrorsKey(row.errorsKey);
      await removeChunked(store, errors.prefix, errors.chunks);
    }
  }
  return expired.length;
}
