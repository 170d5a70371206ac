import { char, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * Maintained summary of beneficiaries by district, dependency, area, level and grade. Reports and the
 * dashboard read these few thousand rows instead of grouping 2.3 million inscriptions per request.
 * Rebuilt by refreshStatistics() after any change to inscriptions, removals or payments.
 */
export const statsBeneficiaries = pgTable(
  'stats_beneficiaries',
  {
    departmentId: smallint('department_id').notNull(),
    districtId: integer('district_id').notNull(),
    dependency: smallint('dependency').notNull(),
    area: char('area', { length: 1 }).notNull(),
    levelId: smallint('level_id').notNull(),
    gradeId: smallint('grade_id').notNull(),
    total: integer('total').notNull(),
    paid: integer('paid').notNull(),
    male: integer('male').notNull(),
    female: integer('female').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.districtId, t.dependency, t.area, t.levelId, t.gradeId] }),
    index('stats_beneficiaries_department_idx').on(t.departmentId),
  ],
);

/** Paid students per department, district, level and payment day: the dashboard's date filter. */
export const statsPaymentsDaily = pgTable(
  'stats_payments_daily',
  {
    departmentId: smallint('department_id').notNull(),
    districtId: integer('district_id').notNull(),
    levelId: smallint('level_id').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    paid: integer('paid').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.districtId, t.levelId, t.paidOn] }),
    index('stats_payments_daily_day_idx').on(t.paidOn),
  ],
);

/**
 * stats_payments_daily rolled up to department × day (a few hundred rows): the dashboard's date
 * filter sums these instead of the ~26,000 district × level × day rows. Kept by statement-level
 * triggers on stats_payments_daily (migration 'dashboard_rollups'), like stats_report_cells.
 */
export const statsPaymentsDays = pgTable(
  'stats_payments_days',
  {
    departmentId: smallint('department_id').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    paid: integer('paid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.paidOn] })],
);
