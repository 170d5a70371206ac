// The one test command: unit and API tests (PGlite always, PostgreSQL too when TEST_DATABASE_URL is
// set), then the browser tests in Debian's Chromium. Ends with one line 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const reports = path.join(root, 'node_modules', '.test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function vitest(name, projects) {
  const outputFile = path.join(reports, `${name}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ];
  const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: process.env });
  let passed = 0;
  let failed = 0;
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passed = report.numPassedTests;
    failed = report.numFailedTests + (result.status !== 0 && report.numFailedTests === 0 ? 1 : 0);
  } else if (result.status !== 0) {
    failed = 1;
  }
  return { passed, failed, ok: result.status === 0 };
}

const totals = { passed: 0, failed: 0 };
let ok = true;
const add = (r) => {
  totals.passed += r.passed;
  totals.failed += r.failed;
  ok &&= r.ok;
};

const projects = ['domain', 'web', 'tools', 'api'];
if (process.env.TEST_DATABASE_URL) projects.push('api-pg');
else console.log('TEST_DATABASE_URL is not set: API tests run on PGlite only.');
add(vitest('unit-api', projects));

const chromium = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p) => p && existsSync(p),
);
if (!chromium) {
  console.log('Chromium not found (install Debian chromium or set CHROMIUM_PATH): browser tests cannot run.');
  if (process.env.SKIP_E2E !== '1') {
    ok = false;
    totals.failed += 1;
  }
} else if (process.env.SKIP_E2E === '1') {
  console.log('SKIP_E2E=1: browser tests skipped.');
} else if (spawnSync('pdftoppm', ['-v']).error) {
  // The browser tests render the PDFs they download to look at them.
  console.log('pdftoppm not found (install Debian poppler-utils): browser tests cannot run.');
  ok = false;
  totals.failed += 1;
} else {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    ok = false;
    totals.failed += 1;
  } else {
    add(vitest('e2e', ['e2e']));
  }
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed`);
process.exit(ok && totals.failed === 0 ? 0 : 1);
