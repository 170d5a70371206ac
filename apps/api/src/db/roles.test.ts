import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeAudit } from '../lib/audit.js';
import { bearer, createTestApp, loginAs, type TestContext } from '../test/app.js';
import { createTestDatabase, testDriver } from '../test/database.js';
import { makeHolderCourse, makePerson, makeTitular } from '../test/factories/holders.js';
import { makeDistrict, makeSchool, makeUser } from '../test/factories.js';
import { type DatabaseHandle, type Executor, openDatabase } from './client.js';
import { APP_ROLE, canRewriteAudit, setUpApplicationRole } from './roles.js';
import { rows } from './rows.js';

const auditRows = async (db: Executor) =>
  rows<{ id: number; action: string }>(db, 'SELECT id, action FROM audit_log ORDER BY id');

/** The error a statement fails with (its SQLSTATE and message), or null when it succeeds. */
async function failure(db: Executor, statement: string): Promise<{ code?: string; message: string } | null> {
  try {
    await db.execute(sql.raw(statement));
    return null;
  } catch (error) {
    // Drizzle wraps the driver's error; the SQLSTATE is on the cause.
    const e = error as { code?: string; message: string; cause?: { code?: string; message: string } };
    return { code: e.cause?.code ?? e.code, message: e.cause?.message ?? e.message };
  }
}

describe('the audit log is append-only for every role (migration 0014)', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
    await writeAudit(handle.db, { userId: null, action: 'prueba', entity: 'x', entityId: 1 });
  });
  afterAll(() => handle.close());

  it('refuses TRUNCATE, UPDATE and DELETE, even to the owner, and keeps the rows', async () => {
    const before = await auditRows(handle.db);
    expect(before).toHaveLength(1);
    for (const statement of [
      'TRUNCATE audit_log',
      "UPDATE audit_log SET action = 'otra'",
      'DELETE FROM audit_log',
    ])
      expect((await failure(handle.db, statement))?.message).toMatch(/audit_log is append-only/);
    expect(await auditRows(handle.db)).toEqual(before);
  });
});

// Roles belong to a PostgreSQL server; the embedded PGlite database has a single user, so this part
// runs in the api-pg project only.
if (testDriver === 'pg') {
  describe(`on PostgreSQL the application's role ${APP_ROLE}`, () => {
    let owner: DatabaseHandle;
    let appDb: DatabaseHandle;
    let ctx: TestContext;
    let sie = 0;
    let appUrl = '';

    beforeAll(async () => {
      owner = await createTestDatabase();
      // The role is the server's, shared by every test database; setting it up again is harmless.
      await setUpApplicationRole(owner.db);
      const [{ name }] = await rows<{ name: string }>(owner.db, 'SELECT current_database() AS name');
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.username = APP_ROLE;
      url.password = '';
      url.pathname = `/${name}`;
      appUrl = url.toString();
      appDb = await openDatabase({ url: appUrl, poolSize: 4 });
      await writeAudit(owner.db, { userId: null, action: 'semilla', entity: 'x', entityId: 1 });

      const district = await makeDistrict(owner.db, { departmentId: 4 });
      sie = (await makeSchool(owner.db, { districtId: district.id })).id;
      const { inscriptionIds } = await makeHolderCourse(owner.db, { institutionId: sie, students: [{}] });
      const mother = await makePerson(owner.db);
      await makeTitular(owner.db, {
        inscriptionId: inscriptionIds[0]!,
        personId: mother.id,
        registeredInstitutionId: sie,
      });
      await makeUser(owner.db, { username: 'director', type: 2, profile: 9, institutionIds: [sie] });
      ctx = await createTestApp({ database: appDb });
    });
    afterAll(async () => {
      await ctx?.close();
      await owner?.close();
    });

    it('connects as itself, not as the owner', async () => {
      const [who] = await rows<{ user: string }>(appDb.db, 'SELECT current_user AS user');
      expect(who!.user).toBe(APP_ROLE);
      expect(await canRewriteAudit(appDb.db)).toBe(false);
      expect(await canRewriteAudit(owner.db)).toBe(true);
    });

    it('adds and reads audit rows', async () => {
      const before = await auditRows(appDb.db);
      await writeAudit(appDb.db, { userId: null, action: 'agregada', entity: 'x', entityId: 2 });
      const after = await auditRows(appDb.db);
      expect(after).toHaveLength(before.length + 1);
      expect(after.at(-1)!.action).toBe('agregada');
    });

    it('cannot change, empty, alter or unprotect the audit log, which stays as it was', async () => {
      const before = await auditRows(owner.db);
      for (const statement of [
        "UPDATE audit_log SET action = 'borrada'",
        'DELETE FROM audit_log',
        'TRUNCATE audit_log',
        'ALTER TABLE audit_log DISABLE TRIGGER ALL',
        'ALTER TABLE audit_log DROP COLUMN ip',
        'DROP TRIGGER audit_log_no_update ON audit_log',
        `CREATE TRIGGER otra AFTER INSERT ON audit_log FOR EACH ROW
           EXECUTE FUNCTION audit_log_is_append_only()`,
        'DROP TABLE audit_log',
        `ALTER TABLE audit_log OWNER TO ${APP_ROLE}`,
      ]) {
        const refused = await failure(appDb.db, statement);
        // 42501: insufficient privilege (the owner gets the trigger's message instead).
        expect({ statement, code: refused?.code }).toEqual({ statement, code: '42501' });
      }
      // A GRANT without the right to grant is only a warning: what counts is that nothing changed.
      await failure(appDb.db, `GRANT DELETE ON audit_log TO ${APP_ROLE}`);
      expect(await canRewriteAudit(appDb.db)).toBe(false);
      expect(await auditRows(owner.db)).toEqual(before);
      const [columns] = await rows<{ n: number }>(
        owner.db,
        `SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'audit_log'`,
      );
      expect(columns!.n).toBe(9);
    });

    it('gets read and write rights on a table a later migration creates, and cannot drop it', async () => {
      await owner.db.execute(sql.raw('CREATE TABLE later_area (id serial PRIMARY KEY, note text NOT NULL)'));
      await appDb.db.execute(sql.raw("INSERT INTO later_area (note) VALUES ('nueva')"));
      expect(await rows(appDb.db, 'SELECT note FROM later_area')).toEqual([{ note: 'nueva' }]);
      expect((await failure(appDb.db, 'DROP TABLE later_area'))?.code).toBe('42501');
    });

    it('is required by a production start: as the owner the server refuses to run', () => {
      const ownerUrl = new URL(appUrl);
      ownerUrl.username = new URL(process.env.TEST_DATABASE_URL!).username;
      const start = (databaseUrl: string) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
          cwd: path.resolve(import.meta.dirname, '../../../..'),
          env: {
            ...process.env,
            NODE_ENV: 'production',
            DATABASE_URL: databaseUrl,
            MIGRATION_DATABASE_URL: '',
            JWT_SECRET: 'x'.repeat(40),
            // A production start also refuses the bundled simulators (ops/startup.ts); never reached here.
            SEGIP_URL: 'http://127.0.0.1:9',
            SERECI_URL: 'http://127.0.0.1:9',
            SINTESIS_URL: 'http://127.0.0.1:9',
            PORT: '0',
            WEB_DIST: '/nonexistent',
          },
          encoding: 'utf8',
          timeout: 60_000,
        });
      const refused = start(ownerUrl.toString());
      expect(refused.status).toBe(1);
      expect(refused.stderr).toContain('DATABASE_URL connects as a role that can change or empty audit_log');
    }, 90_000);

    it('runs the application: a login and a consolidation write their data and audit rows', async () => {
      const { token } = await loginAs(ctx.app, 'director', 2);
      const before = await auditRows(owner.db);
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1/holders/institutions/${sie}/consolidation`,
        headers: bearer(token),
      });
      expect(res.statusCode).toBe(200);
      const [school] = await rows<{ consolidated: boolean }>(
        owner.db,
        sql`SELECT holders_consolidated_at IS NOT NULL AS consolidated FROM institutions WHERE id = ${sie}`,
      );
      expect(school!.consolidated).toBe(true);
      expect((await auditRows(owner.db)).length).toBeGreaterThan(before.length);
    });
  });
}
