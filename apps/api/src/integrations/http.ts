import { request } from 'undici';

/**
 * POSTs JSON with a per-attempt timeout; a non-2xx answer is an error naming the system. undici's
 * request rather than fetch: 'Nuevo Titular' calls SEGIP hundreds of times a second, and fetch's web
 * streams cost a tenth of the API's CPU. The timeout is a plain timer (undici's own timeouts tick
 * by the second).
 */
export async function postJson(
  system: string,
  url: string,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new Error(`${system} did not answer in ${timeoutMs} ms`)),
    timeoutMs,
  );
  try {
    const res = await request(`${url.replace(/\/$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal: abort.signal,
    });
    if (res.statusCode < 200 || res.statusCode > 299) {
      await res.body.dump();
      throw new Error(`${system} answered ${res.statusCode}`);
    }
    return await res.body.json();
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs a read-only call up to 1 + retries times; only safe for calls that change nothing on the
 * other side. After the last failure, `unavailable` wraps the error the caller sees.
 */
export async function withRetries<T>(
  retries: number,
  call: () => Promise<T>,
  unavailable: (cause: unknown) => Error,
) {
  let lastError: unknown;
  for (let i = 0; i <= retries; i++) {
    try {
      return await call();
    } catch (error) {
      lastError = error;
    }
  }
  throw unavailable(lastError);
}
