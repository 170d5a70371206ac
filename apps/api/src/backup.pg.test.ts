import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { seedDatabase, seedDemoUsers } from './db/seed/index.js';
import { type BackupTotals, backupTotals, storeDeclaration } from './test/backup-totals.js';
import { createTestDatabase } from './test/database.js';

// Issue 14, backups on PostgreSQL (docs/operations.md): `pg_dump -Fc` of a seeded database restored
// with `pg_restore` into a new database gives back the same totals. Only in the api-pg project
// (*.pg.test.ts). The seed's 'tiny' scale with the demo users and one stored declaration, as in
// backup.test.ts. Without pg_dump/pg_restore the test fails: a backup procedure nobody ran is no
// procedure.
for (const tool of ['pg_dump', 'pg_restore']) {
  if (spawnSync(tool, ['--version']).status !== 0)
    throw new Error(
      `${tool} is not on PATH: install the PostgreSQL client (postgresql-client) to test backups.`,
    );
}

const work = mkdtempSync(path.join(tmpdir(), 'bjp-pg-backup-'));
const dumpFile = path.join(work, 'bjp.dump');
const restoredName = `bjp_restore_${process.pid}_${Date.now()}`;
let source: DatabaseHandle;
let sourceUrl: string;
let restoredUrl: string;
let before: BackupTotals;

const serverUrl = () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('backup.pg.test.ts needs TEST_DATABASE_URL');
  return url;
};
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  source = await createTestDatabase();
  sourceUrl = (source.pool!.options as { connectionString: string }).connectionString;
  await seedDatabase(source, { scale: 'tiny', today: '2025-11-20' });
  await seedDemoUsers(source, { today: '2025-11-20' });
  await storeDeclaration(source.db);
  before = await backupTotals(source.db);
  const url = new URL(serverUrl());
  url.pathname = `/${restoredName}`;
  restoredUrl = url.toString();
}, 300_000);

afterAll(async () => {
  await source?.close();
  await admin(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
  rmSync(work, { recursive: true, force: true });
});

describe('backup and restore on PostgreSQL (pg_dump -Fc, pg_restore)', () => {
  it('has something to lose', () => {
    expect(before.students).toBeGreaterThan(0);
    expect(before.paidAmount).toBeGreaterThan(0);
    expect(before.declarations).toBeGreaterThan(0);
    expect(before.auditRows).toBeGreaterThan(0);
  });

  it('restores a custom-format dump into a new database with the same totals', async () => {
    execFileSync('pg_dump', ['-Fc', '--file', dumpFile, sourceUrl], { stdio: ['ignore', 'ignore', 'pipe'] });
    expect(statSync(dumpFile).size).toBeGreaterThan(256 * 1024);
    await admin(`CREATE DATABASE ${restoredName}`);
    execFileSync('pg_restore', ['--exit-on-error', '--no-owner', '--dbname', restoredUrl, dumpFile], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const restored = await openDatabase({ url: restoredUrl, poolSize: 2 });
    try {
      expect(await backupTotals(restored.db)).toEqual(before);
      // The audit log's protection came back with it (the triggers of migrations 0001 and 0014).
      await expect(restored.db.execute('DELETE FROM audit_log')).rejects.toMatchObject({
        cause: { message: expect.stringMatching(/append-only/) },
      });
    } finally {
      await restored.close();
    }
  });
});
