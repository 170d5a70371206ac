/**
 * npm run import -- <payments|districts|institutions|roll> <archivo> [--dry-run] [--user usuario]
 * (compiled: node apps/api/dist/import.js, in the runtime image too)
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
import { type ImportCounts, type ImportDetail, isRollKind, type RollKind } from '@bjp/domain';
import { sql } from 'drizzle-orm';
import type { AppDeps } from './app-types.js';
import { loadConfig } from './config.js';
import { describeCliError, urlRole } from './db/cli-errors.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { firstRow } from './db/rows.js';
import type { JobRun } from './jobs/index.js';
import { systemClock } from './lib/clock.js';
import { AppError } from './lib/errors.js';
import {
  dryRun,
  importRow,
  receiveStream,
  runPaymentImport,
  runRollCheck,
  runRollImport,
  runRollJob,
  storeRollImport,
} from './modules/imports/index.js';

const countLines = (c: ImportCounts, kind: string) =>
  [
    `  Filas leídas:        ${c.rows}`,
    `  Nuevos:              ${c.new}`,
    `  Sin cambios:         ${c.unchanged}`,
    `  Modificados:         ${c.changed}`,
    kind === 'payments'
      ? `  Filas rechazadas:    ${c.refused} (RUDE desconocido, baja, bloqueo o sin titular)`
      : `  Filas rechazadas:    ${c.refused} (distrito o unidad educativa inexistente)`,
    `  Filas con errores:   ${c.errors}`,
    ...(kind === 'roll' ? [`  Retirados:           ${c.withdrawn ?? 0} (ya no figuran en la nómina)`] : []),
  ].join('\n');

/** A job's run inside this process: no queue, progress on the terminal. */
const inProcess = (id: number, userId: number | null): JobRun<{ importId: number }> => ({
  id: `cli-${id}-${Date.now()}`,
  data: { importId: id },
  userId,
  // One attempt and no queue to retry it: a failure closes the import as failed.
  final: true,
  report: async (p) => {
    process.stdout.write(`\r  ${p.message}`);
  },
  committed: async () => null,
  commit: async () => undefined,
});

let startRss = 0;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'dry-run': { type: 'boolean', default: false }, user: { type: 'string' } },
  });
  const [kind, file] = positionals;
  if ((kind !== 'payments' && !isRollKind(kind ?? '')) || !file) {
    console.error(
      'Uso: npm run import -- <payments|districts|institutions|roll> <archivo.csv|archivo.xlsx> [--dry-run] [--user usuario]',
    );
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
    // The embedded database is this machine's own: bring it up to date. On PostgreSQL the import
    // runs as DATABASE_URL (the application's role, which may not migrate): `npm run migrate` first.
    if (!config.DATABASE_URL) await runMigrations(handle);
    // The process's own size before the file is read: the import's growth is measured from here.
    startRss = process.memoryUsage().rss;
    const deps = { db: handle.db, config, clock: systemClock } as unknown as AppDeps;
    const user = values.user
      ? await firstRow<{ id: number }>(handle.db, sql`SELECT id FROM users WHERE username = ${values.user}`)
      : null;
    if (values.user && !user) throw new AppError('not_found', `No existe el usuario ${values.user}.`);
    await stat(file);
    const started = performance.now();
    const received = await receiveStream(createReadStream(file), path.basename(file));
    if (isRollKind(kind)) {
      await importRoll(deps, kind, received, user?.id ?? null, values['dry-run'], started);
      return;
    }
    let id: number;
    try {
      const checked = await dryRun(deps, user?.id ?? 0, received);
      id = checked.id;
      console.log(`Revisión del archivo ${checked.fileName} (SHA-256 ${checked.sha256}), importación ${id}:`);
      console.log(countLines(checked.counts, kind));
      for (const e of checked.errorList.slice(0, 50)) console.log(`  ${e.message}`);
      if (checked.counts.errors + checked.counts.refused > 50)
        console.log(`  … y más: todos en GET /api/v1/imports/${id}/errors (XLSX).`);
      console.log(`Revisado en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    } finally {
      await received.dispose();
    }
    if (values['dry-run']) return;
    const writing = performance.now();
    const result = await runPaymentImport(deps, inProcess(id, user?.id ?? null));
    console.log(`\n${result.message}`);
    console.log(countLines(result.counts, kind));
    console.log(`Importado en ${((performance.now() - writing) / 1000).toFixed(1)} s.`);
  } finally {
    await handle.close();
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    console.log(`Memoria del proceso al empezar: ${mb(startRss)} MB.`);
    console.log(`Memoria máxima del proceso: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB.`);
  }
}

/** A roll file: stored, checked and (unless --dry-run) imported by the jobs' own code, in this process. */
async function importRoll(
  deps: AppDeps,
  kind: RollKind,
  received: Awaited<ReturnType<typeof receiveStream>>,
  userId: number | null,
  dryRunOnly: boolean | undefined,
  started: number,
) {
  let id: number;
  try {
    id = await storeRollImport(deps, userId ?? 0, kind, received);
  } finally {
    await received.dispose();
  }
  await runRollJob(deps, inProcess(id, userId), runRollCheck);
  const checked = (await importRow(deps.db, id))!;
  const errors = (checked.errorList as { items: ImportDetail['errorList'] } | null)?.items ?? [];
  console.log(`\nRevisión del archivo ${checked.fileName} (SHA-256 ${checked.sha256}), importación ${id}:`);
  console.log(countLines(checked.counts as ImportCounts, kind));
  for (const e of (errors ?? []).slice(0, 50)) console.log(`  ${e.message}`);
  console.log(`Revisado en ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  if (dryRunOnly) return;
  const writing = performance.now();
  const result = await runRollJob(deps, inProcess(id, userId), runRollImport);
  console.log(`\n${result.message}`);
  console.log(`Importado en ${((performance.now() - writing) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof AppError
      ? `Error: ${error.message}`
      : describeCliError(error, {
          role: urlRole(process.env.DATABASE_URL),
          needs: 'the application role set up by `npm run db:roles` (DATABASE_URL)',
        }),
  );
  process.exitCode = 1;
});
