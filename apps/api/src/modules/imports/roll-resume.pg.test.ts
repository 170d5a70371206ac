import type { ImportDetail } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { firstRow, rows } from '../../db/rows.js';
import {
  type Cluster,
  callInstance,
  type Instance,
  loginToInstance,
  startCluster,
} from '../../test/instances.js';

/**
 * Issue 18: the school roll's 'Confirmar' is a job that survives the death of the server running it.
 * Two real servers on one PostgreSQL database; the test holds the roll writers' lock (the first thing
 * the confirmation takes), so the job is certainly mid-way when its server is killed (SIGKILL); the
 * lock is let go and the survivor finishes it: the new student once, the changed one changed, one
 * audit row, the import done.
 */
let cluster: Cluster;
let handle: DatabaseHandle;
let instances: Instance[] = [];
let databaseUrl = '';

const ROLL_LOCK = "hashtext('bjp.imports.roll')";
const header =
  'GESTION;SIE;NIVEL;GRADO;PARALELO;TURNO;RUDE;PATERNO;MATERNO;NOMBRES;GENERO;FECHA_NACIMIENTO;CI;COMPLEMENTO';

beforeAll(async () => {
  cluster = await startCluster({
    // A job whose server died is given to another after 10 s.
    env: { JOB_EXPIRE_SECONDS: '10', JOB_RETRY_LIMIT: '3' },
  });
  ({ handle, instances } = cluster);
  databaseUrl = (handle.pool as unknown as { options: { connectionString: string } }).options
    .connectionString;
}, 180_000);

afterAll(() => cluster?.close());

/** The open year's students as roll lines, exactly as the console holds them. */
async function currentRoll(): Promise<string[]> {
  const found = await rows<{ line: string }>(
    handle.db,
    sql`SELECT concat_ws(';', n.year, c.institution_id, c.level_id, c.grade_id, chr(64 + c.parallel_id), c.shift_id,
        s.rude, s.first_last_name, s.second_last_name, s.name, s.gender, to_char(s.birth_date, 'DD/MM/YYYY'),
        coalesce(s.document_number, ''), s.document_complement) AS line
      FROM inscriptions n JOIN students s ON s.id = n.student_id JOIN courses c ON c.id = n.course_id
      WHERE n.year = (SELECT year FROM programme_settings WHERE id = 1) ORDER BY s.rude`,
  );
  return found.map((f) => f.line);
}

async function upload(instance: Instance, token: string, text: string): Promise<{ id: number }> {
  const form = new FormData();
  form.append('archivo', new Blob([text], { type: 'text/csv' }), 'nomina.csv');
  const res = await fetch(`${instance.url}/api/v1/imports/roll/roll/dry-run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(202);
  return (await res.json()) as { id: number };
}

describe("the roll's confirmation across two instances", () => {
  it('finishes on the surviving instance when the one running it dies mid-way, writing once', async () => {
    const [a, b] = instances as [Instance, Instance];
    const tokens = new Map([
      [a, await loginToInstance(a, 'admin', 'Demo2025!', 1)],
      [b, await loginToInstance(b, 'admin', 'Demo2025!', 1)],
    ]);
    const detail = async (via: Instance, id: number) =>
      (await callInstance<ImportDetail>(via, 'GET', `/imports/${id}`, tokens.get(via))).body;

    // The roll as it is, with one student renamed and one new student.
    const lines = await currentRoll();
    expect(lines.length).toBeGreaterThan(100);
    const [first, ...rest] = lines as [string, ...string[]];
    const cells = first.split(';');
    const renamed = [...cells];
    renamed[9] = 'NOMBRE CAMBIADO';
    const added = [...cells];
    added[6] = '99990000000001';
    added[12] = '';
    added[13] = '';
    const before = await firstRow<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM inscriptions`);

    const { id } = await upload(
      a,
      tokens.get(a)!,
      `${[header, renamed.join(';'), ...rest, added.join(';')].join('\r\n')}\r\n`,
    );
    await expect.poll(async () => (await detail(b, id)).state, { timeout: 60_000 }).toBe('checked');
    expect((await detail(b, id)).counts).toMatchObject({ new: 1, changed: 1, errors: 0 });

    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query(`SELECT pg_advisory_lock(${ROLL_LOCK})`);
      const confirmed = await callInstance<{ jobId: string }>(
        a,
        'POST',
        `/imports/${id}/confirm`,
        tokens.get(a),
      );
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(202);
      const { jobId } = confirmed.body;
      // Whichever instance took the job is now waiting for the lock inside its transaction.
      const worker = async () =>
        (
          await firstRow<{ worker: string | null }>(
            handle.db,
            sql`SELECT worker FROM job_progress WHERE id = ${jobId}`,
          )
        )?.worker ?? null;
      await expect.poll(worker, { timeout: 20_000 }).toMatch(/:\d+$/);
      const runnerPid = Number((await worker())!.split(':').pop());
      const runner = instances.find((i) => i.pid === runnerPid)!;
      expect(runner, `worker ${runnerPid}`).toBeDefined();
      const survivor = runner === a ? b : a;
      await expect
        .poll(
          async () =>
            (
              await firstRow<{ n: number }>(
                handle.db,
                sql`SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity s ON s.pid = l.pid
                    WHERE l.locktype = 'advisory' AND NOT l.granted AND s.query LIKE '%bjp.imports.roll%'`,
              )
            )?.n,
          { timeout: 20_000 },
        )
        .toBe(1);

      await runner.kill();
      instances.splice(instances.indexOf(runner), 1);
      await locker.query(`SELECT pg_advisory_unlock(${ROLL_LOCK})`);

      await expect
        .poll(async () => (await detail(survivor, id)).state, { timeout: 90_000, interval: 500 })
        .toBe('done');
      expect((await detail(survivor, id)).result).toMatchObject({ new: 1, changed: 1 });
      expect(
        await firstRow<{ attempts: number; worker: string }>(
          handle.db,
          sql`SELECT attempts, worker FROM job_progress WHERE id = ${jobId}`,
        ),
      ).toMatchObject({ worker: expect.stringMatching(new RegExp(`:${survivor.pid}$`)) });
    } finally {
      await locker.end();
    }

    // Written once: one more inscription, the new student once, the rename applied, one audit row.
    expect(
      await firstRow<{ n: number }>(handle.db, sql`SELECT count(*)::int AS n FROM inscriptions`),
    ).toEqual({
      n: before!.n + 1,
    });
    expect(
      await firstRow<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM students WHERE rude = '99990000000001'`,
      ),
    ).toEqual({ n: 1 });
    expect(
      await firstRow<{ name: string }>(handle.db, sql`SELECT name FROM students WHERE rude = ${cells[6]}`),
    ).toEqual({ name: 'NOMBRE CAMBIADO' });
    expect(
      await firstRow<{ n: number }>(
        handle.db,
        sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'imports.roll' AND entity_id = ${id}`,
      ),
    ).toEqual({ n: 1 });
  }, 240_000);
});
