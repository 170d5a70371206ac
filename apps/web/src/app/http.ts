import { messages } from '@bjp/domain';

/** Every API path is relative to this base; Vite proxies it in development. */
export const API_BASE = '/api/v1';

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** An error answered by the API (`{ code, message, details }`) or a failed connection (status 0). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The Spanish text to show for any error thrown by a query or mutation. */
export function errorMessage(error: unknown, fallback: string = messages.serverFailure): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}

export function buildUrl(path: string, query?: QueryParams): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

type ErrorBody = { code?: unknown; message?: unknown; details?: unknown };

/** Turns a non-2xx response into an ApiError carrying the server's Spanish message. */
export async function readError(res: Response): Promise<ApiError> {
  let body: ErrorBody = {};
  try {
    body = (await res.json()) as ErrorBody;
  } catch {
    // Not JSON (a proxy error page, an empty body): fall back to a generic message below.
  }
  const code = typeof body.code === 'string' ? body.code : `http_${res.status}`;
  const message =
    typeof body.message === 'string' && body.message ? body.message : fallbackMessage(res.status);
  return new ApiError(res.status, code, message, body.details);
}

function fallbackMessage(status: number): string {
  if (status === 401) return messages.sessionExpired;
  if (status === 403) return messages.accessDenied;
  if (status === 404) return messages.notFound;
  if (status === 429) return messages.tooManyAttempts;
  return messages.serverFailure;
}

/** Reads a successful response: JSON when there is a body, undefined for 204. */
export async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** fetch that reports a lost connection as an ApiError with status 0. */
export async function safeFetch(input: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network', messages.serverFailure);
  }
}
