import { createReadStream } from 'node:fs';
import { PassThrough, type Readable } from 'node:stream';
import type { FileStore } from '../../lib/file-store.js';

/**
 * An import's file in the project's stored-file mechanism, in chunks: the database store takes a
 * Buffer per key (a stored_file row), so a 200 MB upload is kept as 4 MB pieces and never held
 * whole in memory, on either store.
 */
const CHUNK = 4 * 1024 * 1024;

const chunkKey = (prefix: string, n: number) => `${prefix}/${String(n).padStart(5, '0')}.part`;

/** Copies the file at `path` into the store under `prefix`; the number of chunks written. */
export async function putChunked(store: FileStore, prefix: string, path: string): Promise<number> {
  let n = 0;
  let pending: Buffer[] = [];
  let size = 0;
  const flush = async () => {
    if (size === 0 && n > 0) return;
    await store.put(chunkKey(prefix, n), Buffer.concat(pending, size));
    n++;
    pending = [];
    size = 0;
  };
  try {
    for await (const piece of createReadStream(path, { highWaterMark: 1024 * 1024 })) {
      pending.push(piece as Buffer);
      size += (piece as Buffer).length;
      if (size >= CHUNK) await flush();
    }
    await flush();
  } catch (error) {
    await removeChunked(store, prefix, n + 1).catch(() => undefined);
    throw error;
  }
  return n;
}

/** The stored file as one stream, chunk after chunk; null when a chunk is missing. */
export async function openChunked(
  store: FileStore,
  prefix: string,
  chunks: number,
): Promise<Readable | null> {
  const first = await store.open(chunkKey(prefix, 0));
  if (!first) return null;
  const out = new PassThrough();
  (async () => {
    let current: Readable | null = first;
    for (let n = 0; n < chunks; n++) {
      if (n > 0) current = await store.open(chunkKey(prefix, n));
      if (!current) throw new Error(`stored import chunk ${n} of ${prefix} is missing`);
      for await (const piece of current)
        if (!out.write(piece)) await new Promise((r) => out.once('drain', r));
    }
    out.end();
  })().catch((error) => out.destroy(error as Error));
  return out;
}

export async function removeChunked(store: FileStore, prefix: string, chunks: number): Promise<void> {
  await store.remove(Array.from({ length: chunks }, (_, n) => chunkKey(prefix, n)));
}

export const openLocal = (path: string): Readable => createReadStream(path);
