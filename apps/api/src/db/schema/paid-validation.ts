import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { persons } from './holders.js';
import { inscriptions, institutions } from './structure.js';

/**
 * The school's declaration, student by student, of whether the bonus a teacher or director collected
 * as titular reached the student (part 2 §2.5). One row per inscription, changed by re-registering
 * until the school's operation is consolidated; every change leaves an audit row with before/after,
 * which is the history. person_id is the titular who collected when the school validated.
 */
export const paidValidations = pgTable(
  'paid_validations',
  {
    inscriptionId: integer('inscription_id')
      .primaryKey()
      .references(() => inscriptions.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    isPaid: boolean('is_paid').notNull(),
    observation: text('observation'),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull(),
    validatedBy: integer('validated_by').notNull(),
  },
  (t) => [
    index('paid_validations_institution_idx').on(t.institutionId),
    // Part 2 §5: NO PAGADO needs an observation; PAGADO clears it.
    check(
      'paid_validation_observation_rule',
      sql`(${t.isPaid} AND ${t.observation} IS NULL) OR (NOT ${t.isPaid} AND length(btrim(${t.observation})) > 0)`,
    ),
  ],
);

/**
 * 'Consolidar Operativo de Validación': closes a school's paid validation. At most one open
 * (reopened_at null) consolidation per school and year (partial unique index); an administrator's enabling
 * reopens it (reopened_*), and consolidating again adds a new row. The totals and the amount per
 * student are kept as they were when the school declared, so a later change of the programme's amount
 * does not change a sworn declaration. A trigger (migration) refuses deletes and any change other
 * than reopening once, and refuses validation writes while the school is consolidated.
 */
export const paidValidationConsolidations = pgTable(
  'paid_validation_consolidations',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    /** The programme year the school declared (migration 0031): one open consolidation per school and year. */
    year: smallint('year').notNull(),
    consolidatedAt: timestamp('consolidated_at', { withTimezone: true }).notNull(),
    consolidatedBy: integer('consolidated_by').notNull(),
    students: integer('students').notNull(),
    delivered: integer('delivered').notNull(),
    undelivered: integer('undelivered').notNull(),
    amountPerStudent: integer('amount_per_student').notNull(),
    reopenedAt: timestamp('reopened_at', { withTimezone: true }),
    reopenedBy: integer('reopened_by'),
  },
  (t) => [
    uniqueIndex('paid_consolidation_one_open').on(t.institutionId, t.year).where(sql`reopened_at is null`),
    check('paid_consolidation_counts', sql`${t.delivered} + ${t.undelivered} = ${t.students}`),
  ],
);

/**
 * Administrators reopening a consolidated school, with the reason: kind 1 paid validation
 * ('Habilitación UE/CEE'), kind 2 holder registration ('Habilitar SIE'). Append-only.
 */
export const institutionEnablings = pgTable(
  'institution_enablings',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    kind: smallint('kind').notNull(),
    reason: text('reason').notNull(),
    previousConsolidatedAt: timestamp('previous_consolidated_at', { withTimezone: true }).notNull(),
    paidConsolidationId: integer('paid_consolidation_id').references(() => paidValidationConsolidations.id),
    enabledAt: timestamp('enabled_at', { withTimezone: true }).notNull(),
    enabledBy: integer('enabled_by').notNull(),
  },
  (t) => [
    index('institution_enablings_institution_idx').on(t.institutionId),
    index('institution_enablings_enabled_at_idx').on(t.enabledAt),
    check('institution_enabling_kind', sql`${t.kind} IN (1, 2)`),
    check('institution_enabling_reason', sql`length(btrim(${t.reason})) >= 10`),
  ],
);
