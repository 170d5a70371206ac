import { MAX_JSON_DEPTH, messages } from '@bjp/domain';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/**
 * Whether JSON text nests deeper than `max`, found in one pass without recursion (brackets inside
 * strings do not count). Run before JSON.parse and anything that walks the result recursively: a
 * body of 20,000 nested objects exhausted the stack of the well-formed-text walk (issue 34 §4).
 */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

export const tooDeep = () => new AppError('bad_request', messages.tooDeep);

/**
 * Fastify's own JSON parser (prototype-poisoning protection included), preceded by the depth check,
 * for every JSON body.
 */
export function boundJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeep(text)) return done(tooDeep(), undefined);
    return parse(req, text, done);
  });
}
