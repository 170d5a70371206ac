import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { persons } from './holders.js';
import { inscriptions, institutions } from './structure.js';

/**
 * A holder adjustment after consolidation (Ajuste Titulares): what changed for one student, with a
 * snapshot of the student and of the titular after the change, so the history list reads one table.
 * Once per student and year: the partial unique index admits one open adjustment per inscription;
 * 'Habilitar Modificación Estudiante' closes it (reenabled_at) so one more can be made.
 */
export const titularAdjustments = pgTable(
  'titular_adjustments',
  {
    id: serial('id').primaryKey(),
    inscriptionId: integer('inscription_id')
      .notNull()
      .references(() => inscriptions.id),
    year: smallint('year').notNull(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    districtId: integer('district_id').notNull(),
    departmentId: smallint('department_id').notNull(),
    kind: text('kind').notNull(),
    rude: text('rude').notNull(),
    studentName: text('student_name').notNull(),
    personId: integer('person_id').references(() => persons.id),
    titularCarnet: text('titular_carnet').notNull().default(''),
    titularName: text('titular_name').notNull().default(''),
    holderTypeId: smallint('holder_type_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
    reenabledAt: timestamp('reenabled_at', { withTimezone: true }),
    reenabledBy: integer('reenabled_by'),
  },
  (t) => [
    uniqueIndex('titular_adjustments_once').on(t.inscriptionId, t.year).where(sql`reenabled_at is null`),
    // The history is newest first: each index ends with (created_at, id), so a page is a top-N.
    index('titular_adjustments_created_idx').on(t.createdAt, t.id),
    index('titular_adjustments_institution_idx').on(t.institutionId, t.createdAt, t.id),
    index('titular_adjustments_department_idx').on(t.departmentId, t.createdAt, t.id),
    // Prefix searches (LIKE 'x%') by RUDE and titular CI use these whatever the database collation.
    index('titular_adjustments_rude_idx').on(t.rude.op('text_pattern_ops')),
    index('titular_adjustments_carnet_idx').on(t.titularCarnet.op('text_pattern_ops')),
  ],
);
