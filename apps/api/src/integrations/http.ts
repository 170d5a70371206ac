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

/** Where a verification service is and how patient to be with it. */
export type HttpVerifierOptions = {
  url: string;
  /** Per attempt (3 s by default). */
  timeoutMs?: number;
  /** Further attempts after a failed one (1 by default). */
  retries?: number;
};

/**
 * A read-only verification service over HTTP (SEGIP, SERECI): each question becomes the service's
 * request body, POSTed with a timeout per attempt and retried (a verification changes nothing on the
 * other side, so it is safe to repeat; a dropped connection or a slow answer is common); the JSON
 * answer is parsed into a verdict, and after the last failure `unavailable` wraps the error.
 */
export function httpVerifier<Query, Verdict>(
  options: HttpVerifierOptions,
  service: {
    system: string;
    path: string;
    body: (query: Query) => unknown;
    verdict: (answer: unknown) => Verdict;
    unavailable: (cause: unknown) => Error;
  },
): { verify(query: Query): Promise<Verdict> } {
  const timeoutMs = options.timeoutMs ?? 3_000;
  const retries = options.retries ?? 1;
  const attempt = async (body: unknown) =>
    service.verdict(await postJson(service.system, options.url, service.path, body, timeoutMs));
  return {
    async verify(query) {
      const body = service.body(query);
      return withRetries(retries, () => attempt(body), service.unavailable);
    },
  };
}
