import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { inscriptions, institutions, students } from './structure.js';

/**
 * Temporary payment blocks ('Bloqueo Estudiantes'). Each row is one block and, once released, its
 * unblock: the table is the full history. At most one open block per inscription (partial unique
 * index); both observations are required by the screens and kept here.
 */
export const studentBlocks = pgTable(
  'student_blocks',
  {
    id: serial('id').primaryKey(),
    inscriptionId: integer('inscription_id')
      .notNull()
      .references(() => inscriptions.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    // The titular assignment and person at the time of the block (part 2 §3 'Blocked student').
    titularId: integer('titular_id'),
    personId: integer('person_id'),
    blockedAt: timestamp('blocked_at', { withTimezone: true }).notNull().defaultNow(),
    blockedBy: integer('blocked_by'),
    observation: text('observation').notNull(),
    unblockedAt: timestamp('unblocked_at', { withTimezone: true }),
    unblockedBy: integer('unblocked_by'),
    unblockObservation: text('unblock_observation'),
  },
  (t) => [
    uniqueIndex('student_blocks_one_open').on(t.inscriptionId).where(sql`unblocked_at is null`),
    index('student_blocks_student_idx').on(t.studentId),
    index('student_blocks_blocked_at_idx').on(t.blockedAt),
    index('student_blocks_unblocked_at_idx').on(t.unblockedAt),
    check(
      'student_blocks_unblock_complete',
      sql`(${t.unblockedAt} IS NULL) = (${t.unblockObservation} IS NULL)`,
    ),
  ],
);
