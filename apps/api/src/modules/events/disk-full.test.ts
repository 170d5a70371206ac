import { mkdtempSync, readdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { diskFileStore, newStorageKey } from '../../lib/file-store.js';
import { type CheckedFile, withStoredFiles } from './uploads.js';

/** Every file left under the folder, at any depth. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);

/** A disk that fills up after `room` bytes: the write that crosses it leaves half a file, then ENOSPC. */
function fillingDisk(room: number) {
  let used = 0;
  return async (file: string, bytes: Buffer, options: { flag: string }) => {
    if (used + bytes.length <= room) {
      used += bytes.length;
      return writeFile(file, bytes, options);
    }
    await writeFile(file, bytes.subarray(0, Math.max(0, room - used)), options);
    used = room;
    throw Object.assign(new Error(`ENOSPC: no space left on device, write '${file}'`), { code: 'ENOSPC' });
  };
}

const file = (n: number): CheckedFile => ({
  field: `f${n}`,
  originalName: `f${n}.pdf`,
  bytes: Buffer.alloc(1000, n),
  contentType: 'application/pdf',
  extension: 'pdf',
  storageKey: newStorageKey('pdf', 'events'),
});

describe('a full disk (issue 34 §5)', () => {
  it('answers 503 in Spanish with the path for the log, and leaves no file, whole or partial', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bjp-full-'));
    const store = diskFileStore(dataDir, fillingDisk(2500));
    let work = false;
    const failure = await withStoredFiles(store, [file(1), file(2), file(3)], async () => {
      work = true;
    }).catch((error: unknown) => error);
    expect(work).toBe(false);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({
      status: 503,
      code: 'disk_full',
      message: 'No hay espacio en el disco del servidor.',
    });
    expect((failure as { path: string }).path).toContain(path.join(dataDir, 'uploads', 'events'));
    expect(filesUnder(dataDir)).toEqual([]);
  });

  it('keeps every file whole when there is room', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bjp-room-'));
    const store = diskFileStore(dataDir, fillingDisk(10_000));
    await withStoredFiles(store, [file(1), file(2)], async () => undefined);
    expect(filesUnder(dataDir).sort()).toHaveLength(2);
    expect(filesUnder(dataDir).every((name) => name.endsWith('.pdf'))).toBe(true);
  });
});
