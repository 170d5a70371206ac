import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

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
    /** The roll's programme year (roll kinds only). */
    year: smallint('year'),
    /** The roll kinds' dry run runs as a job: its first row errors are kept here for the screen. */
    errorList: jsonb('error_list'),
    /**
     * The roll's epoch (roll_epoch) the dry run's differences (roll_changes) were computed at: the
     * confirmation reuses them only if the roll has not changed since (decision 038).
     */
    diffEpoch: bigint('diff_epoch', { mode: 'number' }),
  },
  (t) => [index('file_imports_created_idx').on(t.createdAt)],
);

/**
 * The students of a roll file being imported (docs/imports.md), one row per valid line, loaded by
 * the dry run and merged set-based by the confirmation; deleted when the import ends. Unlogged on
 * PostgreSQL: a crash loses only what the import can read again from its stored file. No index: its
 * questions are hash joins and aggregates over all the import's rows, and keeping a B-tree on the
 * RUDE while 2.3 million rows are loaded cost more than the rest of the load.
 */
export const rollStaging = pgTable('roll_staging', {
  importId: integer('import_id').notNull(),
  line: integer('line').notNull(),
  institutionId: integer('institution_id').notNull(),
  levelId: smallint('level_id').notNull(),
  gradeId: smallint('grade_id').notNull(),
  parallelId: smallint('parallel_id').notNull(),
  shiftId: smallint('shift_id').notNull(),
  rude: text('rude').notNull(),
  firstLastName: text('first_last_name').notNull(),
  secondLastName: text('second_last_name').notNull(),
  name: text('name').notNull(),
  gender: smallint('gender').notNull(),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
  documentNumber: text('document_number'),
  documentComplement: text('document_complement').notNull(),
});

/**
 * What a roll's dry run found not unchanged (docs/decisions/038): each new or changed staged row with
 * the student and inscription it matches, and each inscription the file leaves out (`rude` null).
 * The confirmation writes from these rows when `roll_epoch` has not moved since the dry run, instead
 * of joining the 2.3 million staged rows to the roll again. Unlogged, no index, as roll_staging.
 */
export const rollChanges = pgTable('roll_changes', {
  importId: integer('import_id').notNull(),
  line: integer('line'),
  institutionId: integer('institution_id'),
  levelId: smallint('level_id'),
  gradeId: smallint('grade_id'),
  parallelId: smallint('parallel_id'),
  shiftId: smallint('shift_id'),
  rude: text('rude'),
  firstLastName: text('first_last_name'),
  secondLastName: text('second_last_name'),
  name: text('name'),
  gender: smallint('gender'),
  birthDate: date('birth_date', { mode: 'string' }),
  documentNumber: text('document_number'),
  documentComplement: text('document_complement'),
  studentId: integer('student_id'),
  sameStudent: boolean('same_student'),
  inscriptionId: integer('inscription_id'),
});

/**
 * One row: a counter moved by every statement that writes what a roll is compared with (students'
 * data, inscriptions' student, course, school, year and withdrawal, courses), by statement-level
 * triggers (migration 0034). Equal at the dry run and at the confirmation: the roll is as the dry
 * run saw it.
 */
export const rollEpoch = pgTable('roll_epoch', {
  id: smallint('id').primaryKey(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
});
