import { randomUUID } from 'node:crypto';
import { hashPassword } from '../../auth/password.js';
import type { DatabaseHandle, Executor } from '../client.js';
import { rows } from '../rows.js';
import { refreshStatistics } from '../summaries.js';
import { loadAdjustmentsDemo } from './adjustments.js';
import { analyzeTables, resetSequences, restoreConstraints, setConstraintsAside } from './bulk.js';
import { applyDemoCalendar } from './calendar.js';
import { loadEvents } from './events.js';
import { loadGuardians } from './guardians.js';
import { loadHolderDemo } from './holders.js';
import { loadPaidValidationDemo } from './paid-validation.js';
import { loadPayments } from './payments.js';
import { buildPlan } from './plan.js';
import { loadPreviousYear, scalesWithPreviousYear } from './previous-year.js';
import { deriveRandom } from './random.js';
import type { Scale } from './scales.js';
import { run } from './sql.js';
import { dropStructureScratch, loadStructure } from './structure.js';
import { createStudentViews, dropStudentViews } from './student-views.js';
import { loadStudents } from './students.js';
import { loadSyncDemo } from './sync.js';
import { timelineFor, todayIso } from './timeline.js';
import { loadTitulars } from './titulars.js';
import { DEMO_PASSWORD, type DemoPlaces, findDemoPlaces, insertUsers } from './users.js';

export { type Scale, scales } from './scales.js';
export { DEMO_PASSWORD, type DemoPlaces } from './users.js';

export const DEFAULT_SEED = 2025;

export type SeedOptions = {
  scale: Scale;
  /** Same seed, same data. */
  seed?: number;
  /**
   * yyyy-mm-dd. The demo's payments are spread over the 39 days up to this day; with any scale it
   * also opens the registration period around it (see calendar.ts). Defaults to the current date
   * for the demo; other scales replay the 2025 campaign dates and keep the migration's calendar.
   */
  today?: string;
  /** Called after each step with its duration, for progress output and load measurements. */
  onStep?: (step: string, seconds: number) => void;
};

export type SeedCounts = {
  districts: number;
  institutions: number;
  courses: number;
  students: number;
  inscriptions: number;
  persons: number;
  titularAssignments: number;
  payments: number;
  users: number;
};

export type SeedSummary = {
  scale: Scale;
  seed: number;
  seconds: number;
  counts: SeedCounts;
  /** Where the demo district user and director work (null if the data has no suitable district). */
  demo: DemoPlaces | null;
};

/** True when the database already holds generated or real data (institutions or users). */
export async function isSeeded(handle: DatabaseHandle): Promise<boolean> {
  const [row] = await rows<{ seeded: boolean }>(
    handle.db,
    'SELECT EXISTS (SELECT 1 FROM institutions) OR EXISTS (SELECT 1 FROM users) AS seeded',
  );
  return row.seeded;
}

/**
 * Fills an empty, migrated database with a deterministic data set of the given scale, in one
 * transaction: places and courses planned in TypeScript, then students, inscriptions, titulars,
 * guardians and payments set-based in SQL (the same statements on PGlite and PostgreSQL), the events
 * back-office's few fixed rows (events.ts), demo and staff users, sequences, statistics.
 */
export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions): Promise<SeedSummary> {
  const started = performance.now();
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed) || seed < 0 || seed > 1_000_000)
    throw new Error('seed must be an integer 0–1000000');
  if (options.today !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(options.today))
    throw new Error('today must be yyyy-mm-dd');
  if (await isSeeded(handle)) throw new Error('The database already has data: seed only an empty database');

  const timed = async <T>(step: string, work: () => Promise<T>): Promise<T> => {
    const from = performance.now();
    const result = await work();
    options.onStep?.(step, Math.round(performance.now() - from) / 1000);
    return result;
  };

  const calendarDay = options.today ?? (options.scale === 'demo' ? todayIso() : null);
  const timeline = timelineFor(options.scale === 'demo' ? calendarDay : null);
  const plan = await timed('plan', async () => buildPlan(options.scale, seed, timeline));
  // Student CIs and titular carnets are bijections of ids within these ranges (see student-views.ts).
  if (
    plan.studentCount >= 5_000_000 ||
    plan.studentCount + plan.courses.length + plan.institutions.length >= 9_000_000
  ) {
    throw new Error('Scale too large for the generator’s identity-number ranges');
  }
  const hashes = await timed('password hashes', async () => ({
    demo: await hashPassword(DEMO_PASSWORD),
    staff: await hashPassword(randomUUID()),
  }));

  const demo = await handle.db.transaction(async (tx) => {
    if (handle.driver === 'pg') {
      // Index builds and the statistics' hash joins want more than the server's small defaults.
      await run(tx, `SET LOCAL maintenance_work_mem = '512MB'`);
      await run(tx, `SET LOCAL work_mem = '64MB'`);
    }
    const [{ year }] = await rows<{ year: number }>(tx, 'SELECT year FROM programme_settings WHERE id = 1');
    const ctx = { seed, year, studentCount: plan.studentCount, courseCount: plan.courses.length, timeline };
    const setAside = await timed('set constraints aside', () => setConstraintsAside(tx));
    await timed('districts, institutions, courses', () => loadStructure(tx, plan, year));
    await createStudentViews(tx, ctx);
    await timed('students, inscriptions', () => loadStudents(tx, year));
    await timed('persons, titulars', () => loadTitulars(tx, ctx));
    await timed('guardians', () => loadGuardians(tx));
    // Never analysed, titular_assignments looks like one row to the planner, which then joins the
    // holders step's other parents by nested loop: 30–66 s of a demo load instead of under one.
    await timed('analyze before holders', () => analyzeTables(tx));
    await timed('holders: candidates, exclusions, SEGIP identities', () => loadHolderDemo(tx, ctx));
    await timed('payments', () => loadPayments(tx));
    await dropStudentViews(tx);
    await dropStructureScratch(tx);
    await timed('keys, indexes, foreign keys', () => restoreConstraints(tx, setAside));
    // The areas' demo steps below join the bulk tables: without statistics the planner guesses, and
    // at national scale one guess turned the paid-validation step from a second into minutes.
    await timed('analyze', () => analyzeTables(tx));
    if (calendarDay) await applyDemoCalendar(tx, calendarDay);
    await timed('events', () => loadEvents(tx, calendarDay ?? '2025-11-20'));
    await timed('sereci, blocks, sync history', () => loadSyncDemo(tx, calendarDay ?? '2025-11-20'));
    const users = await timed('users', () => insertUsers(tx, deriveRandom(seed, 'users'), hashes));
    await timed('paid validation', () => loadPaidValidationDemo(tx, seed, calendarDay ?? '2025-11-20'));
    await timed('adjustments, removals', () => loadAdjustmentsDemo(tx, seed, calendarDay ?? '2025-11-20'));
    // Last, so that none of the demo steps above touches the closed year.
    if (scalesWithPreviousYear.includes(options.scale))
      await timed('previous year (closed)', () => loadPreviousYear(tx, seed));
    await resetSequences(tx);
    await timed('analyze again', () => analyzeTables(tx));
    await timed('statistics', () => refreshStatistics(tx));
    return users.demo;
  });
  const counts = await timed('count rows', () => countRows(handle.db));

  return {
    scale: options.scale,
    seed,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    counts,
    demo,
  };
}

/**
 * Demo and staff users (and, given `today`, the demo calendar) on a database that already has
 * places, e.g. one a test built with its own factories. seedDatabase calls the same code, so after it
 * this only moves the calendar: users are created once (it is safe to call on every start).
 */
export async function seedDemoUsers(
  handle: DatabaseHandle,
  options: { today?: string; seed?: number } = {},
): Promise<{ demo: DemoPlaces | null; users: number }> {
  const [{ present }] = await rows<{ present: boolean }>(
    handle.db,
    'SELECT EXISTS (SELECT 1 FROM users WHERE is_demo) AS present',
  );
  const hashes = present
    ? null
    : { demo: await hashPassword(DEMO_PASSWORD), staff: await hashPassword(randomUUID()) };
  return handle.db.transaction(async (tx) => {
    if (options.today) await applyDemoCalendar(tx, options.today);
    if (!hashes) return { demo: await findDemoPlaces(tx), users: 0 };
    const result = await insertUsers(tx, deriveRandom(options.seed ?? DEFAULT_SEED, 'users'), hashes);
    await resetSequences(tx);
    return { demo: result.demo, users: result.count };
  });
}

export async function countRows(ex: Executor): Promise<SeedCounts> {
  const [row] = await rows<SeedCounts>(
    ex,
    `SELECT (SELECT count(*) FROM districts)::int AS districts,
       (SELECT count(*) FROM institutions)::int AS institutions,
       (SELECT count(*) FROM courses)::int AS courses,
       (SELECT count(*) FROM students)::int AS students,
       (SELECT count(*) FROM inscriptions)::int AS inscriptions,
       (SELECT count(*) FROM persons)::int AS persons,
       (SELECT count(*) FROM titular_assignments)::int AS "titularAssignments",
       (SELECT count(*) FROM payments)::int AS payments,
       (SELECT count(*) FROM users)::int AS users`,
  );
  return row;
}
