import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * File imports (issue 18): one row per uploaded file, written by the dry run ('checked') and moved
 * through 'queued', 'running', 'done' or 'failed' by the confirmation job. The file itself is in the
 * stored-file mechanism (stored_file rows on PostgreSQL, DATA_DIR on PGlite) as chunks under
 * `file_key`; `sha256` is checked again before anything is written. The history screen lists them.
 */
export const fileImports = pgTable(
  'file_imports',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    fileName: text('file_name').notNull(),
    sha256: text('sha256').notNull(),
    size: integer('size').notNull(),
    /** 'csv' or 'xlsx', read from the first bytes; a CSV's 'utf-8' or 'latin1' (decided on upload). */
    format: text('format').notNull(),
    encoding: text('encoding').notNull(),
    fileKey: text('file_key').notNull(),
    chunks: integer('chunks').notNull(),
    errorsKey: text('errors_key'),
    userId: integer('user_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    state: text('state').notNull().default('checked'),
    counts: jsonb('counts').notNull(),
    result: jsonb('result'),
    jobId: text('job_id'),
    confirmedBy: integer('confirmed_by'),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('file_imports_created_idx').on(t.createdAt)],
);
