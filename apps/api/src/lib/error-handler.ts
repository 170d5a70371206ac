import { fieldLabel, messages, spanishIssueMessage } from '@bjp/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { clientStatusFor, databaseUnavailable, dbFailure } from './db-error.js';
import { AppError, DiskFullError } from './errors.js';
import { IdempotentReplay, sendReplay } from './idempotency/index.js';

type ErrorBody = { code: string; message: string; details?: unknown };

const invalidValue = 'Uno de los valores enviados no es válido.';
const alreadyExists = 'El registro ya existe.';
/** While the database cannot be reached (restart, failover, outage): the request may be sent again. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'El servicio no está disponible por un momento; vuelva a intentarlo.';
/** Seconds a client is asked to wait: the pool reconnects on the next request once the server is back. */
const RETRY_AFTER_SECONDS = 5;

/** Fastify's own refusals (body parsing, content type, size), each with a Spanish message. */
const frameworkMessages: Record<number, string> = {
  400: 'Solicitud no válida.',
  404: messages.notFound,
  405: 'Método no permitido.',
  406: 'Formato de respuesta no disponible.',
  413: 'La solicitud es demasiado grande.',
  415: 'Tipo de contenido no admitido.',
};

const frameworkCodes: Record<number, string> = { 404: 'not_found', 413: 'payload_too_large' };

/** Route parameters and query keys that name a place: logged with refusals, never personal data. */
const placeKeys = ['sie', 'departmentId', 'districtId', 'level', 'institutionId', 'departmentCode'];

function requestedPlace(req: FastifyRequest): Record<string, unknown> {
  const place: Record<string, unknown> = {};
  for (const source of [req.query, req.params]) {
    if (!source || typeof source !== 'object') continue;
    for (const key of placeKeys) {
      const value = (source as Record<string, unknown>)[key];
      if (typeof value === 'string' || typeof value === 'number') place[key] = String(value).slice(0, 20);
    }
  }
  return place;
}

/** Who was refused what, where: for the security review of 401s and 403s. */
function logRefusal(req: FastifyRequest, error: AppError) {
  req.log.warn(
    {
      userId: req.user?.id ?? null,
      method: req.method,
      route: req.routeOptions.url ?? null,
      place: requestedPlace(req),
      code: error.code,
    },
    error.status === 401 ? 'request unauthenticated' : 'request forbidden',
  );
}

type ValidationIssue = { keyword: string; message?: string; params: Record<string, unknown> };

/**
 * A field's message as users read it: a schema's own message as written; zod's generic one (the same
 * for every field, e.g. 'Escriba como máximo 100 caracteres.') preceded by the field's Spanish name.
 */
function fieldMessage(field: string, issue: ValidationIssue): string {
  const message = issue.message ?? messages.required;
  const label = fieldLabel(field);
  if (!label) return message;
  const generic = spanishIssueMessage({ ...issue.params, code: issue.keyword } as Parameters<
    typeof spanishIssueMessage
  >[0]);
  return generic === message ? `${label}: ${message}` : message;
}

/** Maps every failure to `{ code, message, details }` with a Spanish message users can read. */
export function errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  // Not a failure: a repeated submission found late (multipart) gets the first one's answer.
  if (error instanceof IdempotentReplay) return sendReplay(reply, error.answer);
  if (error instanceof AppError) {
    if (error.status === 401 || error.status === 403) logRefusal(req, error);
    // The operator's side of a full disk: which file could not be written.
    if (error instanceof DiskFullError) {
      req.log.error(
        { method: req.method, route: req.routeOptions.url ?? null, path: error.path },
        'disk full',
      );
      reply.header('retry-after', '60');
    }
    // An outside system's outage: try again in a moment, as the Spanish message says.
    if (error.code === 'upstream_failure') reply.header('retry-after', '30');
    return reply
      .code(error.status)
      .send({ code: error.code, message: error.message, details: error.details } satisfies ErrorBody);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => {
      const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      return { field, message: fieldMessage(field, issue) };
    });
    return reply.code(400).send({
      code: 'bad_request',
      message: fields[0]?.message ?? messages.required,
      details: fields,
    } satisfies ErrorBody);
  }
  if (error.statusCode === 429) {
    return reply
      .code(429)
      .send({ code: 'too_many_requests', message: messages.tooManyAttempts } satisfies ErrorBody);
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return reply.code(error.statusCode).send({
      code: frameworkCodes[error.statusCode] ?? 'bad_request',
      message: frameworkMessages[error.statusCode] ?? frameworkMessages[400],
    } satisfies ErrorBody);
  }
  const where = { method: req.method, route: req.routeOptions.url ?? null };
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    req.log.warn({ ...where, cause: unavailable }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ code: 'unavailable', message: DATABASE_UNAVAILABLE_MESSAGE } satisfies ErrorBody);
  }
  const db = dbFailure(error);
  if (db) {
    // Never the error itself: its message and stack quote the query's parameters (personal data).
    const status = clientStatusFor(db.sqlstate);
    if (status) {
      req.log.warn({ ...where, db }, 'database refused a value');
      return reply.code(status).send({
        code: status === 409 ? 'conflict' : 'bad_request',
        message: status === 409 ? alreadyExists : invalidValue,
      } satisfies ErrorBody);
    }
    req.log.error({ ...where, db }, 'database failure');
  } else {
    req.log.error({ ...where, err: error }, 'request failed');
  }
  return reply
    .code(500)
    .send({ code: 'internal', message: 'Error interno del servidor.' } satisfies ErrorBody);
}
