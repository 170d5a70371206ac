import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { AppInstance } from './app.js';

/** Serves the built console; any non-API path falls back to index.html so client routes load. */
export async function serveWebApp(app: AppInstance, distDir: string): Promise<boolean> {
  const index = path.join(distDir, 'index.html');
  if (!existsSync(index)) return false;
  await app.register(fastifyStatic, { root: distDir, wildcard: false, maxAge: '1h', index: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.url.startsWith('/api/')) {
      return reply.code(404).send({ code: 'not_found', message: 'Ruta no encontrada.' });
    }
    if (req.method !== 'GET') return reply.code(404).send();
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
  return true;
}
