export type AppErrorCode = 'bad_request' | 'unauthorized' | 'forbidden' | 'out_of_scope' | 'not_found' | 'conflict' | 'unprocessable' | 'payload_too_large' | 'too_many_requests' | 'upstream_failure' | 'disk_full';
/** The one error type services throw; the error handler maps it to HTTP. `message` is user-facing Spanish. */
export declare class AppError extends Error {
    readonly code: AppErrorCode;
    readonly details?: unknown | undefined;
    constructor(code: AppErrorCode, message: string, details?: unknown | undefined);
    get status(): number;
}
export declare const notFound: (message: string) => AppError;
export declare const conflict: (message: string, details?: unknown) => AppError;
export declare const badRequest: (message: string, details?: unknown) => AppError;
/**
 * The server's disk is full (ENOSPC): 503 in Spanish to the user; the error handler logs the path
 * for the operator (decision 051).
 */
export declare class DiskFullError extends AppError {
    readonly path: string;
    constructor(path: string);
}
export declare const isDiskFull: (error: unknown) => boolean;
