import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDatabase, seedDemoUsers } from './db/seed/index.js';
import { type BackupTotals, backupTotals, storeDeclaration } from './test/backup-totals.js';

// Issue 14, backups of the embedded database (docs/operations.md): a data folder copied while the
// server is stopped, and PGlite's own dump (dumpDataDir) loaded into a new folder (loadDataDir),
// both give back the same totals. The data: the seed's 'tiny' scale (8 schools, 320 students), the
// demo's steps on fewer rows, with the demo users and one stored declaration; the full demo takes
// minutes to load on PGlite, and the dump is the same code whatever its size.
const SCALE = 'tiny';
const work = mkdtempSync(path.join(tmpdir(), 'bjp-backup-'));
const dataDir = path.join(work, 'data', 'pglite');
let before: BackupTotals;

beforeAll(async () => {
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const handle = await openDatabase({ dataDir });
  await runMigrations(handle);
  await seedDatabase(handle, { scale: SCALE, today: '2025-11-20' });
  await seedDemoUsers(handle, { today: '2025-11-20' });
  await storeDeclaration(handle.db);
  before = await backupTotals(handle.db);
  // The dump an operator takes (docs/operations.md): a tarball written next to the data folder.
  const dump = await handle.pglite!.dumpDataDir('gzip');
  writeFileSync(path.join(work, 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  await handle.close();
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

async function totalsOf(folder: string): Promise<BackupTotals> {
  const restored = await openDatabase({ dataDir: folder });
  try {
    return await backupTotals(restored.db);
  } finally {
    await restored.close();
  }
}

describe(`backup and restore of the embedded database (${SCALE} seed)`, () => {
  it('has something to lose: students, titulars, payments, a declaration, an audit trail', () => {
    expect(before.students).toBeGreaterThan(0);
    expect(before.titulars).toBeGreaterThan(0);
    expect(before.paidPayments).toBeGreaterThan(0);
    expect(before.paidAmount).toBeGreaterThan(0);
    expect(before.declarations).toBeGreaterThan(0);
    expect(before.users).toBeGreaterThan(0);
    expect(before.auditRows).toBeGreaterThan(0);
  });

  it('a copy of the stopped server’s data folder opens with the same totals', async () => {
    const copy = path.join(work, 'copy', 'pglite');
    mkdirSync(path.dirname(copy), { recursive: true });
    cpSync(dataDir, copy, { recursive: true });
    expect(await totalsOf(copy)).toEqual(before);
  });

  it('a dumpDataDir tarball loaded into a new folder gives the same totals', async () => {
    const restoredDir = path.join(work, 'restored', 'pglite');
    mkdirSync(path.dirname(restoredDir), { recursive: true });
    const tarball = new Blob([readFileSync(path.join(work, 'pglite.tar.gz'))]);
    const loaded = await PGlite.create(restoredDir, { loadDataDir: tarball });
    await loaded.close();
    // Opened again as the server opens DATA_DIR: the restored folder is an ordinary data folder.
    expect(await totalsOf(restoredDir)).toEqual(before);
    // The audit log's protection came back with it (the trigger of migration 0001).
    const reopened = await openDatabase({ dataDir: restoredDir });
    try {
      await expect(reopened.db.execute('DELETE FROM audit_log')).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/append-only/) },
      });
    } finally {
      await reopened.close();
    }
  });
});
