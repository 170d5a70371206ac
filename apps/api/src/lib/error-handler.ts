import { messages } from '@bjp/domain';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from './errors.js';

type ErrorBody = { code: string; message: string; details?: unknown };

/** Maps every failure to `{ code, message, details }` with a Spanish message users can read. */
export function errorHandler(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return reply
      .code(error.status)
      .send({ code: error.code, message: error.message, details: error.details } satisfies ErrorBody);
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => ({
      field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
      message: issue.message ?? messages.required,
    }));
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
    return reply
      .code(error.statusCode)
      .send({ code: 'bad_request', message: 'Solicitud no valida.' } satisfies ErrorBody);
  }
  req.log.error(error);
  return reply
    .code(500)
    .send({ code: 'internal', message: 'Error interno del servidor.' } satisfies ErrorBody);
}
