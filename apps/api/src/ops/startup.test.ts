import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { migrationsFolder } from '../db/migrate.js';
import { createTestDatabase } from '../test/database.js';
import { pendingMigrations } from './migrations.js';
import { fullDiskRefusal, refuseOnFullDisk, StartupRefusal, startupProblems } from './startup.js';

// Issue 14: a production server refuses to start on settings meant for development.
const complete = {
  NODE_ENV: 'production',
  JWT_SECRET: 's'.repeat(40),
  SEGIP_URL: 'https://segip.example.bo',
  SERECI_URL: 'https://sereci.example.bo',
  SINTESIS_URL: 'https://sintesis.example.bo',
};
const without = (...keys: string[]) =>
  loadConfig(Object.fromEntries(Object.entries(complete).filter(([key]) => !keys.includes(key))));

describe('startupProblems', () => {
  it('finds none in a complete production configuration with a migrated database', () => {
    expect(startupProblems(loadConfig(complete), { pendingMigrations: 0 })).toEqual([]);
  });

  it('refuses a generated JWT secret', () => {
    const problems = startupProblems(without('JWT_SECRET'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^JWT_SECRET is unset/);
  });

  it('refuses the bundled simulators, naming each address missing', () => {
    expect(startupProblems(without('SERECI_URL'))).toEqual([expect.stringMatching(/^SERECI_URL unset/)]);
    expect(startupProblems(without('SEGIP_URL', 'SINTESIS_URL'))).toEqual([
      expect.stringMatching(/^SEGIP_URL, SINTESIS_URL unset/),
    ]);
  });

  it('refuses pending migrations and says to run npm run migrate', () => {
    const problems = startupProblems(loadConfig(complete), { pendingMigrations: 2 });
    expect(problems).toEqual([expect.stringContaining('2 database migration(s) pending')]);
    expect(problems[0]).toContain('npm run migrate');
  });

  it('lists every problem at once', () => {
    expect(startupProblems(without('JWT_SECRET', 'SEGIP_URL'), { pendingMigrations: 1 })).toHaveLength(3);
  });

  it('keeps development and tests as they are', () => {
    for (const NODE_ENV of ['development', 'test']) {
      expect(startupProblems(loadConfig({ NODE_ENV }), { pendingMigrations: 3 })).toEqual([]);
    }
  });
});

describe('pendingMigrations', () => {
  let migrated: DatabaseHandle;
  let empty: DatabaseHandle;
  const files = readMigrationFiles({ migrationsFolder });

  beforeAll(async () => {
    migrated = await createTestDatabase();
    empty = await openDatabase({});
  });

  afterAll(async () => {
    await migrated?.close();
    await empty?.close();
  });

  it('counts none on a migrated database and every file on an empty one', async () => {
    expect(await pendingMigrations(migrated.db)).toBe(0);
    expect(await pendingMigrations(empty.db)).toBe(files.length);
  });

  it('counts the newest migration when the database has not run it', async () => {
    const newest = files.at(-1)!.folderMillis;
    await migrated.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE created_at = ${newest}`);
    expect(await pendingMigrations(migrated.db)).toBe(1);
  });
});

describe('a production start', () => {
  it('exits with 1 and says what to set, before opening anything', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'bjp-refusal-')), 'data');
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0' };
    for (const key of ['DATABASE_URL', 'MIGRATION_DATABASE_URL', 'JWT_SECRET', ...Object.keys(complete)])
      if (key !== 'NODE_ENV') delete env[key];
    try {
      const started = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '../../../..'),
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toContain('Refusing to start in production');
      expect(started.stderr).toContain('JWT_SECRET is unset');
      expect(started.stderr).toContain('SEGIP_URL, SERECI_URL, SINTESIS_URL unset');
      // The message alone, no stack trace; and no database was created.
      expect(started.stderr).not.toMatch(/\n\s+at /);
      expect(existsSync(dataDir)).toBe(false);
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }, 90_000);
});

describe('a start on a full disk (issue 34 §5)', () => {
  it('is refused in one line naming DATA_DIR', () => {
    const refusal = fullDiskRefusal('/srv/bjp/data', 0);
    expect(refusal).toBeInstanceOf(StartupRefusal);
    expect(refusal.message).toBe(
      'No space left on the disk of DATA_DIR (/srv/bjp/data, 0 MB free): free some space and start again.',
    );
    expect(refusal.message).not.toContain('\n');
  });

  it('lets a disk with room start', async () => {
    await expect(refuseOnFullDisk(tmpdir())).resolves.toBeUndefined();
  });
});
