import Fastify from 'fastify';
import { z } from 'zod';
import { type SereciVerifyResponse, sereciVerifyRequest } from './protocol.js';
import { certificateFor, comparableField, differingFields, SERECI_TEST_OFICIALIAS } from './registry.js';

/** How long a slow answer waits by default: well beyond the adapter's timeout. */
export const SERECI_SLOW_MS = 10_000;

const controlRequest = z.object({
  mode: z.enum(['normal', 'fail', 'refuse', 'slow']),
  delayMs: z.number().int().min(0).max(60_000).optional(),
});
type Mode = z.infer<typeof controlRequest>['mode'];

export type RunningSereciSimulator = { url: string; close(): Promise<void> };

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stand-in for SERECI's birth registry on loopback: POST /v1/verificacion compares the four
 * certificate fields with the record registry.ts derives from the RUDE and birth date. Control:
 * POST /control {mode: normal|fail|refuse|slow, delayMs} makes every answer fail (503), refuse
 * (unknown record) or wait; GET /control reports the mode and the number of verifications;
 * GET /control/certificate?rude=&birthDate= shows the record (for demonstrations).
 */
export async function startSereciSimulator(
  options: { port?: number; host?: string } = {},
): Promise<RunningSereciSimulator> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  let mode: Mode = 'normal';
  let delayMs = SERECI_SLOW_MS;
  let requests = 0;

  app.post('/v1/verificacion', async (req, reply) => {
    requests++;
    const body = sereciVerifyRequest.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid request' });
    const oficialia = comparableField(body.data.oficialia);
    if (mode === 'slow' || oficialia === SERECI_TEST_OFICIALIAS.slow) await wait(delayMs);
    if (mode === 'fail' || oficialia === SERECI_TEST_OFICIALIAS.failure)
      return reply.code(503).send({ error: 'unavailable' });
    if (mode === 'refuse' || oficialia === SERECI_TEST_OFICIALIAS.unknown)
      return { result: 'unknown', fields: null } satisfies SereciVerifyResponse;
    const expected = certificateFor(body.data.rude, body.data.fechaNacimiento);
    const wrong = new Set(differingFields(expected, body.data));
    const fields = {
      oficialia: !wrong.has('oficialia'),
      libro: !wrong.has('libro'),
      partida: !wrong.has('partida'),
      folio: !wrong.has('folio'),
    };
    return { result: wrong.size === 0 ? 'match' : 'mismatch', fields } satisfies SereciVerifyResponse;
  });

  app.get('/control', async () => ({ mode, delayMs, requests }));
  app.post('/control', async (req, reply) => {
    const body = controlRequest.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid control request' });
    mode = body.data.mode;
    delayMs = body.data.delayMs ?? SERECI_SLOW_MS;
    return { mode, delayMs, requests };
  });
  app.get<{ Querystring: { rude?: string; birthDate?: string } }>(
    '/control/certificate',
    async (req, reply) => {
      const { rude, birthDate } = req.query;
      if (!rude || !birthDate || !/^\d{4}-\d{2}-\d{2}$/.test(birthDate))
        return reply.code(400).send({ error: 'rude and birthDate (yyyy-mm-dd) are required' });
      return certificateFor(rude, birthDate);
    },
  );

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return { url: address, close: () => app.close() };
}
