/**
 * npm run build -w apps/api: the server as plain JavaScript for `node apps/api/dist/main.js`.
 *
 * esbuild bundles each entry with the project's own TypeScript (the API and @bjp/domain, which is
 * published as source) and leaves every npm package external, loaded from node_modules as usual.
 * Files the code finds next to itself by import.meta.url are laid out as in src/, relative to the
 * bundle: db/migrate.ts reads ./migrations (dist/migrations), documents/pool.ts starts
 * ./worker/render-worker.js (dist/worker/render-worker.js). PDFs use the 14 standard fonts, which
 * pdfmake (external) reads from its own package.
 */
import { cpSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, 'dist');

/** Workspace packages are TypeScript source: bundled, unlike the packages installed from npm. */
const require = createRequire(import.meta.url);
const bundleWorkspace = {
  name: 'bundle-workspace',
  setup(b) {
    b.onResolve({ filter: /^@bjp\// }, (args) => ({ path: require.resolve(args.path) }));
  },
};

rmSync(dist, { recursive: true, force: true });
await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    migrate: 'src/db/migrate-cli.ts',
    // Operator commands, run from the image as from a checkout (docs/deploy.md): no tsx, no sources.
    roles: 'src/db/roles-cli.ts',
    admin: 'src/admin-cli.ts',
    import: 'src/imports-cli.ts',
    'worker/render-worker': 'src/documents/worker/render-worker.ts',
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  packages: 'external',
  plugins: [bundleWorkspace],
  sourcemap: true,
  logLevel: 'warning',
});
cpSync(path.join(here, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });
console.log(`API built in ${path.relative(process.cwd(), dist) || dist}`);
