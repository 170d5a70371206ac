import { ensureFreshToken, expireSession, refreshSession } from './auth/refresh';
import { getToken } from './auth/session';
import { ApiError, buildUrl, type QueryParams, readBody, readError, safeFetch } from './http';

export { ApiError, errorMessage, isApiError } from './http';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  query?: QueryParams;
  body?: unknown;
  signal?: AbortSignal;
  /** false for calls made without a session (login, public pages). */
  auth?: boolean;
  /** One per form submission (app/submission.ts): the API answers a repeat with the first answer. */
  idempotencyKey?: string;
};

function send(method: Method, path: string, options: RequestOptions, auth: boolean): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return safeFetch(buildUrl(path, options.query), {
    method,
    headers,
    body,
    credentials: 'include',
    signal: options.signal,
  });
}

/**
 * The one way the web talks to the API. The token is renewed only when it is about to expire
 * (the original refreshed before every request) and, on a 401, renewed once and the call retried.
 */
export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const auth = options.auth ?? true;
  if (auth) await ensureFreshToken();
  let res = await send(method, path, options, auth);
  if (res.status === 401 && auth) {
    if (!(await refreshSession())) throw new ApiError(401, 'unauthorized', (await readError(res)).message);
    res = await send(method, path, options, auth);
    if (res.status === 401) {
      const error = await readError(res);
      expireSession();
      throw error;
    }
  }
  if (!res.ok) throw await readError(res);
  return readBody<T>(res);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
