import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { link, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../app-types.js';
import type { Database } from '../db/client.js';
import { storedFiles } from '../db/schema/index.js';
import { DiskFullError, isDiskFull } from './errors.js';

/**
 * Where uploaded files live. On a PostgreSQL server (DATABASE_URL) they are rows of stored_file, so
 * every instance behind a balancer serves what any of them received; with embedded PGlite (one
 * instance) they stay on disk under DATA_DIR/uploads/events/ with generated names. An object store
 * would implement the same three calls.
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

/** Writes a file (node:fs/promises' writeFile; a test gives one that fails as a full disk does). */
type WriteFile = (file: string, bytes: Buffer, options: { flag: string }) => Promise<void>;

export function diskFileStore(dataDir: string, write: WriteFile = writeFile): FileStore {
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
      // Written under a temporary name and moved into place whole, so a failed write (a full disk)
      // never leaves a partial file under a real key; the temporary one is removed (decision 051).
      const temporary = `${full}.${randomUUID()}.tmp`;
      try {
        await mkdir(path.dirname(full), { recursive: true });
        await write(temporary, bytes, { flag: 'wx' });
        await link(temporary, full);
      } catch (error) {
        if (isDiskFull(error)) throw new DiskFullError(full);
        throw error;
      } finally {
        await rm(temporary, { force: true });
      }
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

/**
 * Files as rows. Uploads are at most MAX_UPLOAD_KB, so one read brings the whole file into memory
 * and hands it on as a stream, the shape the disk store gives. The put runs outside the caller's
 * transaction, as a disk write would: withStoredFiles removes the rows again if the work fails.
 */
export function databaseFileStore(db: Database): FileStore {
  return {
    async put(key, bytes) {
      // A plain insert: a key already taken fails, as the disk store's 'wx' does.
      await db.insert(storedFiles).values({ key, bytes, size: bytes.length });
    },
    async open(key) {
      const [row] = await db
        .select({ bytes: storedFiles.bytes })
        .from(storedFiles)
        .where(eq(storedFiles.key, key));
      return row ? Readable.from([row.bytes]) : null;
    },
    async remove(keys) {
      if (keys.length === 0) return;
      await db.delete(storedFiles).where(inArray(storedFiles.key, keys));
    },
  };
}

const diskStores = new Map<string, FileStore>();
const databaseStores = new WeakMap<Database, FileStore>();

/**
 * The store of this application: the database when it runs on a PostgreSQL server (DATABASE_URL
 * set), else the disk under DATA_DIR, one store per data folder (tests give each app its own).
 */
export function fileStoreFor(deps: Pick<AppDeps, 'db' | 'config'>): FileStore {
  if (deps.config.DATABASE_URL) {
    let store = databaseStores.get(deps.db);
    if (!store) {
      store = databaseFileStore(deps.db);
      databaseStores.set(deps.db, store);
    }
    return store;
  }
  let store = diskStores.get(deps.config.DATA_DIR);
  if (!store) {
    store = diskFileStore(deps.config.DATA_DIR);
    diskStores.set(deps.config.DATA_DIR, store);
  }
  return store;
}
