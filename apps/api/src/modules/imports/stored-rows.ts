import { createHash } from 'node:crypto';
import { Transform } from 'node:stream';
import { importMessages } from '@bjp/domain';
import type { AppDeps } from '../../app-types.js';
import { AppError } from '../../lib/errors.js';
import { fileStoreFor } from '../../lib/file-store.js';
import { type FileFormat, readRows, type TextEncoding } from './reader.js';
import { openChunked } from './stored-file.js';

/** What an import row says about its stored file. */
export type StoredFileRef = {
  fileKey: string;
  chunks: number;
  format: string;
  encoding: string;
  sha256: string;
};

/**
 * An import's stored file read again as rows (by a confirmation, or the roll's dry-run job), hashing
 * the bytes on the way: `assertSame()` after the last row refuses a file whose SHA-256 is no longer
 * the one checked, so the caller's transaction writes nothing.
 */
export async function storedRows(deps: AppDeps, ref: StoredFileRef) {
  const source = await openChunked(fileStoreFor(deps), ref.fileKey, ref.chunks);
  if (!source) throw new AppError('conflict', importMessages.fileChanged);
  const hash = createHash('sha256');
  const hashing = new Transform({
    transform(piece: Buffer, _e, done) {
      hash.update(piece);
      done(null, piece);
    },
  });
  source.on('error', (error) => hashing.destroy(error));
  return {
    rows: readRows(source.pipe(hashing), ref.format as FileFormat, ref.encoding as TextEncoding),
    assertSame() {
      if (hash.digest('hex') !== ref.sha256) throw new AppError('conflict', importMessages.fileChanged);
    },
  };
}
