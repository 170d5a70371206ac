import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const departments = pgTable('departments', {
  id: smallint('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const districts = pgTable(
  'districts',
  {
    id: integer('id').primaryKey(),
    departmentId: smallint('department_id')
      .notNull()
      .references(() => departments.id),
    name: text('name').notNull(),
  },
  (t) => [index('districts_department_idx').on(t.departmentId)],
);

/** A school (UE, code_type 1) or special-education centre (CEE, code_type 4); id is the SIE code. */
export const institutions = pgTable(
  'institutions',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    codeType: smallint('code_type').notNull(),
    dependency: smallint('dependency').notNull(),
    area: char('area', { length: 1 }).notNull(),
    subsystem: text('subsystem').notNull(),
    districtId: integer('district_id')
      .notNull()
      .references(() => districts.id),
    // Denormalised from the district so that scope checks and department lists need no join.
    departmentId: smallint('department_id')
      .notNull()
      .references(() => departments.id),
    holdersConsolidatedAt: timestamp('holders_consolidated_at', { withTimezone: true }),
    holdersConsolidatedBy: integer('holders_consolidated_by'),
  },
  // In the tracking lists' order (district, name, id), so a page is read from the index, not sorted.
  (t) => [
    index('institutions_district_name_idx').on(t.districtId, t.name, t.id),
    index('institutions_department_district_name_idx').on(t.departmentId, t.districtId, t.name, t.id),
  ],
);

export const levels = pgTable('levels', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const grades = pgTable('grades', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const parallels = pgTable('parallels', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const shifts = pgTable('shifts', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull(),
});

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    year: smallint('year').notNull(),
    levelId: smallint('level_id')
      .notNull()
      .references(() => levels.id),
    gradeId: smallint('grade_id')
      .notNull()
      .references(() => grades.id),
    parallelId: smallint('parallel_id')
      .notNull()
      .references(() => parallels.id),
    shiftId: smallint('shift_id')
      .notNull()
      .references(() => shifts.id),
  },
  (t) => [
    uniqueIndex('courses_unique').on(t.institutionId, t.year, t.levelId, t.gradeId, t.parallelId, t.shiftId),
  ],
);

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    rude: text('rude').notNull().unique(),
    firstLastName: text('first_last_name').notNull().default(''),
    secondLastName: text('second_last_name').notNull().default(''),
    name: text('name').notNull(),
    gender: smallint('gender').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    documentNumber: text('document_number'),
    documentComplement: text('document_complement').notNull().default(''),
    // 1 when SEGIP confirmed the identity document; other values mean not validated.
    segipId: smallint('segip_id').notNull().default(0),
    emparejaSereci: boolean('empareja_sereci').notNull().default(false),
  },
  (t) => [index('students_document_idx').on(t.documentNumber)],
);

/** A student's enrolment in a course for one programme year; the unit a titular is assigned to. */
export const inscriptions = pgTable(
  'inscriptions',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id),
    institutionId: integer('institution_id')
      .notNull()
      .references(() => institutions.id),
    year: smallint('year').notNull(),
    // Set when the student is removed as a beneficiary (baja); irreversible.
    removedAt: timestamp('removed_at', { withTimezone: true }),
    // Set when a roll import of this year no longer lists the student (docs/imports.md): the
    // inscription and everything hanging from it stay, listed for review; a later roll that lists
    // the student again clears it.
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawnImportId: integer('withdrawn_import_id'),
  },
  (t) => [
    uniqueIndex('inscriptions_student_year').on(t.studentId, t.year),
    index('inscriptions_course_idx').on(t.courseId),
    index('inscriptions_institution_idx').on(t.institutionId),
    // 'Estudiantes retirados' lists the few withdrawn among 2.3 million without reading the rest.
    index('inscriptions_withdrawn_idx').on(t.year, t.withdrawnAt).where(sql`withdrawn_at IS NOT NULL`),
  ],
);

export const activeInscription = sql`removed_at is null`;
