import type { Executor } from '../client.js';
import type { SeedPlan } from './plan.js';
import { insertColumns, insertJson, run } from './sql.js';

/**
 * Districts, institutions and courses come from the plan built in TypeScript. The plan's per-school
 * and per-course facts that student generation needs (sizes, offsets, consolidation, neighbour
 * school) also go to two temporary tables that the set-based student SQL reads.
 */
export async function loadStructure(tx: Executor, plan: SeedPlan, year: number): Promise<void> {
  await insertJson(
    tx,
    'districts',
    { id: 'int', department_id: 'smallint', name: 'text' },
    plan.districts.map((d) => ({ id: d.id, department_id: d.departmentId, name: d.name })),
  );
  await insertJson(
    tx,
    'institutions',
    {
      id: 'int',
      name: 'text',
      code_type: 'smallint',
      dependency: 'smallint',
      area: 'char(1)',
      subsystem: 'text',
      district_id: 'int',
      department_id: 'smallint',
      holders_consolidated_at: 'timestamptz',
    },
    plan.institutions.map((i) => ({
      id: i.id,
      name: i.name,
      code_type: i.codeType,
      dependency: i.dependency,
      area: i.area,
      subsystem: i.subsystem,
      district_id: i.districtId,
      department_id: i.departmentId,
      holders_consolidated_at: i.consolidatedAt,
    })),
  );

  await run(
    tx,
    `CREATE TEMP TABLE seed_institutions (id int PRIMARY KEY, seq int, code_type smallint,
      consolidated_at timestamptz, neighbour_id int, andean boolean)`,
  );
  const schools = plan.institutions;
  await insertColumns(tx, 'seed_institutions', [
    { name: 'id', type: 'int', values: schools.map((i) => i.id) },
    { name: 'seq', type: 'int', values: schools.map((i) => i.seq) },
    { name: 'code_type', type: 'smallint', values: schools.map((i) => i.codeType) },
    { name: 'neighbour_id', type: 'int', values: schools.map((i) => i.neighbourId) },
    { name: 'andean', type: 'boolean', values: schools.map((i) => i.andean) },
  ]);
  await run(
    tx,
    `UPDATE seed_institutions s SET consolidated_at = i.holders_consolidated_at FROM institutions i WHERE i.id = s.id`,
  );

  await run(
    tx,
    `CREATE TEMP TABLE seed_courses (id int PRIMARY KEY, institution_id int, level_id smallint, grade_id smallint,
      parallel_id smallint, shift_id smallint, grade_seq smallint, size int, first_student int, institution_first int,
      previous_first int, previous_size int, sibling_course boolean)`,
  );
  const courses = plan.courses;
  await insertColumns(tx, 'seed_courses', [
    { name: 'id', type: 'int', values: courses.map((c) => c.id) },
    { name: 'institution_id', type: 'int', values: courses.map((c) => c.institutionId) },
    { name: 'level_id', type: 'smallint', values: courses.map((c) => c.levelId) },
    { name: 'grade_id', type: 'smallint', values: courses.map((c) => c.gradeId) },
    { name: 'parallel_id', type: 'smallint', values: courses.map((c) => c.parallelId) },
    { name: 'shift_id', type: 'smallint', values: courses.map((c) => c.shiftId) },
    { name: 'grade_seq', type: 'smallint', values: courses.map((c) => c.gradeSeq) },
    { name: 'size', type: 'int', values: courses.map((c) => c.size) },
    { name: 'first_student', type: 'int', values: courses.map((c) => c.firstStudent) },
    { name: 'institution_first', type: 'int', values: courses.map((c) => c.institutionFirstStudent) },
    { name: 'previous_first', type: 'int', values: courses.map((c) => c.previousFirst) },
    { name: 'previous_size', type: 'int', values: courses.map((c) => c.previousSize) },
    { name: 'sibling_course', type: 'boolean', values: courses.map((c) => c.siblingCourse) },
  ]);
  await run(
    tx,
    `INSERT INTO courses (id, institution_id, year, level_id, grade_id, parallel_id, shift_id)
     SELECT id, institution_id, ${year}, level_id, grade_id, parallel_id, shift_id FROM seed_courses ORDER BY id`,
  );
}

export async function dropStructureScratch(tx: Executor): Promise<void> {
  await run(tx, 'DROP TABLE seed_courses, seed_institutions CASCADE');
}
