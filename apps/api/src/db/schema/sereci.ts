import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inscriptions, students } from './structure.js';

/**
 * Birth-certificate data captured with the student's RUDE record (oficialía, libro, partida, folio):
 * what 'Datos de Validación SERECI' is prefilled with. It may hold typos; SERECI decides.
 */
export const studentCertificates = pgTable('student_certificates', {
  studentId: integer('student_id')
    .primaryKey()
    .references(() => students.id),
  oficialia: text('oficialia').notNull(),
  libro: text('libro').notNull(),
  partida: text('partida').notNull(),
  folio: text('folio').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A birth-registry validation SERECI confirmed: the four certificate fields sent, who and when. At
 * most one per student (only pending students may be validated), enforced by the unique index so
 * that two racing validations cannot both succeed. validated_by is null for the initial load.
 */
export const sereciValidations = pgTable(
  'sereci_validations',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    inscriptionId: integer('inscription_id').references(() => inscriptions.id),
    oficialia: text('oficialia').notNull(),
    libro: text('libro').notNull(),
    partida: text('partida').notNull(),
    folio: text('folio').notNull(),
    validatedAt: timestamp('validated_at', { withTimezone: true }).notNull().defaultNow(),
    validatedBy: integer('validated_by'),
  },
  (t) => [
    uniqueIndex('sereci_validations_student').on(t.studentId),
    index('sereci_validations_validated_at_idx').on(t.validatedAt),
  ],
);
