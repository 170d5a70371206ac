import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';

/**
 * The consolidation history (part 2 §3): one row per day's synchronisation with Síntesis, created
 * by step 1 and stamped by steps 2 and 3 with time and user. The calendar reads it. Checks keep the
 * steps in order whatever the code does.
 */
export const syncBatches = pgTable(
  'sync_batches',
  {
    id: serial('id').primaryKey(),
    day: date('day', { mode: 'string' }).notNull().unique(),
    periodFrom: timestamp('period_from', { withTimezone: true }).notNull(),
    periodTo: timestamp('period_to', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    isSend: boolean('is_send').notNull().default(false),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: integer('sent_by'),
    isSendChange: boolean('is_send_change').notNull().default(false),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    changedBy: integer('changed_by'),
    isSendCopy: boolean('is_send_copy').notNull().default(false),
    copiedAt: timestamp('copied_at', { withTimezone: true }),
    copiedBy: integer('copied_by'),
    itemCount: integer('item_count').notNull().default(0),
    copyCount: integer('copy_count').notNull().default(0),
    cut: text('cut'),
  },
  (t) => [
    check('sync_batches_change_after_send', sql`NOT ${t.isSendChange} OR ${t.isSend}`),
    check('sync_batches_copy_after_change', sql`NOT ${t.isSendCopy} OR ${t.isSendChange}`),
  ],
);

/**
 * 'Lista Paso 1': the changes step 1 gathered into a batch. kind + source_id name the row that
 * caused the change (a titular assignment, an inscription, a block), so gatherers that overlap do
 * not repeat a change.
 */
export const syncBatchItems = pgTable(
  'sync_batch_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => syncBatches.id),
    inscriptionId: integer('inscription_id').notNull(),
    studentId: integer('student_id').notNull(),
    kind: text('kind').notNull(),
    sourceId: bigint('source_id', { mode: 'number' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    // Who collects after the change (null when nobody does), as sent to Síntesis.
    titularCarnet: text('titular_carnet'),
    beneficiaryName: text('beneficiary_name').notNull().default(''),
  },
  (t) => [
    unique('sync_batch_items_source').on(t.batchId, t.kind, t.sourceId),
    index('sync_batch_items_student_idx').on(t.studentId),
  ],
);

/** 'Lista Paso 2' once step 3 ran: Síntesis' synchronised copy of each change it received. */
export const syncCopyItems = pgTable('sync_copy_items', {
  itemId: bigint('item_id', { mode: 'number' })
    .primaryKey()
    .references(() => syncBatchItems.id),
  batchId: integer('batch_id')
    .notNull()
    .references(() => syncBatches.id),
  cut: text('cut').notNull(),
  rude: text('rude').notNull(),
  beneficiaryName: text('beneficiary_name').notNull(),
  status: text('status').notNull(),
  observation: text('observation'),
});

/** Each 'Sincronizar Datos de Pago de Sintesis' run that completed, with its counts. */
export const paymentSyncRuns = pgTable('payment_sync_runs', {
  id: serial('id').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull(),
  userId: integer('user_id'),
  beneficiaries: integer('beneficiaries').notNull(),
  received: integer('received').notNull(),
  inserted: integer('inserted').notNull(),
  updated: integer('updated').notNull(),
});
