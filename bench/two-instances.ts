// Issue 14, "able to outgrow one machine": the same database served by one instance, then by two
// behind nginx (deploy/nginx.conf, its upstreams and port replaced), on this machine.
//  1. a bench database `bjp_bench_two` on the PostgreSQL server (demo scale, registration period open
//     today), created and seeded unless --reuse finds it seeded;
//  2. one instance: the dashboard's three statistics requests and 'Registrar' (PUT of a student's
//     titular, flipping between two guardians), 10 s each;
//  3. two instances behind nginx: the same, and the ratio of the two;
//  4. "no request lost": the dashboard's GETs through nginx for 20 s while one instance is stopped
//     (SIGTERM) after 6 s; every answer that is not 2xx and every connection error is counted (nginx
//     retries idempotent requests on the other instance);
//  5. pgbench select-only on a scratch database of the same server: the machine's limit in this run.
// Instances start from apps/api/dist/main.js when it is built (npm run build), else from the sources
// through tsx. Without nginx on PATH steps 3–4 are left out and the script says so.
// Run: npm run bench -- two-instances [--reuse] [--connections 20]
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { type LoadResult, load, loginToken, root } from './support.js';

const { values } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    connections: { type: 'string', default: '20' },
  },
});
const connections = Number(values.connections);
const serverUrl = process.env.PG_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432';
const database = 'bjp_bench_two';
const url = `${serverUrl}/${database}`;
const results: Record<string, unknown> = { at: new Date().toISOString(), cores: cpus().length };
const load1 = () => loadavg()[0]!.toFixed(1);
console.log(`start ${new Date().toISOString()}, ${cpus().length} cores, load average ${load1()}`);

async function withClient<T>(connectionString: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

// --- 1. the bench database ---
const seeded = await withClient(`${serverUrl}/postgres`, async (admin) => {
  const { rows } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (rows.length === 0 || !values.reuse) {
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${database}`);
    return false;
  }
  return true;
});
if (!seeded) {
  const today = new Date().toISOString().slice(0, 10);
  const started = performance.now();
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/db/seed/cli.ts', '--scale', 'demo', '--today', today],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DATABASE_URL: url } },
  );
  if (seed.status !== 0) throw new Error('seeding the bench database failed');
  await withClient(url, (c) => c.query('VACUUM ANALYZE'));
  console.log(
    `bench database ${database}: demo seeded in ${Math.round((performance.now() - started) / 1000)} s`,
  );
} else {
  console.log(`bench database ${database}: reused (--reuse)`);
}

// --- instances and proxy ---
const built = existsSync(path.join(root, 'apps/api/dist/main.js'));
const entry = built ? ['apps/api/dist/main.js'] : ['--import', 'tsx', 'apps/api/src/main.ts'];
console.log(`entry point: node ${entry.join(' ')}${built ? '' : ' (apps/api/dist/main.js not built)'}`);
// REDIS_URL shares the rate limits between instances where the server supports it; a Redis on this
// machine is used when it answers.
const redis = spawnSync('redis-cli', ['ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG';
const base = 3700 + Math.floor(Math.random() * 100);

type Instance = { name: string; port: number; child: ChildProcess; exited: Promise<number | null> };

async function waitFor(address: string, seconds: number, alive: () => boolean): Promise<void> {
  for (let i = 0; i < seconds * 4 && alive(); i++) {
    for (const probe of ['/health/live', '/api/v1/health']) {
      try {
        if ((await fetch(`${address}${probe}`)).ok) return;
      } catch {
        // starting
      }
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${address} did not answer`);
}

async function startInstance(name: string, port: number): Promise<Instance> {
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: url,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      // Every request of the bench comes from one address; the per-address limiter would cap it.
      LOGIN_RATE_LIMIT: '1000000',
      WEB_DIST: '/nonexistent',
      TRUST_PROXY: 'true',
      ...(redis ? { REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await waitFor(`http://127.0.0.1:${port}`, 120, () => child.exitCode === null);
  return { name, port, child, exited };
}

function stopInstance(instance: Instance): Promise<number | null> {
  if (instance.child.exitCode === null) instance.child.kill('SIGTERM');
  return instance.exited;
}

const hasNginx = spawnSync('nginx', ['-v']).status === 0;
type Proxy = { port: number; stop(): void; dir: string };

/** deploy/nginx.conf with the two instances' loopback ports and a port of its own, in a scratch folder. */
async function startProxy(ports: number[], port: number): Promise<Proxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bjp-nginx-'));
  let conf = readFileSync(path.join(root, 'deploy/nginx.conf'), 'utf8');
  // Directives only (at the start of a line), not the comments that name them.
  const replace = (from: string, to: string) => {
    const directive = new RegExp(`^(\\s*)${from.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`, 'm');
    if (!directive.test(conf)) throw new Error(`deploy/nginx.conf no longer has "${from}"`);
    conf = conf.replace(directive, `$1${to}`);
  };
  replace('server api1:3000', `server 127.0.0.1:${ports[0]}`);
  replace('server api2:3000', `server 127.0.0.1:${ports[1]}`);
  replace('listen 80;', `listen 127.0.0.1:${port};`);
  replace('access_log /var/log/nginx/access.log', `access_log ${path.join(dir, 'access.log')}`);
  writeFileSync(path.join(dir, 'nginx.conf'), conf);
  const globals = `daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log warn;`;
  const check = spawnSync('nginx', ['-t', '-q', '-p', dir, '-c', `${dir}/nginx.conf`, '-g', globals], {
    encoding: 'utf8',
  });
  if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`);
  const child = spawn('nginx', ['-p', dir, '-c', `${dir}/nginx.conf`, '-g', globals], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${port}`, 20, () => child.exitCode === null);
  return { port, dir, stop: () => child.kill('SIGQUIT') };
}

// --- the requests ---
const dashboardPaths = [
  '/api/v1/statistics/departments-paid',
  '/api/v1/statistics/systems',
  '/api/v1/statistics/institutions-completion',
];
// 'Registrar': students of open schools with a validated identity whose active titular is one of
// two guardians; each request names the other one (a change of titular), so every request writes.
const pairs = await withClient(url, async (db) => {
  const { rows } = await db.query<{ sie: number; inscription: number; current: number; other: number }>(
    `SELECT n.institution_id AS sie, n.id AS inscription, c.id AS current, min(g.id) AS other
     FROM inscriptions n
     JOIN institutions i ON i.id = n.institution_id AND i.holders_consolidated_at IS NULL
     JOIN students s ON s.id = n.student_id AND (s.segip_id = 1 OR s.empareja_sereci)
     JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
     JOIN guardians c ON c.inscription_id = n.id AND c.person_id = t.person_id AND c.removed_at IS NULL
     JOIN guardians g ON g.inscription_id = n.id AND g.id <> c.id AND g.removed_at IS NULL
     WHERE n.removed_at IS NULL GROUP BY 1, 2, 3 ORDER BY hashint4(n.id) LIMIT 20000`,
  );
  return rows;
});
console.log(`Registrar: ${pairs.length} students with two guardians to switch between`);
const statuses = new Map<string, Map<number, number>>();
const countStatus = (name: string) => (status: number) => {
  const byStatus = statuses.get(name) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  statuses.set(name, byStatus);
};
let dashboardCursor = 0;
let pairCursor = 0;
const flipped = new Map<number, boolean>();

function dashboard(address: string, token: string, label: string, seconds = 10) {
  return load(`${label}: dashboard GETs ×${connections}`, {
    url: address,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        onResponse: countStatus(`${label} dashboard`),
        setupRequest: (req) => ({ ...req, path: dashboardPaths[dashboardCursor++ % dashboardPaths.length] }),
      },
    ],
  });
}

function registrar(address: string, token: string, label: string) {
  return load(`${label}: PUT Registrar ×${connections}`, {
    url: address,
    connections,
    duration: 10,
    requests: [
      {
        method: 'PUT',
        onResponse: countStatus(`${label} registrar`),
        setupRequest: (req) => {
          const pair = pairs[pairCursor++ % pairs.length]!;
          const flip = !(flipped.get(pair.inscription) ?? false);
          flipped.set(pair.inscription, flip);
          return {
            ...req,
            path: `/api/v1/holders/institutions/${pair.sie}/inscriptions/${pair.inscription}/titular`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ guardianId: flip ? pair.other : pair.current }),
          };
        },
      },
    ],
  });
}

const started: Instance[] = [];
let proxy: Proxy | null = null;
try {
  // --- 2. one instance ---
  const one = await startInstance('api1', base);
  started.push(one);
  const oneUrl = `http://127.0.0.1:${one.port}`;
  const token = await loginToken(oneUrl);
  await dashboard(oneUrl, token, 'warm-up', 3);
  const single: LoadResult[] = [
    await dashboard(oneUrl, token, '1 instance'),
    await registrar(oneUrl, token, '1 instance'),
  ];
  results.single = single;

  if (!hasNginx) {
    console.log('nginx is not on PATH (apt-get install nginx): two instances behind the proxy NOT measured.');
    results.twoInstances = 'not measured: nginx missing';
  } else {
    // --- 3. two instances behind nginx ---
    const two = await startInstance('api2', base + 1);
    started.push(two);
    proxy = await startProxy([one.port, two.port], base + 2);
    const proxyUrl = `http://127.0.0.1:${proxy.port}`;
    await dashboard(proxyUrl, token, 'warm-up', 3);
    const double: LoadResult[] = [
      await dashboard(proxyUrl, token, '2 instances + nginx'),
      await registrar(proxyUrl, token, '2 instances + nginx'),
    ];
    results.double = double;
    const ratio = (i: number) => (double[i]!.requestsPerSecond / single[i]!.requestsPerSecond).toFixed(2);
    results.ratio = { dashboard: Number(ratio(0)), registrar: Number(ratio(1)) };
    console.log(`ratio two instances / one: dashboard ×${ratio(0)}, Registrar ×${ratio(1)}`);

    // --- 4. one instance stopped under load ---
    const stopAfterMs = 6_000;
    const stopping = setTimeout(() => {
      console.log(`  SIGTERM to api2 (port ${two.port}) at ${stopAfterMs / 1000} s`);
      void stopInstance(two);
    }, stopAfterMs);
    const label = 'api2 stopped after 6 s';
    const errorKinds = new Map<string, number>();
    const during = await new Promise<autocannon.Result>((resolve, reject) => {
      const run = autocannon(
        {
          url: proxyUrl,
          connections,
          duration: 20,
          headers: { authorization: `Bearer ${token}` },
          requests: [
            {
              method: 'GET',
              onResponse: countStatus(label),
              setupRequest: (req) => ({
                ...req,
                path: dashboardPaths[dashboardCursor++ % dashboardPaths.length],
              }),
            },
          ],
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      run.on('reqError', (error: Error & { code?: string }) => {
        const kind = error.code ?? error.message;
        errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
      });
    });
    clearTimeout(stopping);
    const exitCode = await two.exited;
    const byStatus = Object.fromEntries(statuses.get(label) ?? []);
    const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
    const errors = Object.fromEntries(errorKinds);
    results.stopped = {
      requestsPerSecond: Math.round(during.requests.average),
      statuses: byStatus,
      total,
      non2xx: during.non2xx,
      errors: during.errors,
      timeouts: during.timeouts,
      errorKinds: errors,
      api2ExitCode: exitCode,
    };
    console.log(
      `no request lost? ${label}: ${total} answers ${JSON.stringify(byStatus)}, non-2xx ${during.non2xx}, ` +
        `errors ${during.errors} ${JSON.stringify(errors)} (timeouts ${during.timeouts}); api2 exited with ${exitCode}`,
    );
    const retried = readFileSync(path.join(proxy.dir, 'access.log'), 'utf8')
      .split('\n')
      .filter((line) => /upstream=\S+, /.test(line)).length;
    results.retriedByProxy = retried;
    console.log(`  requests nginx sent to a second instance (access log): ${retried}`);
    // What nginx saw go wrong with the instances (connection refused or reset, 503 while draining).
    const proxyErrors = readFileSync(path.join(proxy.dir, 'error.log'), 'utf8')
      .split('\n')
      .filter((line) => /\[(error|crit|alert|emerg)\]/.test(line));
    results.proxyErrors = proxyErrors;
    console.log(`  nginx error log: ${proxyErrors.length} lines`);
    for (const line of proxyErrors.slice(0, 8)) console.log(`    ${line.replace(/^\S+ \S+ /, '')}`);
  }
  results.statuses = Object.fromEntries([...statuses].map(([k, v]) => [k, Object.fromEntries(v)]));
  console.log('statuses', JSON.stringify(results.statuses));
} finally {
  proxy?.stop();
  await Promise.all(started.map(stopInstance));
  if (proxy) rmSync(proxy.dir, { recursive: true, force: true });
}

// --- 5. the machine's limit in the same run: pgbench select-only, 2 clients, 5 s ---
const scratch = 'bjp_bench_two_pgbench';
const adminUrl = `${serverUrl}/postgres`;
execFileSync('psql', [adminUrl, '-qc', `DROP DATABASE IF EXISTS ${scratch} WITH (FORCE)`]);
execFileSync('psql', [adminUrl, '-qc', `CREATE DATABASE ${scratch}`]);
execFileSync('pgbench', ['-i', '-q', '-s', '1', `${serverUrl}/${scratch}`], { stdio: 'ignore' });
const out = execFileSync('pgbench', ['-S', '-c', '2', '-j', '2', '-T', '5', `${serverUrl}/${scratch}`], {
  encoding: 'utf8',
});
results.pgbenchTps = Number(/tps = ([\d.]+)/.exec(out)?.[1]);
console.log(`machine: pgbench select-only, 2 clients, 5 s: ${results.pgbenchTps} tps`);
execFileSync('psql', [adminUrl, '-qc', `DROP DATABASE ${scratch} WITH (FORCE)`]);
console.log(`end ${new Date().toISOString()}, load average ${load1()}`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
writeFileSync(path.join(root, 'bench/results/two-instances.json'), JSON.stringify(results, null, 2));
