import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inscriptions, institutions } from './structure.js';

/** An adult who may collect the bonus; one row per identity document (carnet + complemento). */
export const persons = pgTable(
  'persons',
  {
    id: serial('id').primaryKey(),
    carnet: text('carnet').notNull(),
    complemento: text('complemento').notNull().default(''),
    firstLastName: text('first_last_name').notNull().default(''),
    secondLastName: text('second_last_name').notNull().default(''),
    name: text('name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    gender: smallint('gender').notNull(),
    foreign: boolean('foreign').notNull().default(false),
    segipVerifiedAt: timestamp('segip_verified_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('persons_document').on(t.carnet, t.complemento)],
);

export const relationships = pgTable('relationships', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const holderTypes = pgTable('holder_types', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

/**
 * The adults who may collect for a student (the titular modal's table): each a person with their
 * relationship to the student. One of them at most is the titular (titular_assignments). A removed
 * guardian keeps its row (removed_at) and is reactivated if added again, so past titular
 * assignments always point at an existing guardian; the audit log has every change.
 */
export const guardians = pgTable(
  'guardians',
  {
    id: serial('id').primaryKey(),
    inscriptionId: integer('inscription_id')
      .notNull()
      .references(() => inscriptions.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    relationshipId: smallint('relationship_id')
      .notNull()
      .references(() => relationships.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by'),
  },
  (t) => [
    unique('guardians_inscription_person').on(t.inscriptionId, t.personId),
    index('guardians_person_idx').on(t.personId),
  ],
);

/**
 * Who collects the bonus for an inscription. History is kept: a replaced titular gets removed_at;
 * at most one active row per inscription is enforced by a partial unique index, the titular must be
 * one of the student's guardians (composite foreign key), the holder type must follow the
 * relationship (check), and a trigger refuses deleting rows or rewriting whom they name.
 */
export const titularAssignments = pgTable(
  'titular_assignments',
  {
    id: serial('id').primaryKey(),
    inscriptionId: integer('inscription_id')
      .notNull()
      .references(() => inscriptions.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    relationshipId: smallint('relationship_id')
      .notNull()
      .references(() => relationships.id),
    holderTypeId: smallint('holder_type_id')
      .notNull()
      .references(() => holderTypes.id),
    // SIE of the institution where the titular was registered (may differ after a transfer).
    registeredInstitutionId: integer('registered_institution_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by'),
    // The school confirmed this titular in the titular validation list ('Validar Estudiantes').
    validatedAt: timestamp('validated_at', { withTimezone: true }),
    validatedBy: integer('validated_by'),
  },
  (t) => [
    uniqueIndex('titular_one_active_per_inscription').on(t.inscriptionId).where(sql`removed_at is null`),
    index('titular_person_idx').on(t.personId),
    // Every assignment of an inscription, removed ones included: 'Pagos observados' reads who was
    // titular on a payment's day for a place's payments (migration 0038).
    index('titular_inscription_idx').on(t.inscriptionId, t.createdAt),
    // Active teacher or director titulars: the candidates of 'Conciliación Banco – DDJJ' (migration 0016).
    index('titular_active_staff_idx')
      .on(t.inscriptionId)
      .where(sql`removed_at is null and holder_type_id in (2, 3)`),
    foreignKey({
      name: 'titular_assignments_guardian_fk',
      columns: [t.inscriptionId, t.personId],
      foreignColumns: [guardians.inscriptionId, guardians.personId],
    }),
    check(
      'titular_holder_type_follows_relationship',
      sql`${t.holderTypeId} = CASE ${t.relationshipId} WHEN 6 THEN 2 WHEN 7 THEN 3 ELSE 1 END`,
    ),
  ],
);

/**
 * 'Registrar' with no titular selected: the school declares the student has no titular and is not a
 * beneficiary. Reversible (removed_at) until the list is consolidated; consolidation turns the
 * active ones into beneficiary removals (inscriptions.removed_at) and stamps applied_at.
 */
export const beneficiaryExclusions = pgTable(
  'beneficiary_exclusions',
  {
    id: serial('id').primaryKey(),
    inscriptionId: integer('inscription_id')
      .notNull()
      .references(() => inscriptions.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('exclusion_one_active_per_inscription').on(t.inscriptionId).where(sql`removed_at is null`),
    index('exclusions_institution_idx').on(t.institutionId),
  ],
);

/**
 * Payment of the bonus for an inscription, as reported by the paying bank: since migration 0037 a view
 * of the current entry of paymentLedger (decision 047); a write to it appends to the ledger.
 */
export const payments = pgTable(
  'payments',
  {
    inscriptionId: integer('inscription_id')
      .primaryKey()
      .references(() => inscriptions.id),
    paid: boolean('paid').notNull().default(false),
    paidOn: date('paid_on', { mode: 'string' }),
    bank: text('bank'),
    mode: text('mode'),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('payments_paid_on_idx').on(t.paidOn)],
);

/**
 * Every payment record the bank reported (sync or import), append-only (decision 047): a correction
 * is a new entry superseding the previous one; the database refuses UPDATE, DELETE and TRUNCATE.
 */
export const paymentLedger = pgTable('payment_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  inscriptionId: integer('inscription_id')
    .notNull()
    .references(() => inscriptions.id),
  sourceKind: text('source_kind').notNull(),
  sourceId: integer('source_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  bank: text('bank'),
  paidOn: date('paid_on', { mode: 'string' }),
  mode: text('mode'),
  amountBob: integer('amount_bob'),
  bankStatus: text('bank_status').notNull().default('PAGADO'),
  rude: text('rude'),
  supersedesId: bigint('supersedes_id', { mode: 'number' }),
});
