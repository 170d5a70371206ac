import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** What a proxy's or a client's request id may look like to be kept: short, no spaces or quotes. */
const INCOMING_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * The request's id in logs: the X-Request-Id a proxy (or the web app) sent, so one id follows a
 * request across systems, when it is well formed; else a new UUID (unique across instances, unlike
 * Fastify's counter). The answer carries it back (see index.ts).
 */
export function requestId(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && INCOMING_ID.test(incoming) ? incoming : randomUUID();
}
