import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One row per Idempotency-Key a caller sent on a POST (lib/idempotency). `owner` is 'user:<id>' for a
 * logged-in user and 'public' for the public enrollment page. While the first request runs the row has
 * no status; once it answered 2xx/3xx it holds the answer, which a repeat of the same key gets back.
 * A failed request deletes its row; rows older than a day are deleted when new keys arrive.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    owner: text('owner').notNull(),
    key: uuid('key').notNull(),
    /** sha256 of method, route, parameters and body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] }), index('idempotency_keys_created').on(t.createdAt)],
);
