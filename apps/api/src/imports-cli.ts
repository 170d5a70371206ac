/**
 * npm run import -- payments <archivo> [--dry-run] [--user usuario]
 *
 * The same dry run and import as the 'Importar Datos' screen, for the national file, against
 * DATABASE_URL when set, else the embedded PGlite database in DATA_DIR/pglite (as the seed CLI).
 * Prints the counts and the first errors in Spanish; the import runs in this process (no queue) in
 * one transaction, through the same code as the job.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ImportCounts } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from './app-types.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { firstRow } from './db/rows.js';
import { systemClock } from './lib/clock.js';
import { AppError } from './lib/errors.js';
import { dryRun, receiveStream, runPaymentImport } from './modules/imports/index.js';

const countLines = (c: ImportCounts) =>
  [
    `  Filas leídas:        ${c.rows}`,
    `  Pagos nuevos:        ${c.new}`,
    `  Sin cambios:         ${c.unchanged}`,
    `  Modificados:         ${c.changed}`,
    `  Filas rechazadas:    ${c.refused} (RUDE desconocido, baja, bloqueo o sin titular)`,
    `  Filas con errores:   ${c.errors}`,
  ].join('\n');

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false }, user: { type: 'string' } },
  });
  const [kind, file] = positionals;
  if (kind !== 'payments' || !file) {
    console.error('Uso: npm run import -- payments <archivo.csv|archivo.xlsx> [--dry-run] [--user usuario]');
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const handle = await openDatabase(
    config.DATABASE_URL
      ? { url: config.DATABASE_URL, poolSize: 2 }
      : { dataDir: path.join(config.DATA_DIR, 'pglite') },
  );
  try {
    await runMigrations(handle);
    const deps = { db: handle.db, config, clock: systemClock } as unknown as AppDeps;
    const user = values.user
      ? await firstRow<{ id: number }>(handle.db, sql`SELECT id FROM users WHERE username = ${values.user}`)
      : null;
    if (values.user && !user) throw new AppError('not_found', `No existe el usuario ${values.user}.`);
    await stat(file);
    const started = performance.now();
    const received = await receiveStream(createReadStream(file), path.basename(file));
    let id: number;
    try {
      const checked = await dryRun(deps, user?.id ?? 0, received);
      id = checked.id;
      console.log(`Revisión del archivo ${checked.fileName} (SHA-256 ${checked.sha256}), importación ${id}:`);
      console.log(countLines(checked.counts));
      for (const e of checked.errorList.slice(0, 50)) console.log(`  ${e.message}`);
      if (checked.counts.errors + checked.counts.refused > 50)
        console.log(`  … y más: todos en GET /api/v1/imports/${id}/errors (XLSX).`);
      console.log(`Revisado en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    } finally {
      await received.dispose();
    }
    if (values['dry-run']) return;
    const writing = performance.now();
    const result = await runPaymentImport(deps, {
      id: `cli-${id}`,
      data: { importId: id },
      userId: user?.id ?? null,
      report: async (p) => {
        process.stdout.write(`\r  ${p.message}`);
      },
      committed: async () => null,
      commit: async () => undefined,
    });
    console.log(`\n${result.message}`);
    console.log(countLines(result.counts));
    console.log(`Importado en ${((performance.now() - writing) / 1000).toFixed(1)} s.`);
  } finally {
    await handle.close();
    console.log(`Memoria máxima del proceso: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof AppError ? `Error: ${error.message}` : error);
  process.exitCode = 1;
});
