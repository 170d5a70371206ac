import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors.js';
import { type RequestShape, requestHash } from './fingerprint.js';
import { claimKey, idempotencyMessages, releaseKey, type StoredAnswer, storeAnswer } from './store.js';

type KeyState = { owner: string; key: string; state: 'pending' | 'owned' | 'done' };

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's Idempotency-Key once checked; 'owned' when this request runs the handler. */
    idempotency: KeyState | null;
  }
  interface FastifyContextConfig {
    /** false: the route ignores Idempotency-Key (login and tokens: their answers must never be stored). */
    idempotent?: boolean;
  }
}

const HEADER = 'idempotency-key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A repeat of a finished request: thrown where a handler claims late (multipart), sent by the error handler. */
export class IdempotentReplay extends Error {
  constructor(readonly answer: StoredAnswer) {
    super('idempotent replay');
    this.name = 'IdempotentReplay';
  }
}

/** Sends a stored answer again, marked so clients and logs can tell. */
export function sendReplay(reply: FastifyReply, answer: StoredAnswer) {
  return reply
    .code(answer.statusCode)
    .header('idempotent-replayed', 'true')
    .type(answer.contentType ?? 'application/json; charset=utf-8')
    .send(answer.body);
}

async function claim(req: FastifyRequest, state: KeyState, shape: RequestShape) {
  const { db, clock } = req.server.deps;
  const outcome = await claimKey(db, clock, state, requestHash(shape));
  if (outcome.kind === 'owned') state.state = 'owned';
  return outcome;
}

const shapeOf = (req: FastifyRequest, body: unknown): RequestShape => ({
  method: req.method,
  route: req.routeOptions.url ?? req.url,
  params: req.params,
  query: req.query,
  body,
});

/** Runs after the route's own preHandlers (the permission guard), with the body already validated. */
const checkKey: preHandlerAsyncHookHandler = async (req, reply) => {
  const header = req.headers[HEADER];
  if (header === undefined) return;
  if (typeof header !== 'string' || !UUID.test(header))
    throw new AppError('bad_request', idempotencyMessages.badKey);
  const state: KeyState = {
    owner: req.user ? `user:${req.user.id}` : 'public',
    key: header.toLowerCase(),
    state: 'pending',
  };
  req.idempotency = state;
  // A multipart body is read by the handler itself: claimed there, once its parts are in memory.
  // (isMultipart exists only where the multipart plugin is registered, the events area: read the header.)
  if (req.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
  const outcome = await claim(req, state, shapeOf(req, req.body));
  if (outcome.kind === 'replay') return sendReplay(reply, outcome.answer);
};

/**
 * For handlers that read their body themselves (multipart): claims the key with `body` standing for the
 * request's body. A repeat of a finished request throws IdempotentReplay, which the error handler
 * answers with the stored answer; without a key it does nothing.
 */
export async function claimParsedBody(req: FastifyRequest, body: unknown): Promise<void> {
  const state = req.idempotency;
  if (state?.state !== 'pending') return;
  const outcome = await claim(req, state, shapeOf(req, body));
  if (outcome.kind === 'replay') throw new IdempotentReplay(outcome.answer);
}

/**
 * Idempotency-Key on every POST route of `api` (issue 15): a repeated submission gets the first one's
 * answer instead of creating a second record. Requests without the header are untouched. Must be
 * registered before any onSend hook that turns the answer into a stream (compression).
 */
export function registerIdempotency(api: FastifyInstance) {
  api.decorateRequest('idempotency', null);
  api.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (!methods.includes('POST') || route.config?.idempotent === false) return;
    route.preHandler = [...[route.preHandler ?? []].flat(), checkKey];
  });
  // Before the answer leaves: a success is stored (so a retry after it always replays), a failure
  // releases the key. A stored answer is a serialized JSON text; anything else is not replayable.
  api.addHook('onSend', async (req, reply, payload) => {
    const state = req.idempotency;
    if (state?.state !== 'owned') return payload;
    state.state = 'done';
    const { db, clock } = req.server.deps;
    // No body (204) replays as none; a stream (a download) cannot be stored, so its key is released.
    const text =
      payload === null || payload === undefined
        ? ''
        : typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString()
            : null;
    try {
      if (reply.statusCode < 400 && text !== null) {
        const contentType = reply.getHeader('content-type');
        await storeAnswer(db, clock, state, {
          statusCode: reply.statusCode,
          contentType: typeof contentType === 'string' ? contentType : null,
          body: text,
        });
      } else {
        await releaseKey(db, state);
      }
    } catch (error) {
      // The record itself is written; a key left running is taken over after staleMs.
      req.log.error({ err: error }, 'idempotency key not recorded');
    }
    return payload;
  });
}
