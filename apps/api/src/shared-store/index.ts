export { rateLimitStorage } from './rate-limit.js';
export {
  closeSharedRedis,
  openSharedRedis,
  RATE_LIMIT_NAMESPACE,
  type ReadinessCheck,
  redisReadinessCheck,
  reportOutages,
} from './redis.js';
