import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { periods } from './settings.js';
import { inscriptions, institutions } from './structure.js';
import { users } from './users.js';

/**
 * A place's name as compared for duplicates: trimmed, spaces collapsed, accents and case folded.
 * translate() rather than the unaccent extension, which PGlite and a plain server may lack.
 */
export const normalizedPlaceName = (column: AnyPgColumn | SQL) =>
  sql`lower(translate(regexp_replace(btrim(${column}), '[[:space:]]+', ' ', 'g'), 'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑáàäâéèëêíìïîóòöôúùüûñ', 'AAAAEEEEIIIIOOOOUUUUNaaaaeeeeiiiioooouuuun'))`;

/**
 * Places ('ambientes') where events happen; only active ones are offered. Two ACTIVE places may not
 * share a normalized name and reference (the unique index decides between concurrent creates).
 */
export const places = pgTable(
  'places',
  {
    id: serial('id').primaryKey(),
    description: text('description').notNull(),
    capacity: integer('capacity').notNull(),
    // The original entered the reference as a date; kept as the day the place was registered for.
    reference: date('reference', { mode: 'string' }).notNull(),
    state: boolean('state').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('places_active_name_reference')
      .on(normalizedPlaceName(t.description), t.reference)
      .where(sql`${t.state}`),
  ],
);

/**
 * A form name as compared for uniqueness: accents folded (ñ too), lower case, spaces collapsed.
 * Written with translate() so that it is immutable (a generated column) and the same whatever the
 * server's locale. The services compare a submitted name with the same expression.
 */
export const formNameKey = (value: SQL) => sql`lower(btrim(regexp_replace(translate(${value},
  'ÁÀÄÂÉÈËÊÍÌÏÎÓÒÖÔÚÙÜÛÑáàäâéèëêíìïîóòöôúùüûñ', 'aaaaeeeeiiiioooouuuunaaaaeeeeiiiioooouuuun'), '\\s+', ' ', 'g')))`;

/**
 * Enrollment forms made with the builder. The definitions live in enrollment_form_versions; the row
 * holds the latest version's name and description (the list, and the uniqueness of active names)
 * and `version`, the latest version's number, which every edit raises by one.
 */
export const enrollmentForms = pgTable(
  'enrollment_forms',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    version: integer('version').notNull().default(1),
    nameKey: text('name_key').generatedAlwaysAs(formNameKey(sql.raw('name'))),
    state: boolean('state').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Two active forms with one name were both offered under it for new events.
  (t) => [uniqueIndex('enrollment_forms_active_name').on(t.nameKey).where(sql`${t.state}`)],
);

/**
 * Every saved state of a form, never changed once written: an event keeps the version it was created
 * with, so its public page, its answers' check and its participants' labels do not move under it.
 * `definition` is validated by packages/domain formDefinition.
 */
export const enrollmentFormVersions = pgTable(
  'enrollment_form_versions',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => enrollmentForms.id),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    definition: jsonb('definition').notNull(),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.formId, t.version] }),
    check('enrollment_form_versions_positive', sql`${t.version} >= 1`),
  ],
);

/**
 * Events. state 1 created → 2 active (sent to communication, inbox 1) → 3 concluded; 1 or 2 → 4
 * cancelled ('Desactivar': hidden from the public, no enrollments, no way back). The enrolled
 * count is read from event_enrollments; the maximum is held by event_seats.
 */
export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    detail: text('detail').notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    duration: integer('duration').notNull(),
    placeId: integer('place_id')
      .notNull()
      .references(() => places.id),
    kindEventId: integer('kind_event_id')
      .notNull()
      .references(() => periods.id),
    enrollmentFormId: integer('enrollment_form_id')
      .notNull()
      .references(() => enrollmentForms.id),
    // The version of the form the event was created with (the form's latest then); see eventFormDefinition.
    enrollmentFormVersion: integer('enrollment_form_version').notNull(),
    minimum: integer('minimum').notNull(),
    maximum: integer('maximum').notNull(),
    withLimitControl: boolean('with_limit_control').notNull().default(true),
    state: smallint('state').notNull().default(1),
    inbox: smallint('inbox').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentBy: integer('sent_by').references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    concludedBy: integer('concluded_by').references(() => users.id),
    concludedAt: timestamp('concluded_at', { withTimezone: true }),
  },
  (t) => [
    index('events_state_idx').on(t.state, t.id),
    foreignKey({
      name: 'events_enrollment_form_version_fk',
      columns: [t.enrollmentFormId, t.enrollmentFormVersion],
      foreignColumns: [enrollmentFormVersions.formId, enrollmentFormVersions.version],
    }),
    check('events_state_valid', sql`${t.state} in (1, 2, 3, 4)`),
    check('events_dates_ordered', sql`${t.endsOn} >= ${t.startsOn}`),
    check('events_limits_valid', sql`${t.minimum} >= 0 and ${t.maximum} >= ${t.minimum}`),
  ],
);

/**
 * The free places of an event with a maximum, split in up to 16 shards whose sum is the maximum. An
 * enrollment takes one place from any shard it can lock, so concurrent enrollments of one event commit
 * in parallel (one row lock each) instead of queueing on a single counter; the check constraint makes
 * a negative shard, hence over-enrollment, impossible.
 */
export const eventSeats = pgTable(
  'event_seats',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    shard: smallint('shard').notNull(),
    remaining: integer('remaining').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.shard] }),
    check('event_seats_remaining', sql`${t.remaining} >= 0`),
  ],
);

/**
 * The banner, poster and regulation of an event: stored under DATA_DIR/uploads/events/ with generated
 * names. An edit that sends a new file adds version n+1 and moves `current` to it; earlier versions
 * stay (and stay downloadable from the event's history). One current version per kind.
 */
export const eventFiles = pgTable(
  'event_files',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    kind: text('kind').notNull(),
    version: integer('version').notNull().default(1),
    current: boolean('current').notNull().default(true),
    createdBy: integer('created_by').references(() => users.id),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.kind, t.version] }),
    uniqueIndex('event_files_current').on(t.eventId, t.kind).where(sql`${t.current}`),
    check('event_files_kind', sql`${t.kind} in ('banner', 'poster', 'regulation')`),
  ],
);

/** Public enrollments: one per identity document (number + complement) per event. */
export const eventEnrollments = pgTable(
  'event_enrollments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id),
    document: text('document').notNull(),
    complement: text('complement').notNull().default(''),
    nationality: smallint('nationality').notNull(),
    firstLastName: text('first_last_name').notNull(),
    secondLastName: text('second_last_name').notNull(),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    job: text('job').notNull(),
    institution: text('institution').notNull(),
    position: text('position').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    department: text('department').notNull(),
    extra: jsonb('extra').notNull().default({}),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'Anular inscripción' (issue 15): the place goes back to the event and the document may enroll again. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelledBy: integer('cancelled_by').references(() => users.id),
    cancelReason: text('cancel_reason'),
    /**
     * Names and document, lower case and without accents, for the participants search (issue 15):
     * one column so the search is a single LIKE, kept by PostgreSQL itself. Accents are folded before
     * lower() because lower() under the C collation leaves non-ASCII letters as they are.
     */
    searchText: text('search_text').generatedAlwaysAs(
      sql`lower(translate(first_last_name || ' ' || second_last_name || ' ' || name || ' ' || document || ' ' || complement, 'ÁÉÍÓÚÜÑáéíóúüñ', 'AEIOUUNaeiouun'))`,
    ),
  },
  (t) => [
    // One ACTIVE enrollment per document and event: a cancelled one does not block enrolling again.
    uniqueIndex('event_enrollments_document')
      .on(t.eventId, t.document, t.complement)
      .where(sql`${t.cancelledAt} is null`),
    // The participants list and its export, newest first, paged by keyset (issue 15). NULLS FIRST is
    // what a plain ORDER BY ... DESC means (drizzle's default NULLS LAST could not give that order);
    // cancelled_at last lets the status filter and a deep OFFSET run on the index alone.
    index('event_enrollments_event_created_idx').on(
      t.eventId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.cancelledAt,
    ),
    // The active list (the default) on an index of its own entries only: a deep page skips fewer,
    // smaller entries, from whichever end is nearer (participant-service.ts).
    index('event_enrollments_active_idx')
      .on(t.eventId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.cancelledAt} is null`),
    // The search (LIKE '%…%' on search_text) and the institution filter (ILIKE '%…%'): trigrams
    // (pg_trgm) within one event (btree_gin puts event_id in the same GIN index). A term shorter than
    // three letters has no trigram: the planner then reads the event's rows as before.
    index('event_enrollments_search_trgm_idx').using('gin', t.eventId, t.searchText.op('gin_trgm_ops')),
    index('event_enrollments_institution_trgm_idx').using('gin', t.eventId, t.institution.op('gin_trgm_ops')),
    // The cancelled filter's page and count: cancellations are few, so a small index of their own.
    index('event_enrollments_cancelled_idx')
      .on(t.eventId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.cancelledAt} is not null`),
    // The department filter's page and count without reading the table (EXPLAIN in bench/participants.ts).
    index('event_enrollments_event_department_idx').on(
      t.eventId,
      t.department,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.cancelledAt,
    ),
  ],
);

/** Files a participant uploaded through an upload field of the event's form. */
export const enrollmentFiles = pgTable(
  'enrollment_files',
  {
    id: uuid('id').primaryKey(),
    enrollmentId: bigint('enrollment_id', { mode: 'number' })
      .notNull()
      .references(() => eventEnrollments.id),
    fieldName: text('field_name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    originalName: text('original_name').notNull(),
  },
  (t) => [index('enrollment_files_enrollment_idx').on(t.enrollmentId)],
);

/** A school's participant list for one stage (part 1 'Guardar' / 'Inscribir'); closing is irreversible. */
export const institutionEnrollments = pgTable(
  'institution_enrollments',
  {
    id: serial('id').primaryKey(),
    periodId: integer('period_id')
      .notNull()
      .references(() => periods.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    closedBy: integer('closed_by').references(() => users.id),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('institution_enrollments_unique').on(t.periodId, t.institutionId)],
);

export const institutionEnrollmentParticipants = pgTable(
  'institution_enrollment_participants',
  {
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => institutionEnrollments.id),
    inscriptionId: integer('inscription_id')
      .notNull()
      .references(() => inscriptions.id),
  },
  (t) => [primaryKey({ columns: [t.enrollmentId, t.inscriptionId] })],
);
