/** POSTs JSON with a per-attempt timeout; a non-2xx answer is an error naming the system. */
export async function postJson(
  system: string,
  url: string,
  path: string,
  body: unknown,
  timeoutMs: number,
): Promise<unknown> {
  const res = await fetch(`${url.replace(/\/$/, '')}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  if (!res.ok) throw new Error(`${system} answered ${res.status}`);
  return res.json();
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
