import type { CoursePlan, InstitutionPlan } from './plan-types.js';
import type { Random } from './random.js';

type Derived =
  | 'size'
  | 'firstStudent'
  | 'institutionFirstStudent'
  | 'previousFirst'
  | 'previousSize'
  | 'siblingCourse';
type RawCourse = Omit<CoursePlan, Derived> & { rawSize: number };

/**
 * Courses of every school (level × grade × parallel) with a size each. Sizes are drawn first and
 * then scaled together so the scale's student total is met while small rural courses stay small.
 */
export function planCourses(
  institutions: InstitutionPlan[],
  targetStudents: number,
  random: Random,
): { courses: CoursePlan[]; studentCount: number } {
  const raw: RawCourse[] = [];
  for (const school of institutions) raw.push(...schoolCourses(school, random, raw.length));
  const rawTotal = raw.reduce((sum, c) => sum + c.rawSize, 0);
  const factor = targetStudents / rawTotal;

  const courses: CoursePlan[] = [];
  let offset = 0;
  let schoolStart = 0;
  let indexInSchool = 0;
  let previous: CoursePlan | null = null;
  for (const { rawSize, ...course } of raw) {
    const sameSchool = previous !== null && previous.institutionId === course.institutionId;
    indexInSchool = sameSchool ? indexInSchool + 1 : 0;
    if (!sameSchool) schoolStart = offset;
    const planned: CoursePlan = {
      ...course,
      size: Math.max(1, Math.round(rawSize * factor)),
      firstStudent: offset,
      institutionFirstStudent: schoolStart,
      previousFirst: previous && sameSchool ? previous.firstStudent : 0,
      previousSize: previous && sameSchool ? previous.size : 0,
      // Every second course of a school may share families with the course before it.
      siblingCourse: sameSchool && indexInSchool % 2 === 1,
    };
    courses.push(planned);
    previous = planned;
    offset += planned.size;
  }
  return { courses, studentCount: offset };
}

function schoolCourses(school: InstitutionPlan, random: Random, idBefore: number): RawCourse[] {
  const courses: RawCourse[] = [];
  const add = (levelId: number, gradeId: number, gradeSeq: number, parallelId: number, rawSize: number) =>
    courses.push({
      id: idBefore + courses.length + 1,
      institutionId: school.id,
      institutionSeq: school.seq,
      levelId,
      gradeId,
      parallelId,
      shiftId: school.shiftId,
      gradeSeq,
      rawSize,
    });

  if (school.levels === 'special') {
    // Special centres either group everyone in one course (grade 99) or follow grades 1–6 in small groups.
    if (random.chance(0.4)) {
      add(1, 99, 0, 1, random.int(8, 30));
    } else {
      const grades = random.int(1, 6);
      for (let g = 1; g <= grades; g++) add(1, g, 0, 1, random.int(3, 12));
    }
    return courses;
  }
  const rural = school.area === 'R';
  const levels: Array<[levelId: number, seqBase: number]> = [];
  if (school.levels !== 'secondary') levels.push([12, 0]);
  if (school.levels !== 'primary') levels.push([13, 6]);
  for (const [levelId, seqBase] of levels) {
    for (let grade = 1; grade <= 6; grade++) {
      // Secondary classes thin out towards the last year, more so in the countryside.
      const dropout = levelId === 13 ? 1 - (rural ? 0.05 : 0.025) * (grade - 1) : 1;
      const parallels = Math.max(
        1,
        school.parallels - (levelId === 13 && grade > 4 && random.chance(0.3) ? 1 : 0),
      );
      for (let p = 1; p <= parallels; p++) {
        add(levelId, grade, seqBase + grade, p, school.courseSize * dropout * (0.7 + random.next() * 0.6));
      }
    }
  }
  return courses;
}
