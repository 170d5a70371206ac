import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { users } from './db/schema/index.js';
import { isSeeded, seedDatabase, seedDemoUsers } from './db/seed/index.js';
import { startIntegrations } from './integrations/index.js';
import { systemClock } from './lib/clock.js';
import { jwtSecret } from './secrets.js';
import { serveWebApp } from './web.js';

const DEMO_LOGINS = [
  ['admin', '1 Ministerio de Educacion', 'administrador nacional'],
  ['ministerio', '1 Ministerio de Educacion', 'personal del ministerio (lectura)'],
  ['depto', '2 SIE', 'técnico departamental (La Paz)'],
  ['distrito', '2 SIE', 'técnico distrital'],
  ['director', '2 SIE', 'director de una UE y un CEE'],
  ['otro', '2 SIE', 'otro perfil (sin menú)'],
];

async function main() {
  const config = loadConfig();
  if (!config.DATABASE_URL) mkdirSync(config.DATA_DIR, { recursive: true });
  const handle = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: path.join(config.DATA_DIR, 'pglite'),
  });
  await runMigrations(handle);

  if (!(await isSeeded(handle))) {
    if (config.NODE_ENV === 'production')
      throw new Error('Empty database: load data with `npm run seed` first.');
    const started = Date.now();
    console.log('Cargando datos de demostración…');
    await seedDatabase(handle, { scale: 'demo', today: systemClock.today() });
    await seedDemoUsers(handle, { today: systemClock.today() });
    console.log(`Datos de demostración cargados en ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
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
    },
    { logger: true },
  );
  const hasWeb = await serveWebApp(app, config.WEB_DIST);
  const closeAll = async () => {
    await app.close();
    await outside.close();
    await handle.close();
    process.exit(0);
  };
  process.on('SIGINT', closeAll);
  process.on('SIGTERM', closeAll);

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
