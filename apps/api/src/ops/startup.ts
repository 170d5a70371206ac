import { mkdir, statfs } from 'node:fs/promises';
import type { Config } from '../config.js';

/** What main.ts learns from the database before deciding to start. */
export type StartupState = {
  /** Migrations in the folder the database has not run; undefined: not looked at yet. */
  pendingMigrations?: number;
  /** Why the migrations table could not be read, when it could not. */
  migrationsUnreadable?: string;
};

/** A refusal to start: main.ts prints its message alone (no stack) and exits with 1. */
export class StartupRefusal extends Error {}

/**
 * Why a production server must not start (issue 14): a generated JWT secret lives in one container's
 * data folder (another instance, or the next container, would reject every session); a missing
 * SEGIP/SERECI/Síntesis address would start the bundled simulator and invent citizens and payments;
 * pending migrations mean this code expects tables the database does not have yet. Development and
 * tests keep their conveniences, so an empty list outside production.
 */
export function startupProblems(config: Config, state: StartupState = {}): string[] {
  if (config.NODE_ENV !== 'production') return [];
  const problems: string[] = [];
  if (!config.JWT_SECRET)
    problems.push(
      'JWT_SECRET is unset: set a secret of at least 32 characters shared by every instance (a generated one is for development only).',
    );
  const simulated = (['SEGIP_URL', 'SERECI_URL', 'SINTESIS_URL'] as const).filter((key) => !config[key]);
  if (simulated.length > 0)
    problems.push(
      `${simulated.join(', ')} unset: production talks to the real services, never to the bundled simulators.`,
    );
  if (state.migrationsUnreadable)
    problems.push(
      `Cannot tell whether migrations are pending (${state.migrationsUnreadable}): set MIGRATION_DATABASE_URL to the owner of the tables.`,
    );
  if (state.pendingMigrations)
    problems.push(
      `${state.pendingMigrations} database migration(s) pending: run \`npm run migrate\` first (a production server does not migrate on start).`,
    );
  return problems;
}

/** Throws the refusal listing every problem, if there is any. */
export function refuseOnProblems(problems: string[]): void {
  if (problems.length === 0) return;
  throw new StartupRefusal(`Refusing to start in production:\n  - ${problems.join('\n  - ')}`);
}

/** Below this, a start is refused: the embedded database and the secret cannot even be written. */
const START_MIN_FREE_MB = 16;

/**
 * A start on a full disk says so in one line (issue 34 §5), instead of 'PGlite failed to initialize
 * properly' or a stack: checked before the database opens, and said again if opening it meets ENOSPC.
 */
export async function refuseOnFullDisk(dataDir: string): Promise<void> {
  await mkdir(dataDir, { recursive: true }).catch(() => undefined);
  const { bavail, bsize } = await statfs(dataDir);
  const freeMb = Math.floor((bavail * bsize) / (1024 * 1024));
  if (freeMb < START_MIN_FREE_MB) throw fullDiskRefusal(dataDir, freeMb);
}

export const fullDiskRefusal = (dataDir: string, freeMb?: number) =>
  new StartupRefusal(
    `No space left on the disk of DATA_DIR (${dataDir}${freeMb === undefined ? '' : `, ${freeMb} MB free`}): free some space and start again.`,
  );
