import { sql } from 'drizzle-orm';
import { boolean, check, date, integer, pgTable, serial, smallint, text } from 'drizzle-orm/pg-core';

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
