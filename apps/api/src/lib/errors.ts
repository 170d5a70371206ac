export type AppErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'out_of_scope'
  | 'not_found'
  | 'conflict'
  | 'unprocessable'
  | 'payload_too_large'
  | 'too_many_requests'
  | 'upstream_failure'
  | 'disk_full';

const statusByCode: Record<AppErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  out_of_scope: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  payload_too_large: 413,
  too_many_requests: 429,
  // An outside system (SEGIP, SERECI, Síntesis) down, hanging or answering garbage: the service is
  // unavailable for that action for a moment, as when the database is (issue 34 §7: no 5xx but 503).
  upstream_failure: 503,
  disk_full: 503,
};

/** The one error type services throw; the error handler maps it to HTTP. `message` is user-facing Spanish. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusByCode[this.code];
  }
}

export const notFound = (message: string) => new AppError('not_found', message);
export const conflict = (message: string, details?: unknown) => new AppError('conflict', message, details);
export const badRequest = (message: string, details?: unknown) =>
  new AppError('bad_request', message, details);

/**
 * The server's disk is full (ENOSPC): 503 in Spanish to the user; the error handler logs the path
 * for the operator (decision 051).
 */
export class DiskFullError extends AppError {
  constructor(readonly path: string) {
    super('disk_full', 'No hay espacio en el disco del servidor.');
  }
}

export const isDiskFull = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'ENOSPC';
