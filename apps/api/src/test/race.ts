import { it } from 'vitest';
import { testDriver } from './database.js';

/** Why a race test does not run on PGlite, as the test report shows it. */
export const pgliteRaceNote =
  'PGlite runs one statement at a time on one connection: a race there cannot be lost, so it proves nothing (runs on PostgreSQL)';

/**
 * A test of concurrency (two requests at once, a lock, a unique rule under load). It runs against
 * PostgreSQL, where the requests really overlap; on PGlite it is reported as skipped with the reason.
 */
export function raceIt(name: string, test: () => Promise<void>, timeout?: number) {
  return it(
    name,
    async (ctx) => {
      if (testDriver === 'pglite') ctx.skip(pgliteRaceNote);
      await test();
    },
    timeout,
  );
}
