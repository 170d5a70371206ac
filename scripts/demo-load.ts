// The demo load of a first `npm start` (main.ts seedIfEmpty), timed step by step on a fresh
// in-memory database, as the embedded PGlite of a new clone runs it:
//   npx tsx scripts/demo-load.ts            prints each step and the total
//   npx tsx scripts/demo-load.ts --check    also fails (exit 1) when the load takes over 10 s
// TEST_NOW (an ISO date-time) loads it as on that day.
import { openDatabase } from '../apps/api/src/db/client.js';
import { runMigrations } from '../apps/api/src/db/migrate.js';
import { seedDatabase, seedDemoUsers } from '../apps/api/src/db/seed/index.js';
import { serverClock } from '../apps/api/src/lib/clock.js';

const limitSeconds = 10;
const check = process.argv.includes('--check');

const handle = await openDatabase({});
await runMigrations(handle);
const today = serverClock().today();
const started = performance.now();
await seedDatabase(handle, {
  scale: 'demo',
  today,
  onStep: (step, seconds) => console.log(`  ${step}: ${seconds} s`),
});
await seedDemoUsers(handle, { today });
const seconds = Math.round((performance.now() - started) / 100) / 10;
await handle.close();
console.log(`Demo load (${today}): ${seconds} s`);
if (check && seconds > limitSeconds) {
  console.error(`The demo load took ${seconds} s, over the ${limitSeconds} s a first start may spend.`);
  process.exit(1);
}
