/**
 * npm run seed -- --scale demo|department|national|tiny [--seed N] [--reset] [--today yyyy-mm-dd]
 *
 * Uses DATABASE_URL when set, else the embedded PGlite database in DATA_DIR/pglite (./data/pglite).
 * Runs the migrations first. --reset drops every table (all areas) and migrates again.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type DatabaseHandle, openDatabase } from '../client.js';
import { runMigrations } from '../migrate.js';
import { DEFAULT_SEED, isSeeded, type Scale, scales, seedDatabase } from './index.js';
import { run } from './sql.js';

async function resetDatabase(handle: DatabaseHandle): Promise<void> {
  await run(handle.db, 'DROP SCHEMA IF EXISTS drizzle CASCADE');
  await run(handle.db, 'DROP SCHEMA public CASCADE');
  await run(handle.db, 'CREATE SCHEMA public');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      scale: { type: 'string', default: 'demo' },
      seed: { type: 'string', default: String(DEFAULT_SEED) },
      today: { type: 'string' },
      reset: { type: 'boolean', default: false },
    },
  });
  const scale = values.scale as Scale;
  if (!scales.includes(scale)) throw new Error(`--scale must be one of ${scales.join(', ')}`);
  const seed = Number(values.seed);

  const url = process.env.DATABASE_URL;
  const dataDir = path.join(process.env.DATA_DIR ?? path.resolve('data'), 'pglite');
  const handle = await openDatabase(url ? { url, poolSize: 2 } : { dataDir });
  console.log(`Database: ${url ? url.replace(/\/\/[^@]*@/, '//…@') : dataDir}`);
  try {
    if (values.reset) {
      console.log('Resetting: dropping all tables');
      await resetDatabase(handle);
    }
    await runMigrations(handle);
    if (await isSeeded(handle)) {
      console.error('The database already has data. Run again with --reset to replace it.');
      process.exitCode = 1;
      return;
    }
    console.log(`Seeding scale ${scale}, seed ${seed}…`);
    const summary = await seedDatabase(handle, {
      scale,
      seed,
      today: values.today,
      onStep: (step, seconds) => console.log(`  ${step}: ${seconds} s`),
    });
    console.log(`Done in ${summary.seconds} s`);
    console.table(summary.counts);
    if (summary.demo) {
      const d = summary.demo;
      console.log(
        `Demo district ${d.districtId} (${d.districtName}); director schools: regular ${d.regularId}, special ${d.specialId}`,
      );
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
