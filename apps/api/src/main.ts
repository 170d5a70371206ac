import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { canRewriteAudit } from './db/roles.js';
import { users } from './db/schema/index.js';
import { isSeeded, seedDatabase, seedDemoUsers } from './db/seed/index.js';
import { startIntegrations } from './integrations/index.js';
import { createJobQueue } from './jobs/index.js';
import { serverClock } from './lib/clock.js';
import { isDiskFull } from './lib/errors.js';
import { useOpsLogger } from './lib/log.js';
import {
  fullDiskRefusal,
  pendingMigrations,
  refuseOnFullDisk,
  refuseOnProblems,
  StartupRefusal,
  startupProblems,
  watchDatabase,
} from './ops/index.js';
import { jwtSecret } from './secrets.js';
import { closeSharedRedis, openSharedRedis, redisReadinessCheck } from './shared-store/index.js';
import { closeOnSignals } from './shutdown.js';
import { serveWebApp } from './web.js';

const DEMO_LOGINS = [
  ['admin', '1 Ministerio de Educación', 'administrador nacional'],
  ['ministerio', '1 Ministerio de Educación', 'personal del ministerio (lectura)'],
  ['depto', '2 SIE', 'técnico departamental (La Paz)'],
  ['distrito', '2 SIE', 'técnico distrital'],
  ['director', '2 SIE', 'director de una UE y un CEE'],
  ['otro', '2 SIE', 'otro perfil (sin menú)'],
];

// The one clock of this server: the system's, or TEST_NOW's outside production (lib/clock.ts).
const clock = serverClock();

/** On a first development start, loads the demo; as the owner of the tables. */
async function seedIfEmpty(handle: DatabaseHandle, config: Config): Promise<void> {
  if (await isSeeded(handle)) return;
  if (config.NODE_ENV === 'production')
    throw new StartupRefusal('Empty database: load data with `npm run seed` first.');
  const started = Date.now();
  console.log('Cargando datos de demostración…');
  await seedDatabase(handle, { scale: 'demo', today: clock.today() });
  await seedDemoUsers(handle, { today: clock.today() });
  console.log(`Datos de demostración cargados en ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * A production server on PostgreSQL does not migrate: migrations run once, before the new version
 * starts (`npm run migrate`), not in every instance at once. It only counts the pending ones, reading
 * as the owner when MIGRATION_DATABASE_URL is given (bjp_app has no rights on Drizzle's own table).
 */
async function checkMigrations(config: Config, databaseUrl: string): Promise<void> {
  const reader = await openDatabase({ url: config.MIGRATION_DATABASE_URL || databaseUrl, poolSize: 1 });
  try {
    refuseOnProblems(startupProblems(config, { pendingMigrations: await pendingMigrations(reader.db) }));
  } catch (error) {
    if ((error as { code?: string }).code !== '42501') throw error;
    refuseOnProblems(startupProblems(config, { migrationsUnreadable: (error as Error).message }));
  } finally {
    await reader.close();
  }
}

/**
 * On PostgreSQL the application connects as DATABASE_URL (bjp_app in production, which cannot
 * change the audit log). Outside production, a start migrates as MIGRATION_DATABASE_URL (the owner)
 * or else DATABASE_URL; in production migrations run before it (`npm run migrate`, see checkMigrations).
 * The embedded database (no DATABASE_URL) migrates on every start, in production too: it has one server.
 */
async function openApplicationDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const handle = await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
    await runMigrations(handle);
    await seedIfEmpty(handle, config);
    return handle;
  }
  if (config.NODE_ENV !== 'production') {
    // Development: migrate (and load the demo into an empty database) as the owner, then connect.
    const owner = await openDatabase({
      url: config.MIGRATION_DATABASE_URL || config.DATABASE_URL,
      poolSize: 2,
    });
    try {
      await runMigrations(owner);
      await seedIfEmpty(owner, config);
    } finally {
      await owner.close();
    }
    return openDatabase({ url: config.DATABASE_URL });
  }
  await checkMigrations(config, config.DATABASE_URL);
  const handle = await openDatabase({ url: config.DATABASE_URL });
  try {
    await seedIfEmpty(handle, config);
    if (await canRewriteAudit(handle.db))
      throw new StartupRefusal(
        'DATABASE_URL connects as a role that can change or empty audit_log: connect as bjp_app ' +
          '(npm run db:roles) and give the owner in MIGRATION_DATABASE_URL (README, PostgreSQL en producción).',
      );
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function main() {
  const config = loadConfig();
  // Before anything opens: a refused start leaves no database, simulator or port behind.
  refuseOnProblems(startupProblems(config));
  await refuseOnFullDisk(config.DATA_DIR);
  const handle = await openApplicationDatabase(config).catch((error: unknown) => {
    throw isDiskFull(error) ? fullDiskRefusal(config.DATA_DIR) : error;
  });
  const demoUsers = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isDemo, true))
    .limit(1);
  if (config.NODE_ENV === 'production' && demoUsers.length > 0) {
    throw new StartupRefusal(
      'Demo users are present: a production start refuses to run with them. Install from an empty ' +
        'database without the demo (docs/deploy.md, "From an empty PostgreSQL"): `npm run migrate`, ' +
        '`npm run db:roles`, `npm run admin -- --username …`.',
    );
  }

  const outside = await startIntegrations(config);
  watchDatabase(handle);
  // Several instances share their rate limits through Redis; one alone counts in memory.
  const redis = config.REDIS_URL ? await openSharedRedis(config.REDIS_URL) : undefined;
  // pg-boss (its own schema) on PostgreSQL, so any instance takes up a job another left; else in-process.
  const jobs = createJobQueue(handle.db, { url: config.DATABASE_URL });
  const app = await buildApp(
    {
      db: handle.db,
      config,
      clock,
      tokens: {
        secret: jwtSecret(config),
        accessSeconds: config.ACCESS_TOKEN_SECONDS,
        refreshDays: config.REFRESH_TOKEN_DAYS,
      },
      integrations: outside.integrations,
      redis,
      // The shared store is part of readiness when configured (issue 14): an instance that cannot
      // reach it counts its limits alone meanwhile (shared-store/rate-limit.ts), never without them.
      readinessChecks: redis ? [redisReadinessCheck(redis)] : [],
      jobs,
    },
    { logger: true },
  );
  // Jobs, the pool and the rest log through the server's logger: one stream of JSON lines.
  useOpsLogger(app.log);
  await jobs.start();
  const hasWeb = await serveWebApp(app, config.WEB_DIST);
  closeOnSignals({
    app,
    busyQueries: handle.busy,
    closers: [jobs.stop, outside.close, ...(redis ? [() => closeSharedRedis(redis)] : []), handle.close],
  });

  await app.listen({ port: config.PORT, host: config.HOST });
  // In the background: the first user's PDF finds the document workers started and compiled.
  app.documents
    .warm()
    .catch((error: Error) => app.log.warn({ cause: error.message }, 'document workers not warmed up'));
  const address = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  const ready = `Consola BJP lista en ${address}${hasWeb ? '' : ' (solo API: ejecute `npm run build` para la interfaz)'}`;
  const endpoints = {
    SEGIP: outside.endpoints.segip,
    SERECI: outside.endpoints.sereci,
    Síntesis: outside.endpoints.sintesis,
  };
  if (demoUsers.length === 0) {
    // A deployment: stdout carries only JSON lines (issue 35 §6), this one included — written
    // whatever LOG_LEVEL is, since an operator (and a supervisor) waits for it.
    pino({ level: 'info' }).info(
      {
        address,
        docs: `${address}/api/docs`,
        integrations: Object.fromEntries(Object.entries(endpoints).map(([name, e]) => [name, e.url])),
      },
      ready,
    );
    return;
  }
  // The newcomer's `npm start` on the demo: a banner to read, with the address and who can log in.
  console.log(`\n${ready}`);
  console.log(`Documentación de la API: ${address}/api/docs`);
  for (const [name, endpoint] of Object.entries(endpoints))
    console.log(`${name}: ${endpoint.url}${endpoint.simulated ? ' (simulador)' : ''}`);
  console.log('\nUsuarios de demostración (contraseña Demo2025!):');
  for (const [username, type, description] of DEMO_LOGINS)
    console.log(`  ${username!.padEnd(11)} tipo ${type!.padEnd(27)} ${description}`);
}

main().catch((error) => {
  // A refusal is an instruction for the operator: its text alone, without a stack.
  console.error(error instanceof StartupRefusal ? error.message : error);
  process.exit(1);
});
