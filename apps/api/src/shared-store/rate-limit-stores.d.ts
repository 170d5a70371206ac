// @fastify/rate-limit ships its stores untyped; these are the constructors rate-limit.ts uses.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { RateLimitStore } from './rate-limit.js';

  const LocalStore: new (
    continueExceeding?: boolean,
    exponentialBackoff?: boolean,
    cache?: number,
  ) => RateLimitStore;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  import type { RateLimitStore } from './rate-limit.js';

  const RedisStore: new (
    continueExceeding: boolean | undefined,
    exponentialBackoff: boolean | undefined,
    redis: Redis,
    key?: string,
  ) => RateLimitStore;
  export default RedisStore;
}
