/**
 * Every documented procedure is a test (issue 35, decision 053): the ```sh doc-test blocks of
 * docs/deploy.md ('From an empty PostgreSQL…'), docs/imports.md ('Through the API') and
 * docs/operations.md ('Backup and restore: PostgreSQL') run literally, in one bash session with
 * `set -euo pipefail`, on new databases of the test cluster: owner role and database, migrate,
 * db:roles, first administrator, a production start, login, the roll and payment imports through
 * the API under the application's role, the backup, a drop and the restore, a start and login
 * again. Then a second install with other names on the same cluster. The test adds only glue: the
 * variables the docs leave to the operator, the example files (imports.md's example rows), waiting
 * for /health/ready and stopping the server. It runs the compiled server and CLIs: `npm run build`
 * first (CI does); it fails, rather than skips, when the build is missing.
 */
import { execFile, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const doc = (name: string) => readFileSync(path.join(root, 'docs', name), 'utf8');

type Block = { tag: string; text: string };

/** The fenced blocks tagged `sh doc-test` (or `sh doc-test=background`) of a document, in order. */
export function docTestBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  const fence = /^( *)```sh (doc-test(?:=\w+)?)\n([\s\S]*?)^\1```$/gm;
  for (const match of markdown.matchAll(fence)) {
    const indent = match[1]!.length;
    const text = match[3]!
      .split('\n')
      .map((line) => line.slice(Math.min(indent, line.length - line.trimStart().length)))
      .join('\n');
    blocks.push({ tag: match[2]!, text });
  }
  return blocks;
}

/** bash, without blocking the test worker (vitest's own messages keep flowing for the minutes it takes). */
function runBash(
  script: string,
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<{ status: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['-euo', 'pipefail', '-c', script],
      { ...options, timeout: 240_000, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ status: error ? Number((error as { code?: number }).code ?? 1) || 1 : 0, stdout, stderr }),
    );
  });
}

/** imports.md's example rows (the unlabelled blocks after each layout), by the file name the API block uses. */
function exampleFiles(markdown: string): Record<string, string> {
  const files: Record<string, string> = {};
  const names: Record<string, string> = {
    'COD_DEPARTAMENTO;': 'distritos.csv',
    'SIE;NOMBRE;': 'unidades.csv',
    'GESTION;': 'nomina.csv',
    'RUDE;MONTO;': 'pagos.csv',
  };
  for (const match of markdown.matchAll(/^```\n([\s\S]*?)^```$/gm)) {
    const text = match[1]!;
    const name = Object.entries(names).find(([head]) => text.startsWith(head))?.[1];
    if (name && !files[name]) files[name] = text;
  }
  return files;
}

const superuserUrl = () => {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = '/postgres';
  return url;
};

function installScript(): { script: string; serve: string } {
  const deploy = docTestBlocks(doc('deploy.md'));
  const imports = docTestBlocks(doc('imports.md'));
  const operations = docTestBlocks(doc('operations.md'));
  const background = deploy.findIndex((b) => b.tag === 'doc-test=background');
  expect(background).toBeGreaterThan(0);
  expect(imports).toHaveLength(1);
  expect(operations).toHaveLength(2);
  const before = deploy.slice(0, background);
  const start = deploy[background]!.text;
  const after = deploy.slice(background + 1);
  const glue = {
    start: `setsid bash --norc -eu "$BJP_SERVE_SCRIPT" > "$BJP_SECRETS/serve.log" 2>&1 &
server=$!
for i in $(seq 120); do curl -fs "http://127.0.0.1:$PORT/health/ready" > /dev/null && break
  kill -0 "$server" 2>/dev/null || { cat "$BJP_SECRETS/serve.log" >&2; exit 1; }; sleep 0.5; done
curl -fsS "http://127.0.0.1:$PORT/health/ready" > /dev/null`,
    stop: `kill -TERM -- -"$server"; wait "$server" || true`,
  };
  const script = [
    // On a failure, the server's last lines go with the test's message; the server never outlives this.
    `trap 'code=$?; [ "$code" = 0 ] || tail -n 20 "$BJP_SECRETS/serve.log" >&2 || true; [ -n "\${server:-}" ] && kill -TERM -- -"$server" 2>/dev/null; true' EXIT`,
    `! curl -fs "http://127.0.0.1:$PORT/health/live" > /dev/null || { echo "port $PORT is taken" >&2; exit 1; }`,
    ...before.map((b) => b.text),
    glue.start,
    ...after.map((b) => b.text),
    imports[0]!.text,
    operations[0]!.text,
    glue.stop,
    operations[1]!.text,
    glue.start,
    ...after.map((b) => b.text),
    glue.stop,
    // What the restore must give back: the administrator and the imported roll.
    `psql "$DATABASE_URL" -Atc "SELECT (SELECT count(*) FROM users WHERE NOT is_demo) || ' ' || (SELECT count(*) FROM institutions) || ' ' || (SELECT count(*) FROM students) || ' ' || (SELECT count(*) FROM users WHERE is_demo)"`,
  ].join('\n\n');
  return { script, serve: start };
}

const installs = [
  { db: 'deploy_docs_a', owner: 'deploy_owner_a', app: 'deploy_app_a', port: 5610 },
  { db: 'deploy_docs_b', owner: 'deploy_owner_b', app: 'deploy_app_b', port: 5611 },
];

function psqlAdmin(sql: string) {
  spawnSync('psql', [superuserUrl().href, '-qc', sql], { encoding: 'utf8' });
}

function dropInstall(i: (typeof installs)[number]) {
  psqlAdmin(`DROP DATABASE IF EXISTS ${i.db} WITH (FORCE)`);
  psqlAdmin(`DROP ROLE IF EXISTS ${i.app}`);
  psqlAdmin(`DROP ROLE IF EXISTS ${i.owner}`);
}

const work = mkdtempSync(path.join(tmpdir(), 'bjp-docs-'));
afterAll(() => {
  if (process.env.KEEP_DOCS_TEST) return;
  for (const i of installs) dropInstall(i);
  rmSync(work, { recursive: true, force: true });
});

describe('the documented install, imports, backup and restore, run literally', () => {
  it('the compiled server and CLIs exist (npm run build)', () => {
    for (const file of ['main.js', 'migrate.js', 'roles.js', 'admin.js', 'import.js'])
      expect(existsSync(path.join(root, 'apps/api/dist', file)), file).toBe(true);
  });

  it('two installs on one cluster, each from an empty PostgreSQL to a restored database', async () => {
    const { script, serve } = installScript();
    const files = exampleFiles(doc('imports.md'));
    expect(Object.keys(files).sort()).toEqual(['distritos.csv', 'nomina.csv', 'pagos.csv', 'unidades.csv']);
    for (const install of installs) {
      dropInstall(install);
      const dir = path.join(work, install.db);
      const filesDir = path.join(dir, 'files');
      spawnSync('mkdir', ['-p', filesDir]);
      for (const [name, text] of Object.entries(files)) writeFileSync(path.join(filesDir, name), text);
      writeFileSync(path.join(dir, 'serve.sh'), serve);
      const server = superuserUrl();
      writeFileSync(path.join(dir, 'install.sh'), script);
      const result = await runBash(script, {
        cwd: root,
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          PGADMIN_URL: server.href,
          PGSERVER: server.host,
          BJP_DB: install.db,
          BJP_OWNER: install.owner,
          BJP_APP: install.app,
          BJP_SECRETS: path.join(dir, 'secrets'),
          BJP_BACKUPS: path.join(dir, 'backups'),
          BJP_FILES: filesDir,
          BJP_SERVE_SCRIPT: path.join(dir, 'serve.sh'),
          PORT: String(install.port),
          HOST: '127.0.0.1',
          // Nothing in this procedure calls them; production requires their addresses.
          SEGIP_URL: 'http://127.0.0.1:9/',
          SERECI_URL: 'http://127.0.0.1:9/',
          SINTESIS_URL: 'http://127.0.0.1:9/',
        },
      });
      expect(result.status, `${install.db}:\n${result.stdout}\n${result.stderr}`).toBe(0);
      // One administrator, the example school and student, no demo user, after the restore.
      expect(result.stdout.trim().split('\n').at(-1)).toBe('1 1 1 0');
      // A production server writes only JSON lines (issue 35 §6): npm's own '> …' header aside.
      const served = readFileSync(path.join(dir, 'secrets', 'serve.log'), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '' && !line.startsWith('> '));
      expect(served.length).toBeGreaterThan(0);
      for (const line of served) expect(() => JSON.parse(line), line).not.toThrow();
      expect(served.some((line) => JSON.parse(line).msg?.startsWith('Consola BJP lista en'))).toBe(true);
    }
  }, 600_000);
});
