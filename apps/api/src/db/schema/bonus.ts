import type { BonusState } from '@bjp/domain';
import { boolean, date, integer, pgView, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The reconciled state of each inscription's bonus (migration 0016, view `student_bonus`): the one
 * definition every figure and label reads, mirroring bonusState() in the domain package. One row per
 * inscription, every year; filter by year and removal as the caller needs.
 */
export const studentBonus = pgView('student_bonus', {
  inscriptionId: integer('inscription_id').notNull(),
  institutionId: integer('institution_id').notNull(),
  courseId: integer('course_id').notNull(),
  studentId: integer('student_id').notNull(),
  year: integer('year').notNull(),
  removed: boolean('removed').notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
  bankPaid: boolean('bank_paid').notNull(),
  paidOn: date('paid_on', { mode: 'string' }),
  hasTitular: boolean('has_titular').notNull(),
  staffTitular: boolean('staff_titular').notNull(),
  blocked: boolean('blocked').notNull(),
  schoolDeclared: boolean('school_declared').notNull(),
  declaredDelivered: boolean('declared_delivered'),
  declaredAmount: integer('declared_amount'),
  state: text('state').$type<BonusState>().notNull(),
  countsAsPaid: boolean('counts_as_paid').notNull(),
}).existing();
