import { findIllFormedText, primitiveMessages } from '@bjp/domain';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The zod validator of fastify-type-provider-zod, preceded by one walk over the raw body, query or
 * params: a string with NUL or a lone surrogate is refused with a Spanish 400 before the route's own
 * schema runs, so no such text reaches a query even through a field typed loosely.
 */
export const wellFormedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = validatorCompiler(route);
  return (data: unknown) => {
    const path = findIllFormedText(data);
    if (!path) return validate(data);
    // The library's own error shape, so the error handler answers it like any validation error.
    const refuse = z.unknown().superRefine((_, ctx) => {
      ctx.addIssue({ code: 'custom', message: primitiveMessages.invalidText, path });
    });
    return validatorCompiler({ ...route, schema: refuse })(data);
  };
};
