import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from './app.js';
import { type Config, loadConfig } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { canRewriteAudit } from './db/roles.js';
import { users } from './db/schema/index.js';
import { isSeeded, seedDatabase, seedDemoUsers } from './db/seed/index.js';
import { startIntegrations } from './integrations/index.js';
import { createJobQueue } from './jobs/index.js';
import { systemClock } from './lib/clock.js';
import { jwtSecret } from './secrets.js';
import { closeOnSignals } from './shutdown.js';
import { serveWebApp } from './web.js';

const DEMO_LOGINS = [
  ['admin', '1 Ministerio de Educacion', 'administrador nacional'],
  ['ministerio', '1 Ministerio de Educacion', 'personal del ministerio (lectura)'],
  ['depto', '2 SIE', 'técnico departamental (La Paz)'],
  ['distrito', '2 SIE', 'técnico distrital'],
  ['director', '2 SIE', 'director de una UE y un CEE'],
  ['otro', '2 SIE', 'otro perfil (sin menú)'],
];

/** Migrates and, on a first development start, loads the demo; as the owner of the tables. */
async function prepareDatabase(handle: DatabaseHandle, config: Config): Promise<void> {
  await runMigrations(handle);
  if (await isSeeded(handle)) return;
  if (config.NODE_ENV === 'production')
    throw new Error('Empty database: load data with `npm run seed` first.');
  const started = Date.now();
  console.log('Cargando datos de demostración…');
  await seedDatabase(handle, { scale: 'demo', today: systemClock.today() });
  await seedDemoUsers(handle, { today: systemClock.today() });
  console.log(`Datos de demostración cargados en ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * On PostgreSQL the application connects as DATABASE_URL (bjp_app in production, which cannot
 * change the audit log) and migrations run as MIGRATION_DATABASE_URL, the owner, when it is set.
 */
async function openApplicationDatabase(config: Config): Promise<DatabaseHandle> {
  if (!config.DATABASE_URL) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    const handle = await openDatabase({ dataDir: path.join(config.DATA_DIR, 'pglite') });
    await prepareDatabase(handle, config);
    return handle;
  }
  const ownerUrl = config.MIGRATION_DATABASE_URL;
  if (ownerUrl && ownerUrl !== config.DATABASE_URL) {
    const owner = await openDatabase({ url: ownerUrl, poolSize: 2 });
    try {
      await prepareDatabase(owner, config);
    } finally {
      await owner.close();
    }
  }
  const handle = await openDatabase({ url: config.DATABASE_URL });
  if (!ownerUrl || ownerUrl === config.DATABASE_URL) await prepareDatabase(handle, config);
  if (config.NODE_ENV === 'production' && (await canRewriteAudit(handle.db))) {
    await handle.close();
    throw new Error(
      'DATABASE_URL connects as a role that can change or empty audit_log: connect as bjp_app ' +
        '(npm run db:roles) and give the owner in MIGRATION_DATABASE_URL (README, PostgreSQL en producción).',
    );
  }
  return handle;
}

async function main() {
  const config = loadConfig();
  const handle = await openApplicationDatabase(config);
  const demoUsers = await handle.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isDemo, true))
    .limit(1);
  if (config.NODE_ENV === 'production' && demoUsers.length > 0) {
    throw new Error(
      'Demo users are present: a production start refuses to run with them. Remove them first.',
    );
  }

  const outside = await startIntegrations(config);
  // pg-boss (its own schema) on PostgreSQL, so any instance takes up a job another left; else in-process.
  const jobs = createJobQueue(handle.db, { url: config.DATABASE_URL });
  const app = await buildApp(
    {
      db: handle.db,
      config,
      clock: systemClock,
      tokens: {
        secret: jwtSecret(config),
        accessSeconds: config.ACCESS_TOKEN_SECONDS,
        refreshDays: config.REFRESH_TOKEN_DAYS,
      },
      integrations: outside.integrations,
      jobs,
    },
    { logger: true },
  );
  await jobs.start();
  const hasWeb = await serveWebApp(app, config.WEB_DIST);
  closeOnSignals({ app, busyQueries: handle.busy, closers: [jobs.stop, outside.close, handle.close] });

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`;
  console.log(
    `\nConsola BJP lista en ${address}${hasWeb ? '' : ' (solo API: ejecute `npm run build` para la interfaz)'}`,
  );
  console.log(`Documentación de la API: ${address}/api/docs`);
  for (const [name, endpoint] of [
    ['SEGIP', outside.endpoints.segip],
    ['SERECI', outside.endpoints.sereci],
    ['Síntesis', outside.endpoints.sintesis],
  ] as const) {
    console.log(`${name}: ${endpoint.url}${endpoint.simulated ? ' (simulador)' : ''}`);
  }
  if (demoUsers.length > 0) {
    console.log('\nUsuarios de demostración (contraseña Demo2025!):');
    for (const [username, type, description] of DEMO_LOGINS)
      console.log(`  ${username!.padEnd(11)} tipo ${type!.padEnd(27)} ${description}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
