import type { AppInstance } from './app-types.js';

export type ShutdownParts = {
  app: Pick<AppInstance, 'close' | 'log' | 'server'>;
  /** Queries still running or waiting for a connection (work a client stopped waiting for included). */
  busyQueries(): number;
  /** Closed in this order once no request and no query is left: outside systems, then the database. */
  closers: Array<() => Promise<void>>;
  /** How long requests in flight get to finish. */
  graceMs?: number;
  exit?: (code: number) => void;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the server the way an orchestrator expects on SIGTERM (and a terminal on Ctrl-C): no new
 * connection is accepted, the requests in flight finish (up to the grace period), and only then do
 * the outside systems and the database pool close. Closing the pool first answered the requests in
 * flight with 'Cannot use a pool after calling end on the pool'. A second signal (npm and tsx pass
 * Ctrl-C on to the server as well) changes nothing.
 */
export function closeOnSignals(parts: ShutdownParts): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    void shutDown(parts, signal);
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

export async function shutDown(parts: ShutdownParts, reason: string): Promise<void> {
  const { app, graceMs = 10_000, exit = (code) => process.exit(code) } = parts;
  const deadline = Date.now() + graceMs;
  app.log.info({ reason, graceMs }, 'shutting down: no new connections, finishing requests in flight');
  // Fastify 5 closes idle keep-alive connections, answers 503 to new requests on busy ones and waits
  // for the requests in flight; past the grace period their connections are cut.
  // A connection whose request finishes during the wait would stay open until the client's
  // keep-alive ends (seconds): close each one as soon as it goes idle.
  const sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
  const timer = setTimeout(() => {
    app.log.warn('requests still in flight after the grace period: closing their connections');
    app.server.closeAllConnections();
  }, graceMs);
  try {
    await app.close();
    clearInterval(sweeper);
    // A request whose client went away may still be writing (a spreadsheet stream, say): let the
    // database work that is already running end before the pool does. Idle twice in a row, because a
    // handler between two queries holds no connection for a moment.
    let idleChecks = 0;
    while (idleChecks < 2 && Date.now() < deadline) {
      idleChecks = parts.busyQueries() === 0 ? idleChecks + 1 : 0;
      await pause(25);
    }
    clearTimeout(timer);
    for (const close of parts.closers) await close();
    app.log.info('shut down');
    exit(0);
  } catch (error) {
    clearInterval(sweeper);
    clearTimeout(timer);
    app.log.error({ err: error }, 'shutdown failed');
    exit(1);
  }
}
