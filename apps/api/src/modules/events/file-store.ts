import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files live. The disk store keeps them under DATA_DIR/uploads/events/ with generated
 * names; an object store would implement the same three calls.
 */
export type FileStore = {
  put(key: string, bytes: Buffer): Promise<void>;
  open(key: string): Promise<Readable | null>;
  remove(keys: string[]): Promise<void>;
};

/** A new storage key: a random name (never the uploader's) with the sniffed extension. */
export function newStorageKey(extension: string, folder = ''): string {
  return path.posix.join(folder, `${randomUUID()}.${extension}`);
}

export function diskFileStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, 'uploads', 'events');
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    // Keys are generated, but a stored key must never reach outside the folder.
    if (!full.startsWith(`${root}${path.sep}`)) throw new Error(`invalid storage key ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, bytes, { flag: 'wx' });
    },
    async open(key) {
      const full = resolve(key);
      try {
        await stat(full);
      } catch {
        return null;
      }
      return createReadStream(full);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(resolve(key), { force: true })));
    },
  };
}

const stores = new Map<string, FileStore>();

/** One store per data folder (tests give each app its own folder). */
export function fileStoreFor(dataDir: string): FileStore {
  let store = stores.get(dataDir);
  if (!store) {
    store = diskFileStore(dataDir);
    stores.set(dataDir, store);
  }
  return store;
}
