import { RE2JS } from 're2js';

/** A user-authored pattern ready to run, or why it cannot be used. */
export type UserPattern = { ok: true; test: (value: string) => boolean } | { ok: false };

/**
 * RE2 writes a code point as \x{HHHH}; the builder's users write JavaScript's \uHHHH or \u{H…}. Only
 * an escape that is not itself escaped (an odd run of backslashes) is rewritten.
 */
function rewriteUnicodeEscapes(source: string): string {
  return source.replace(
    /(\\+)u(?:\{([0-9A-Fa-f]{1,6})\}|([0-9A-Fa-f]{4}))/g,
    (all, slashes, braced, plain) =>
      slashes.length % 2 === 1 ? `${slashes.slice(1)}\\x{${braced ?? plain}}` : all,
  );
}

const MAX_CACHED = 500;
const cache = new Map<string, UserPattern>();

/**
 * Compiles a pattern written in the form builder with RE2 semantics (re2js, pure JavaScript): matching
 * takes time linear in the input whatever the pattern, so public input cannot stall the server or the
 * page the way JavaScript's backtracking RegExp can (`^(a+)+$`). RE2 has no backreferences and no
 * lookarounds; such a pattern comes back `{ ok: false }` and is refused when the form is saved. Used
 * the same on the server and in the browser, so both accept exactly the same values. `test` searches
 * like RegExp.prototype.test: a pattern that must match the whole value says so with ^ and $.
 * Compiled patterns are kept (bounded): the public enrollment checks the same few on every request.
 */
export function compileUserPattern(source: string): UserPattern {
  const cached = cache.get(source);
  if (cached) return cached;
  let compiled: UserPattern;
  try {
    const re = RE2JS.compile(rewriteUnicodeEscapes(source));
    compiled = { ok: true, test: (value) => re.test(value) };
  } catch {
    compiled = { ok: false };
  }
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
  cache.set(source, compiled);
  return compiled;
}
