import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from './app-types.js';

/** Vite names what it writes under assets/ by content hash: a changed file is a new address. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and anything else unhashed) is revalidated, so a deployment shows at the next visit. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built console; any non-API path falls back to index.html so client routes load.
 * The build writes `.br` and `.gz` siblings of every text asset over 1 KB (apps/web/build/precompress.ts):
 * they are sent as the request's Accept-Encoding allows, with `Vary: Accept-Encoding` (issue 14).
 */
export async function serveWebApp(app: AppInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  const assetsDir = path.join(distDir, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // The policy is chosen per file below; send's own max-age header would fight it.
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(assetsDir) ? IMMUTABLE : REVALIDATE);
    },
  });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.code(404).send({ code: 'not_found', message: 'Ruta no encontrada.' });
    }
    if (req.method !== 'GET') return reply.code(404).send();
    // A chunk of an older build is gone: answering index.html would hand a script HTML, and the
    // browser would cache nothing useful; a 404 lets the app show its "new version" message.
    if (req.url.startsWith('/assets/')) return reply.code(404).header('cache-control', 'no-store').send();
    return reply.sendFile('index.html');
  });
  return true;
}
