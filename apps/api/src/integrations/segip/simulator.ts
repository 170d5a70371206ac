import Fastify from 'fastify';
import { z } from 'zod';
import { identityFor, SEGIP_TEST_CARNETS, type SegipIdentity } from './identity.js';
import { comparableName, type SegipVerifyResponse, segipVerifyRequest } from './protocol.js';

/** How long the simulator makes a slow answer wait: well beyond the adapter's timeout. */
export const SIMULATOR_SLOW_MS = 10_000;

const controlRequest = z.object({
  mode: z.enum(['normal', 'fail', 'slow']),
  delayMs: z.number().int().min(0).max(60_000).optional(),
});
export type SimulatorMode = z.infer<typeof controlRequest>['mode'];

const personOverride = z.object({
  carnet: z.string().min(1),
  complemento: z.string().default(''),
  paterno: z.string(),
  materno: z.string(),
  name: z.string(),
  birthDate: z.string(),
  gender: z.union([z.literal(1), z.literal(2)]),
});

export type RunningSimulator = { url: string; close(): Promise<void> };

const key = (carnet: string, complemento: string) =>
  `${carnet.trim().toUpperCase()}|${complemento.trim().toUpperCase()}`;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stand-in for the SEGIP identity service, served on loopback: POST /v1/contrastacion answers
 * whether the data match the registry (identity.ts plus persons added through the control API).
 * Control: POST /control {mode: normal|fail|slow, delayMs} makes every answer fail (503) or wait;
 * GET /control reports the mode and how many verifications arrived; POST /control/persons adds a
 * person; GET /control/identity/:carnet?complemento= shows what the registry holds (for demos).
 */
export async function startSegipSimulator(
  options: { port?: number; host?: string } = {},
): Promise<RunningSimulator> {
  // A simulator closes at once, whatever keep-alive connections its clients still hold.
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const overrides = new Map<string, SegipIdentity>();
  let mode: SimulatorMode = 'normal';
  let delayMs = SIMULATOR_SLOW_MS;
  let requests = 0;

  const lookup = (carnet: string, complemento: string) =>
    overrides.get(key(carnet, complemento)) ?? identityFor(carnet, complemento);

  app.post('/v1/contrastacion', async (req, reply) => {
    requests++;
    const body = segipVerifyRequest.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid request' });
    const carnet = body.data.carnet.trim().toUpperCase();
    if (mode === 'slow' || carnet === SEGIP_TEST_CARNETS.slow) await wait(delayMs);
    if (mode === 'fail' || carnet === SEGIP_TEST_CARNETS.failure)
      return reply.code(503).send({ error: 'unavailable' });
    const person = lookup(carnet, body.data.complemento);
    if (!person) return { result: 'unknown', fields: null } satisfies SegipVerifyResponse;
    const fields = {
      nombres: comparableName(person.name) === comparableName(body.data.nombres),
      paterno: comparableName(person.paterno) === comparableName(body.data.paterno),
      materno: comparableName(person.materno) === comparableName(body.data.materno),
      fechaNacimiento: person.birthDate === body.data.fechaNacimiento,
    };
    const result = Object.values(fields).every(Boolean) ? 'match' : 'mismatch';
    return { result, fields } satisfies SegipVerifyResponse;
  });

  app.get('/control', async () => ({ mode, delayMs, requests }));
  app.post('/control', async (req, reply) => {
    const body = controlRequest.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid control request' });
    mode = body.data.mode;
    delayMs = body.data.delayMs ?? SIMULATOR_SLOW_MS;
    return { mode, delayMs, requests };
  });
  app.post('/control/persons', async (req, reply) => {
    const body = personOverride.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: 'invalid person' });
    const person = {
      ...body.data,
      carnet: body.data.carnet.trim().toUpperCase(),
      complemento: body.data.complemento.trim().toUpperCase(),
    };
    overrides.set(key(person.carnet, person.complemento), person);
    return person;
  });
  app.get<{ Params: { carnet: string }; Querystring: { complemento?: string } }>(
    '/control/identity/:carnet',
    async (req, reply) => {
      const person = lookup(req.params.carnet, req.query.complemento ?? '');
      return person ?? reply.code(404).send({ error: 'unknown document' });
    },
  );

  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return { url: address, close: () => app.close() };
}
