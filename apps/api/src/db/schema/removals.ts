import { index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inscriptions, institutions } from './structure.js';

/**
 * A beneficiary removal (baja), the record behind inscriptions.removed_at: who removed whom, from
 * which screen, with a snapshot for 'Historial Baja Beneficiarios'. One per inscription: a removal
 * is irreversible.
 */
export const beneficiaryRemovals = pgTable(
  'beneficiary_removals',
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
    source: text('source').notNull(),
    rude: text('rude').notNull(),
    studentName: text('student_name').notNull(),
    titularCarnet: text('titular_carnet'),
    titularName: text('titular_name'),
    /** Why the beneficiary was removed (issue 16); null for removals from an adjustment or before it. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by'),
  },
  (t) => [
    uniqueIndex('beneficiary_removals_inscription').on(t.inscriptionId),
    index('beneficiary_removals_department_idx').on(t.departmentId, t.createdAt),
    index('beneficiary_removals_institution_idx').on(t.institutionId, t.createdAt),
  ],
);
