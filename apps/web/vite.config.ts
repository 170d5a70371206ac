import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { chunkGroups } from './build/chunk-groups';
import { mantineComponentCss } from './build/mantine-css';
import { precompress } from './build/precompress';
import { screenPreload } from './build/screen-preload';

const PURE_PACKAGES =
  /\/node_modules\/(react-remove-scroll|react-remove-scroll-bar|use-sidecar|react-style-singleton)\//;

/** zod's own files; with zod-locale.ts they form the 'zod' chunk. */
const ZOD = /\/node_modules\/zod\//;

const groupOf = chunkGroups();

const apiTarget = process.env.BJP_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), mantineComponentCss(), screenPreload(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json lists each chunk's static imports: scripts/web-weight.ts reads it.
    manifest: true,
    // The charts chunk (recharts) is loaded only by the dashboard; it is large by nature.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // Rollup's default split gives a screen dozens of 1-2 KB chunks (one per shared Mantine
      // component or icon); on a phone each costs a round trip, and the director's 'Tutores' waited
      // on 80 of them before its first paint (Lighthouse, issue 14). Rollup merges a small chunk into
      // one loaded with it only when that changes no code a page runs (a page may download a little
      // unused pure code); the login entry keeps its size (scripts/web-weight.ts).
      output: {
        experimentalMinChunkSize: 20_000,
        // zod and the domain's Spanish messages for it (zod-locale.ts) in one chunk: zod's messages are
        // Spanish on every screen that loads zod, not only on those that load the domain's primitives.
        manualChunks: (id, meta) =>
          ZOD.test(id) || id.endsWith('/packages/domain/src/zod-locale.ts') ? 'zod' : groupOf(id, meta),
        // A group holds the modules manualChunks names, not their static dependencies (React, Mantine).
        onlyExplicitManualChunks: true,
      },
      // @bjp/domain is pure (schemas, constants, rules) except zod-locale.ts, the one module its
      // package.json lists under `sideEffects` (zod's Spanish messages, which the build keeps: the
      // 'zod' chunk above). Marking the domain's modules pure here lets Rollup drop the zod schemas
      // the web never runs (~25 KB gzip).
      // The same for the scroll-lock helpers Mantine's index re-exports (RemoveScroll): they declare
      // their registration modules as side effects, which kept ~4 KB gzip in the login page's entry
      // chunk although only the logged-in screens' drawers and dialogs use them. Their registration is
      // an export value, kept wherever RemoveScroll is really used.
      treeshake: {
        moduleSideEffects: (id, external) =>
          external || !(id.includes('/packages/domain/') || PURE_PACKAGES.test(id)),
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  test: {
    name: 'web',
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
});
