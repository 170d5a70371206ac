import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/database.js';
import type { DatabaseHandle } from '../client.js';
import { rows } from '../rows.js';
import { seedDatabase } from './index.js';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle, { scale: 'demo', today: '2025-11-20' });
}, 180_000);
afterAll(() => handle.close());

const one = async <T>(sql: string) => (await rows<T>(handle.db, sql))[0]!;

describe('adjustment and removal demo data', () => {
  it('adjusts some students of consolidated schools only, after the consolidation and before today', async () => {
    const a = await one<{
      total: number;
      open: number;
      outside: number;
      kinds: number;
      reenabled: number;
      late: number;
    }>(
      `SELECT count(*)::int AS total,
         count(*) FILTER (WHERE i.holders_consolidated_at IS NULL)::int AS open,
         count(*) FILTER (WHERE a.created_at < i.holders_consolidated_at)::int AS outside,
         count(DISTINCT a.kind)::int AS kinds,
         count(a.reenabled_at)::int AS reenabled,
         count(*) FILTER (WHERE a.created_at >= TIMESTAMPTZ '2025-11-20 00:00:00-04')::int AS late
       FROM titular_adjustments a JOIN institutions i ON i.id = a.institution_id`,
    );
    expect(a.total).toBeGreaterThan(20);
    expect(a).toMatchObject({ open: 0, outside: 0, kinds: 2, late: 0 });
    expect(a.reenabled).toBeGreaterThan(0);
    const duplicates = await one<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT inscription_id FROM titular_adjustments WHERE reenabled_at IS NULL
         GROUP BY 1 HAVING count(*) > 1) d`,
    );
    expect(duplicates.n).toBe(0);
  });

  it('removes unpaid students in three departments, each with its removal row, out of the statistics', async () => {
    const r = await one<{ removals: number; departments: number; unmatched: number; paid: number }>(
      `SELECT count(*)::int AS removals, count(DISTINCT r.department_id)::int AS departments,
         count(*) FILTER (WHERE n.removed_at IS NULL OR n.removed_at <> r.created_at)::int AS unmatched,
         count(p.inscription_id) FILTER (WHERE p.paid)::int AS paid
       FROM beneficiary_removals r JOIN inscriptions n ON n.id = r.inscription_id
       LEFT JOIN payments p ON p.inscription_id = n.id`,
    );
    expect(r.removals).toBeGreaterThan(0);
    expect(r).toMatchObject({ unmatched: 0, paid: 0 });
    expect(r.departments).toBeLessThanOrEqual(3);
    const stats = await one<{ stats: number; live: number }>(
      `SELECT (SELECT sum(total)::int FROM stats_beneficiaries) AS stats,
         (SELECT count(*)::int FROM inscriptions WHERE removed_at IS NULL
           AND year = (SELECT year FROM programme_settings)) AS live`,
    );
    expect(stats.stats).toBe(stats.live);
  });
});
