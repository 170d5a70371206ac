import type { AppInstance } from '../app-types.js';
import { registerHealth } from './health.js';
import { registerMetrics } from './metrics.js';

export type { ReadinessCheck } from './health.js';
export { watchDatabase } from './metrics.js';
export { pendingMigrations } from './migrations.js';
export { requestId } from './request-id.js';
export {
  fullDiskRefusal,
  refuseOnFullDisk,
  refuseOnProblems,
  StartupRefusal,
  startupProblems,
} from './startup.js';

const OPS_PATHS = /^\/(health\/|metrics(\?|$))/;

/**
 * Operations endpoints, outside /api/v1 (no session, not in the API map): /health/live,
 * /health/ready and /metrics. Every answer carries its request id; these ones are never cached.
 */
export function registerOps(app: AppInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    if (OPS_PATHS.test(req.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  registerHealth(app);
  registerMetrics(app);
}
