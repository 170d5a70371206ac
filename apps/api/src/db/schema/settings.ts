import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Programme settings: a single row (id = 1), editable by administrators. */
export const programmeSettings = pgTable(
  'programme_settings',
  {
    id: smallint('id').primaryKey().default(1),
    year: smallint('year').notNull(),
    amountPerStudent: integer('amount_per_student').notNull(),
    directorDeadline: date('director_deadline', { mode: 'string' }).notNull(),
    calendarStart: date('calendar_start', { mode: 'string' }).notNull(),
    registrationPeriodId: integer('registration_period_id').notNull(),
  },
  (t) => [check('programme_settings_single_row', sql`${t.id} = 1`)],
);

/**
 * Programme years (gestiones) that have been closed, with the settings they ran under, frozen when
 * the next year was opened. The open year is the one in programme_settings; every closed year's
 * amount, deadline and calendar are read from here, so nothing done in the new year changes them
 * (docs/decisions, 'Programme years').
 */
export const closedYears = pgTable('closed_years', {
  year: smallint('year').primaryKey(),
  amountPerStudent: integer('amount_per_student').notNull(),
  directorDeadline: date('director_deadline', { mode: 'string' }).notNull(),
  calendarStart: date('calendar_start', { mode: 'string' }).notNull(),
  registrationPeriodId: integer('registration_period_id').notNull(),
  closedAt: timestamp('closed_at', { withTimezone: true }).notNull().defaultNow(),
  /** Null for years closed by the seed or a migration rather than by a person. */
  closedBy: integer('closed_by').references(() => users.id),
});

/** Periods and stages ('Periodos y Etapas'); the holder-registration window is one of them. */
export const periods = pgTable('periods', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  phase: text('phase').notNull(),
  subsystems: text('subsystems').array().notNull(),
  startsOn: date('starts_on', { mode: 'string' }).notNull(),
  endsOn: date('ends_on', { mode: 'string' }).notNull(),
  departmental: boolean('departmental').notNull().default(false),
  district: boolean('district').notNull().default(false),
  institutional: boolean('institutional').notNull().default(false),
  active: boolean('active').notNull().default(true),
  state: text('state').notNull().default('VIGENTE'),
});
