import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const apiTarget = process.env.BJP_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The charts chunk (recharts) is loaded only by the dashboard; it is large by nature.
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      // @bjp/domain is pure (schemas, constants, rules) but does not declare `sideEffects: false`;
      // saying so here lets Rollup drop the zod schemas the web never runs (~25 KB gzip).
      treeshake: { moduleSideEffects: (id, external) => external || !id.includes('/packages/domain/') },
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
