import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { importMessages, MAX_IMPORT_BYTES } from '@bjp/domain';
import type {} from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors.js';
import { type FileFormat, sniffFormat, type TextEncoding } from './reader.js';
import { assertZipWithinLimits } from './zip-limits.js';

/** An uploaded import file, written to a temporary file as it arrived, with what was learnt on the way. */
export type ReceivedFile = {
  fileName: string;
  path: string;
  size: number;
  sha256: string;
  format: FileFormat;
  encoding: TextEncoding;
  /** Removes the temporary folder. */
  dispose(): Promise<void>;
};

const tooLarge = () =>
  new AppError('payload_too_large', importMessages.tooLarge(MAX_IMPORT_BYTES / 1024 / 1024));

/**
 * Streams a file to a temporary folder, hashing it (SHA-256) and trying it as UTF-8 on the way: a
 * file that does not decode as UTF-8 is Latin-1. Memory stays flat whatever the size; past
 * `maxBytes` the upload is refused with 413 and the temporary file removed.
 */
export async function receiveStream(
  source: Readable,
  fileName: string,
  maxBytes: number = MAX_IMPORT_BYTES,
  isTruncated: () => boolean = () => false,
): Promise<ReceivedFile> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bjp-import-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  const target = path.join(dir, 'upload');
  const hash = createHash('sha256');
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  let isUtf8 = true;
  let size = 0;
  let head = Buffer.alloc(0);
  const watch = new Transform({
    transform(piece: Buffer, _encoding, done) {
      size += piece.length;
      if (size > maxBytes) return done(tooLarge());
      hash.update(piece);
      if (head.length < 8) head = Buffer.concat([head, piece.subarray(0, 8)]);
      if (isUtf8) {
        try {
          utf8.decode(piece, { stream: true });
        } catch {
          isUtf8 = false;
        }
      }
      done(null, piece);
    },
  });
  try {
    await pipeline(source, watch, createWriteStream(target));
    if (isTruncated()) throw tooLarge();
    // A zip bomb is refused from its directory, before the reader decompresses a byte (issue 34).
    if (sniffFormat(head) === 'xlsx') await assertZipWithinLimits(target);
    if (isUtf8) {
      try {
        utf8.decode();
      } catch {
        isUtf8 = false;
      }
    }
  } catch (error) {
    await dispose();
    throw error;
  }
  return {
    fileName: fileName.slice(0, 200) || 'archivo',
    path: target,
    size,
    sha256: hash.digest('hex'),
    format: sniffFormat(head),
    encoding: isUtf8 ? 'utf-8' : 'latin1',
    dispose,
  };
}

/**
 * The one file of a multipart request (field 'archivo', or the first file), streamed as above. A
 * Content-Length past the limit is refused before any byte is read.
 */
export async function receiveUpload(req: FastifyRequest, maxBytes: number = MAX_IMPORT_BYTES) {
  if (Number(req.headers['content-length'] ?? 0) > maxBytes + 64 * 1024) throw tooLarge();
  if (!req.isMultipart())
    throw new AppError('bad_request', 'Se esperaba un formulario con el archivo (multipart/form-data).');
  let part: Awaited<ReturnType<FastifyRequest['file']>>;
  try {
    part = await req.file({ limits: { fileSize: maxBytes, files: 1, fields: 5, parts: 6 } });
  } catch {
    throw new AppError('bad_request', 'El formulario enviado no es válido.');
  }
  if (!part) throw new AppError('bad_request', importMessages.noFile);
  return receiveStream(part.file, part.filename, maxBytes, () => part.file.truncated);
}
