import pino, { type Logger } from 'pino';

/**
 * The log of what happens outside a request — jobs, the database pool, import phases — as JSON lines
 * on stdout, like the requests' (issue 35 §6: stdout carries only JSON). main.ts hands it the server's
 * own logger, so both share level and destination; before that (the start) and in tools it is a
 * logger of its own at LOG_LEVEL, and silent under the tests unless a test sets one to read it.
 */
let current: Pick<Logger, 'info' | 'warn' | 'error'> = pino({
  level: process.env.VITEST ? 'silent' : (process.env.LOG_LEVEL ?? 'info'),
});

export type OpsLogger = typeof current;

export const opsLog = (): OpsLogger => current;

export function useOpsLogger(logger: OpsLogger): void {
  current = logger;
}
