import type {
  ApiCallArgs,
  ApiCallOptions,
  ApiResponse,
  CallSettings,
  HttpMethod,
  PathsWith,
} from './api-types';
import { ensureFreshToken, expireSession, refreshSession } from './auth/refresh';
import { getToken } from './auth/session';
import { ApiError, buildUrl, type QueryParams, readBody, readError, safeFetch } from './http';

export type { ApiBody, ApiQuery, ApiResponse } from './api-types';
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

/** '/users/{id}/roles' with { id: 7 } → '/users/7/roles'. */
export function fillPath(path: string, params?: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`Falta el parámetro ${name} de ${path}`);
    return encodeURIComponent(String(value));
  });
}

function call<M extends HttpMethod, P extends PathsWith<M>>(
  method: M,
  path: P,
  options: ApiCallOptions<P, M> | undefined,
): Promise<ApiResponse<P, M>> {
  const {
    path: params,
    query,
    body,
    ...settings
  } = (options ?? {}) as CallSettings & {
    path?: Record<string, string | number>;
    query?: QueryParams;
    body?: unknown;
  };
  return request<ApiResponse<P, M>>(method.toUpperCase() as Method, fillPath(path, params), {
    ...settings,
    query,
    body,
  });
}

/**
 * Typed by path from the API's OpenAPI document (api-types.ts): `api.get('/users/{id}/roles',
 * { path: { id } })` answers the route's declared 200 body; query and body are checked the same way.
 */
export const api = {
  get: <P extends PathsWith<'get'>>(path: P, ...[options]: ApiCallArgs<P, 'get'>) =>
    call('get', path, options),
  post: <P extends PathsWith<'post'>>(path: P, ...[options]: ApiCallArgs<P, 'post'>) =>
    call('post', path, options),
  put: <P extends PathsWith<'put'>>(path: P, ...[options]: ApiCallArgs<P, 'put'>) =>
    call('put', path, options),
  patch: <P extends PathsWith<'patch'>>(path: P, ...[options]: ApiCallArgs<P, 'patch'>) =>
    call('patch', path, options),
  delete: <P extends PathsWith<'delete'>>(path: P, ...[options]: ApiCallArgs<P, 'delete'>) =>
    call('delete', path, options),
};
