import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
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
 * An import's stored file read again as bytes (by a confirmation, or the roll's dry-run job),
 * hashing them on the way: `assertSame()` after the last byte refuses a file whose SHA-256 is no
 * longer the one checked, so the caller's transaction writes nothing.
 */
export async function storedFile(deps: AppDeps, ref: StoredFileRef) {
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
    bytes: source.pipe(hashing) as Readable,
    format: ref.format as FileFormat,
    encoding: ref.encoding as TextEncoding,
    assertSame() {
      if (hash.digest('hex') !== ref.sha256) throw new AppError('conflict', importMessages.fileChanged);
    },
  };
}

/** The stored file read again as rows (see storedFile), for the payment job. */
export async function storedRows(deps: AppDeps, ref: StoredFileRef) {
  const file = await storedFile(deps, ref);
  return { rows: readRows(file.bytes, file.format, file.encoding), assertSame: file.assertSame };
}
