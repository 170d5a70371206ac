// What the import benches share (bench/imports.ts, bench/roll.ts): a client, psql's \copy, the
// machine's state, and the import CLI run as an operator would, its figures read from its output.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { root } from './support.js';

export const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;

export const machine = () => ({
  loadavg: os.loadavg().map((l) => Math.round(l * 100) / 100),
  cpus: os.cpus().length,
});

export async function withClient<T>(
  connectionString: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs one psql command (a \copy, a statement) against `url`; its wall time in seconds. */
export function psql(url: string, command: string): number {
  const started = performance.now();
  const r = spawnSync('psql', [url, '-qc', command], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return seconds(started);
}

/** Seeds the national demo data (or another scale) into `database` (dropped first), as load-national does. */
export async function seedNational(server: string, database: string, scale = 'national') {
  await withClient(`${server}/postgres`, async (admin) => {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
  });
  const url = `${server}/${database}`;
  const started = performance.now();
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/db/seed/cli.ts', '--scale', scale],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url },
    },
  );
  if (seed.status !== 0) process.exit(seed.status ?? 1);
  await withClient(url, (c) => c.query('VACUUM ANALYZE'));
  console.log(`seeded ${database} in ${seconds(started)} s`);
}

export async function databaseExists(server: string, database: string) {
  return withClient(`${server}/postgres`, async (admin) => {
    const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    return rows.length > 0;
  });
}

export type CliRun = {
  name: string;
  wall: number;
  checked?: number;
  imported?: number;
  startRssMb?: number;
  maxRssMb?: number;
  output: string;
};

/** `npm run import -- <kind> <file> [args]` in a child process; the times and memory it prints. */
export function importCli(
  url: string,
  name: string,
  kind: string,
  file: string,
  args: string[] = [],
): CliRun {
  console.log('machine before', machine());
  const started = performance.now();
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/imports-cli.ts', kind, file, ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: url },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  const wall = seconds(started);
  if (r.status !== 0) throw new Error(`${name}: ${r.stdout}\n${r.stderr}`);
  const number = (re: RegExp) => {
    const m = re.exec(r.stdout);
    return m ? Number(m[1]) : undefined;
  };
  const run: CliRun = {
    name,
    wall,
    checked: number(/Revisado en ([\d.]+) s/),
    imported: number(/Importado en ([\d.]+) s/),
    startRssMb: number(/Memoria del proceso al empezar: (\d+) MB/),
    maxRssMb: number(/Memoria máxima del proceso: (\d+) MB/),
    output: r.stdout
      .replace(/\r[^\n]*(?=\r)/g, '')
      .split('\n')
      .filter((l) => !l.startsWith('  Línea'))
      .concat(r.stderr.split('\n').filter((l) => /^(roll|payment) (check|import):/.test(l)))
      .join('\n'),
  };
  console.log(run.output);
  console.log(`${name}: ${wall} s in all`);
  return run;
}
