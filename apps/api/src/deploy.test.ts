import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { multipartLimits } from './modules/events/index.js';

// Issue 14, deployment: compose.yaml, the Dockerfile and the proxy's configuration say what
// docs/deploy.md says. With Docker Compose on PATH the file is checked by `docker compose config`
// (and its resolved form is asserted on); without it the YAML is read here. One of the two runs.
const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const exampleEnv = 'deploy/bjp.env.example';

type Service = {
  image?: string;
  command?: string[] | string;
  environment?: Record<string, string | null>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: Array<string | { source?: string; target: string }>;
};
type Compose = { services: Record<string, Service> };

const hasCompose = spawnSync('docker', ['compose', 'version'], { encoding: 'utf8' }).status === 0;

function composeFile(): Compose {
  if (hasCompose) {
    const args = ['compose', '--env-file', exampleEnv, '-f', 'compose.yaml'];
    const quiet = spawnSync('docker', [...args, 'config', '-q'], { cwd: root, encoding: 'utf8' });
    expect(quiet.status, quiet.stderr).toBe(0);
    const json = spawnSync('docker', [...args, 'config', '--format', 'json'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(json.status, json.stderr).toBe(0);
    return JSON.parse(json.stdout) as Compose;
  }
  return parse(read('compose.yaml'), { merge: true }) as Compose;
}

describe(`compose.yaml (${hasCompose ? 'docker compose config' : 'read as YAML: docker compose is not on PATH'})`, () => {
  const compose = composeFile();
  const services = compose.services;

  it('has the database, Redis, the migration, two instances and the proxy', () => {
    expect(Object.keys(services).sort()).toEqual(['api1', 'api2', 'migrate', 'postgres', 'proxy', 'redis']);
    expect(services.postgres!.image).toMatch(/^postgres:16/);
    expect(services.redis!.image).toMatch(/^redis:7/);
    expect(services.proxy!.image).toMatch(/^nginx:1\.27/);
  });

  it('runs the instances from the built image, as bjp_app, sharing Redis, behind the proxy', () => {
    for (const name of ['api1', 'api2']) {
      const api = services[name]!;
      expect(api.image).toBe('bjp-console:latest');
      const env = api.environment!;
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/bjp_app:.+@postgres:5432\/bjp$/);
      expect(env.REDIS_URL).toBe('redis://redis:6379');
      expect(env.JWT_SECRET).toBeTruthy();
      expect(env.TRUST_PROXY).toBe('true');
      expect(env.NODE_ENV).toBe('production');
      expect(env.HOST).toBe('0.0.0.0');
      for (const outside of ['SEGIP_URL', 'SERECI_URL', 'SINTESIS_URL']) expect(env[outside]).toBeTruthy();
      expect(api.depends_on?.migrate?.condition).toBe('service_completed_successfully');
      expect(api.depends_on?.postgres?.condition).toBe('service_healthy');
      expect(api.depends_on?.redis?.condition).toBe('service_healthy');
    }
  });

  it('migrates once, as the owner of the tables, before the instances start', () => {
    const migrate = services.migrate!;
    expect(migrate.image).toBe('bjp-console:latest');
    expect([migrate.command].flat().join(' ')).toMatch(/migrate\.js && node apps\/api\/dist\/roles\.js/);
    expect(migrate.environment!.MIGRATION_DATABASE_URL).toMatch(/^postgres:\/\/bjp_owner:/);
    // db:roles grants the application's role, named by DATABASE_URL, what default privileges cannot.
    expect(migrate.environment!.DATABASE_URL).toMatch(/^postgres:\/\/bjp_app:/);
    expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
  });

  it('mounts the proxy configuration', () => {
    const mounts = (services.proxy!.volumes ?? []).map((v) =>
      typeof v === 'string' ? v : `${v.source}:${v.target}`,
    );
    expect(mounts.some((m) => /deploy\/nginx\.conf:\/etc\/nginx\/nginx\.conf/.test(m))).toBe(true);
  });

  it('names every variable it needs in the example environment file', () => {
    const example = read(exampleEnv);
    const needed = [...read('compose.yaml').matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]!);
    expect(needed.length).toBeGreaterThan(5);
    for (const name of new Set(needed)) expect(example).toMatch(new RegExp(`^${name}=.+`, 'm'));
  });
});

describe('deploy/nginx.conf', () => {
  const conf = read('deploy/nginx.conf');
  const directives = conf
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim())
    .filter(Boolean);

  it('balances over both instances with kept-alive connections', () => {
    expect(directives).toContain('server api1:3000 max_fails=1 fail_timeout=5s;');
    expect(directives).toContain('server api2:3000 max_fails=1 fail_timeout=5s;');
    expect(directives.some((d) => /^keepalive \d+;$/.test(d))).toBe(true);
    expect(directives).toContain('proxy_set_header Connection "";');
  });

  it('retries only what nginx may retry: never a non-idempotent request', () => {
    const retry = directives.find((d) => d.startsWith('proxy_next_upstream '));
    expect(retry).toBe('proxy_next_upstream error timeout http_502 http_503;');
    expect(conf).not.toMatch(/^\s*[^#\n]*non_idempotent/m);
  });

  it('overwrites X-Forwarded-For, forwards a request id and keeps /metrics inside', () => {
    expect(directives).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(directives.some((d) => d.startsWith('proxy_set_header X-Request-Id '))).toBe(true);
    const metrics = conf.indexOf('location ^~ /metrics');
    expect(metrics).toBeGreaterThan(0);
    expect(conf.slice(metrics, conf.indexOf('}', metrics))).toMatch(/deny all;/);
  });

  it('lets through the largest legal upload form and the 2 MB JSON limit', () => {
    const size = directives.find((d) => d.startsWith('client_max_body_size '));
    const megabytes = Number(/(\d+)m;$/.exec(size ?? '')?.[1]);
    const largestForm =
      multipartLimits.files * multipartLimits.fileSize + multipartLimits.fields * multipartLimits.fieldSize;
    expect(megabytes * 1024 * 1024).toBeGreaterThan(largestForm);
    expect(megabytes * 1024 * 1024).toBeGreaterThanOrEqual(2 * 1024 * 1024);
  });
});

describe('Dockerfile', () => {
  const lines = read('Dockerfile')
    .split('\n')
    .filter((l) => l.trim() && !l.trim().startsWith('#'));
  const stages = lines.map((l, i) => (l.startsWith('FROM ') ? i : -1)).filter((i) => i >= 0);
  const runtime = lines.slice(stages.at(-1));

  it('builds in one stage and runs on node:24-bookworm-slim with production dependencies only', () => {
    expect(lines.filter((l) => l.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => /RUN npm ci\b/.test(l)) && lines.some((l) => /RUN npm run build/.test(l))).toBe(
      true,
    );
    expect(runtime[0]).toMatch(/^FROM node:24-bookworm-slim\b/);
    expect(runtime.some((l) => /npm ci .*--omit=dev/.test(l))).toBe(true);
  });

  it('runs the compiled server with node, not tsx, as a user that is not root', () => {
    const user = runtime.filter((l) => l.startsWith('USER ')).at(-1);
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER\s+(root|0)(:|\s*$)/);
    expect(runtime.at(-1)).toBe('CMD ["node", "apps/api/dist/main.js"]');
    expect(runtime.join('\n')).not.toMatch(/\btsx\b/);
    expect(runtime).toContain('EXPOSE 3000');
    expect(runtime.some((l) => l.startsWith('HEALTHCHECK'))).toBe(true);
    expect(runtime.join('\n')).toMatch(/\/health\/live/);
  });
});
