import { findIllFormedText, messages, primitiveMessages } from '@bjp/domain';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.js';

export type FieldError = { field: string; message: string };

/** A 400 in the same shape the error handler gives schema failures: the first message plus every field's. */
export function fieldErrors(details: FieldError[]): AppError {
  return new AppError('bad_request', details[0]?.message ?? messages.required, details);
}

/** Parses with a domain schema where a route cannot declare it (multipart bodies). */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  // What the API's validator does for declared schemas: no NUL or lone surrogate reaches a query.
  const illFormed = findIllFormedText(value);
  if (illFormed) throw fieldErrors([{ field: illFormed.join('.'), message: primitiveMessages.invalidText }]);
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw fieldErrors(result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
}
