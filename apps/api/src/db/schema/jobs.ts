import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Long work run as a job (src/jobs): one row per job, whichever runner carries it (pg-boss on
 * PostgreSQL, in-process on PGlite). The worker writes progress here as batches complete, so any
 * instance can show it; the job's own transaction stamps state 'done' with its result, so a retry
 * after a crash finds the work committed and does nothing twice. At most one unfinished job per
 * singleton key (two clicks or two instances never start two runs).
 */
export const jobProgress = pgTable(
  'job_progress',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind').notNull(),
    singletonKey: text('singleton_key'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    done: integer('done').notNull().default(0),
    total: integer('total').notNull().default(0),
    message: text('message').notNull().default(''),
    result: jsonb('result'),
    error: text('error'),
    userId: integer('user_id'),
    attempts: integer('attempts').notNull().default(0),
    /** host:pid of the process running the latest attempt (which instance to look at, or kill in a test). */
    worker: text('worker'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('job_progress_one_unfinished')
      .on(t.singletonKey)
      .where(sql`${t.state} IN ('queued', 'running')`),
    index('job_progress_kind_created').on(t.kind, t.createdAt),
  ],
);
