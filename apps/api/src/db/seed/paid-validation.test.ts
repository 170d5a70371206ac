import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from '../client.js';
import { rows } from '../rows.js';
import { seedDatabase } from './index.js';

let handle: DatabaseHandle;
let demo: { regularId: number; specialId: number };

beforeAll(async () => {
  handle = await createTestDatabase();
  const summary = await seedDatabase(handle, { scale: 'demo', today: '2025-11-20' });
  demo = { regularId: summary.demo!.regularId, specialId: summary.demo!.specialId };
}, 180_000);
afterAll(() => handle.close());

type SchoolRow = { sie: number; total: number; validated: number; undelivered: number; titulars: number };

/** Per school: the open year's paid students of teacher/director titulars, how many the school validated, by whom. */
const universe = (where: string) =>
  rows<SchoolRow>(
    handle.db,
    `SELECT n.institution_id AS sie, count(*)::int AS total, count(v.inscription_id)::int AS validated,
       count(*) FILTER (WHERE NOT v.is_paid)::int AS undelivered, count(DISTINCT t.person_id)::int AS titulars
     FROM inscriptions n
     JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL AND t.holder_type_id > 1
     JOIN payments p ON p.inscription_id = n.id AND p.paid
     LEFT JOIN paid_validations v ON v.inscription_id = n.id
     WHERE n.removed_at IS NULL AND n.year = (SELECT year FROM programme_settings) AND ${where}
     GROUP BY 1 ORDER BY 1`,
  );

describe('paid validation demo data', () => {
  it("gives the demo director's schools teacher or director titulars with paid students to validate", async () => {
    const [regular, special] = await universe(`n.institution_id IN (${demo.regularId}, ${demo.specialId})`);
    expect(regular).toMatchObject({ sie: demo.regularId });
    expect(regular!.total).toBeGreaterThanOrEqual(10);
    expect(regular!.titulars).toBeGreaterThanOrEqual(2);
    expect(regular!.validated).toBeGreaterThan(0);
    expect(regular!.validated).toBeLessThan(regular!.total);
    expect(regular!.undelivered).toBeGreaterThan(0);
    // The special centre: everything validated but three, so the director can finish and consolidate.
    expect(special).toMatchObject({ sie: demo.specialId });
    expect(special!.total - special!.validated).toBe(3);
    const [open] = await rows<{ n: number }>(
      handle.db,
      `SELECT count(*)::int AS n FROM paid_validation_consolidations WHERE institution_id IN (${demo.regularId}, ${demo.specialId})
         AND year = (SELECT year FROM programme_settings)`,
    );
    expect(open!.n).toBe(0);
  });

  it('keeps the history of the titulars it replaced and the relatives as guardians', async () => {
    const [facts] = await rows<{ replaced: number; orphan: number }>(
      handle.db,
      `SELECT (SELECT count(*) FROM titular_assignments t JOIN inscriptions n ON n.id = t.inscription_id
                WHERE t.removed_at IS NOT NULL AND n.institution_id = ${demo.specialId})::int AS replaced,
         (SELECT count(*) FROM titular_assignments t WHERE t.removed_at IS NULL AND NOT EXISTS
           (SELECT 1 FROM guardians g WHERE g.inscription_id = t.inscription_id AND g.person_id = t.person_id))::int AS orphan`,
    );
    expect(facts!.replaced).toBeGreaterThan(0);
    expect(facts!.orphan).toBe(0);
  });

  it('consolidates only schools that validated every student, with consistent totals', async () => {
    const consolidated = await rows<{
      sie: number;
      students: number;
      delivered: number;
      undelivered: number;
    }>(
      handle.db,
      `SELECT institution_id AS sie, students, delivered, undelivered FROM paid_validation_consolidations
       WHERE year = (SELECT year FROM programme_settings) ORDER BY 1`,
    );
    expect(consolidated.length).toBeGreaterThan(0);
    const schools = new Map((await universe('true')).map((s) => [s.sie, s]));
    for (const c of consolidated) {
      const s = schools.get(c.sie)!;
      expect(s.validated, String(c.sie)).toBe(s.total);
      expect([c.students, c.undelivered]).toEqual([s.total, s.undelivered]);
    }
    const [observations] = await rows<{ missing: number; notPaid: number }>(
      handle.db,
      `SELECT count(*) FILTER (WHERE NOT is_paid AND observation IS NULL)::int AS missing,
         count(*) FILTER (WHERE NOT is_paid)::int AS "notPaid" FROM paid_validations`,
    );
    expect(observations).toMatchObject({ missing: 0 });
    expect(observations!.notPaid).toBeGreaterThan(0);
  });
});
