// npm run bench -- <name>: runs bench/<name>.ts (foundation, load-national, imports, …).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const name = process.argv[2] ?? 'foundation';
const file = path.join(import.meta.dirname, `${name}.ts`);
const result = spawnSync(process.execPath, ['--import', 'tsx', file, ...process.argv.slice(3)], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
