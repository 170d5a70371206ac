import { char, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

/**
 * stats_beneficiaries rolled up to department × dependency × area × level × grade (~700 rows
 * nationally instead of ~14,000): the national and department reports and their matrix read it.
 * Kept by statement-level triggers on stats_beneficiaries (migration 'reports'), so whatever rebuilds
 * the district summaries (refreshStatistics) updates it in the same transaction, without code
 * elsewhere having to know it exists.
 */
export const statsReportCells = pgTable(
  'stats_report_cells',
  {
    departmentId: smallint('department_id').notNull(),
    dependency: smallint('dependency').notNull(),
    area: char('area', { length: 1 }).notNull(),
    levelId: smallint('level_id').notNull(),
    gradeId: smallint('grade_id').notNull(),
    total: integer('total').notNull(),
    paid: integer('paid').notNull(),
  },
  (t) => [primaryKey({ columns: [t.departmentId, t.dependency, t.area, t.levelId, t.gradeId] })],
);

/**
 * Schools and consolidated schools per district, dependency and area: the reports' dependencies
 * table. Kept by statement-level triggers on institutions, so a consolidation (holders area) or a
 * new school counts at once.
 */
export const statsInstitutions = pgTable(
  'stats_institutions',
  {
    departmentId: smallint('department_id').notNull(),
    districtId: integer('district_id').notNull(),
    dependency: smallint('dependency').notNull(),
    area: char('area', { length: 1 }).notNull(),
    institutions: integer('institutions').notNull(),
    consolidated: integer('consolidated').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.districtId, t.dependency, t.area] }),
    index('stats_institutions_department_idx').on(t.departmentId),
  ],
);
