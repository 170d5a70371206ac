import { z } from 'zod';
import '../zod-locale.js';
import { messages } from './messages.js';

/**
 * The building blocks every request schema uses, so that a value the database cannot hold (an id
 * past PostgreSQL's `integer`, 30 February, a NUL byte) is refused with a Spanish 400 here instead
 * of failing as a 500 inside a query.
 */

/** PostgreSQL's `integer` ends here; every id column is one. */
export const MAX_DB_INT = 2_147_483_647;

export const primitiveMessages = {
  invalidId: 'Identificador inválido.',
  invalidText: 'El texto contiene caracteres no válidos.',
  invalidDate: 'Fecha no válida (aaaa-mm-dd).',
  invalidNumber: 'Número no válido.',
  tooLong: (max: number) => `El texto no puede tener más de ${max} caracteres.`,
} as const;

/**
 * NUL cannot be stored in a PostgreSQL text column and a lone UTF-16 surrogate cannot be encoded
 * as UTF-8: both make the driver fail, so they are refused as input.
 */
export function isWellFormedText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** An id in a JSON body: a whole number within the database's `integer`. */
export const idSchema = z
  .number({ error: primitiveMessages.invalidId })
  .int({ error: primitiveMessages.invalidId })
  .min(1, { error: primitiveMessages.invalidId })
  .max(MAX_DB_INT, { error: primitiveMessages.invalidId });

/** An id in a path or query string ('42'), coerced to a number within the database's `integer`. */
export const idParam = z.coerce
  .number({ error: primitiveMessages.invalidId })
  .int({ error: primitiveMessages.invalidId })
  .min(1, { error: primitiveMessages.invalidId })
  .max(MAX_DB_INT, { error: primitiveMessages.invalidId });

/** A whole number from a path or query string within [min, max] (codes, grades, types). */
export const intParam = (min: number, max: number, message: string = primitiveMessages.invalidNumber) =>
  z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** A whole number in a JSON body within [min, max]. */
export const intSchema = (min: number, max: number, message: string = primitiveMessages.invalidNumber) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });

/** `?page=`: from 1, default 1, never past the database's integer. */
export const pageParam = intParam(1, MAX_DB_INT, 'Página no válida.').default(1);

/**
 * A real calendar day written yyyy-mm-dd: zod's ISO date knows month lengths and leap years, so
 * '2026-02-30' and '2026-13-45' are refused (a plain regex lets them through to the database).
 */
export const calendarDate = (message: string = primitiveMessages.invalidDate) =>
  z.iso.date({ error: message }).refine((v) => !v.startsWith('0000'), { error: message });

type TextOptions = { max: number; min?: number; message?: string; trim?: boolean };

/**
 * Free text: trimmed (unless `trim: false`, e.g. passwords), without NUL or lone surrogates, at
 * most `max` characters. `min` (default 0) with `message` for the empty case.
 */
export const text = ({ max, min = 0, message = messages.required, trim = true }: TextOptions) => {
  const base = z.string({ error: message });
  return (trim ? base.trim() : base)
    .refine(isWellFormedText, { error: primitiveMessages.invalidText, abort: true })
    .min(min, { error: message })
    .max(max, { error: primitiveMessages.tooLong(max) });
};

/** Text that may not be empty after trimming. */
export const requiredText = (options: Omit<TextOptions, 'min'>) => text({ ...options, min: 1 });

/** A SIE (school code) in a path or query string. */
export const sieParam = intParam(1, MAX_DB_INT, messages.enterValidCode);

/** How deep a request's JSON may nest: far beyond any form of the console, far below the stack. */
export const MAX_JSON_DEPTH = 64;

/**
 * Every string anywhere inside a request (body, query, params): the path of the first that is not
 * well-formed, or null. The API runs it before any schema so no text reaches a query with NUL or a
 * lone surrogate, whatever the route's schema says.
 */
export function findIllFormedText(
  value: unknown,
  path: Array<string | number> = [],
): Array<string | number> | null {
  // Never deeper than a request may nest (the API refuses deeper bodies before parsing them), so a
  // value built some other way cannot exhaust the stack here either.
  if (path.length > MAX_JSON_DEPTH) return path;
  if (typeof value === 'string') return isWellFormedText(value) ? null : path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findIllFormedText(value[i], [...path, i]);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (!isWellFormedText(key)) return [...path, key];
      const found = findIllFormedText(item, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}
