// The shapes of the seed's plan, apart from plan.ts so that courses.ts (which plan.ts calls) can name
// them without importing it back.
export type Levels = 'primary' | 'secondary' | 'both' | 'special';

export type InstitutionPlan = {
  /** The SIE code: department digit, district position (3 digits), then 4 digits. */
  id: number;
  /** 1-based position in the plan; keys the director person of this school. */
  seq: number;
  name: string;
  codeType: 1 | 4;
  dependency: 1 | 2;
  area: 'R' | 'U';
  subsystem: 'Regular' | 'Especial';
  districtId: number;
  departmentId: number;
  consolidatedAt: string | null;
  /** Another school of the district (a bijection): where transferred students and a few titulars come from. */
  neighbourId: number;
  levels: Levels;
  parallels: number;
  shiftId: number;
  /** Typical students per course before scaling to the target total. */
  courseSize: number;
  andean: boolean;
};

export type CoursePlan = {
  id: number;
  institutionId: number;
  institutionSeq: number;
  levelId: number;
  gradeId: number;
  parallelId: number;
  shiftId: number;
  /** Years of schooling the grade stands for (primary 1–6, secondary 7–12, special 0). */
  gradeSeq: number;
  size: number;
  /** Students of this course get ids firstStudent + 1 … firstStudent + size. */
  firstStudent: number;
  /** Offset of the school's first student; a student's RUDE uses its place within the school. */
  institutionFirstStudent: number;
  /** The previous course of the same school, whose students may be siblings of this one's. */
  previousFirst: number;
  previousSize: number;
  siblingCourse: boolean;
};
