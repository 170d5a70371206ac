import { asc, sql } from 'drizzle-orm';
import { carnetOf, fullNameOf } from './names.js';
import { courses, students } from './schema/index.js';

/**
 * Level, grade, parallel, then shift: the order in which the screens list a school's courses (the
 * school report's course list, the structure), and so the order of the documents' courses too — a
 * PDF or spreadsheet that grouped by shift first listed a two-shift school unlike its screen.
 */
export const courseOrder = [
  asc(courses.levelId),
  asc(courses.gradeId),
  asc(courses.parallelId),
  asc(courses.shiftId),
];

/** Paterno, materno, nombre: the order of every list of students, on screen and in documents. */
export const studentNameOrder = [
  asc(students.firstLastName),
  asc(students.secondLastName),
  asc(students.name),
];

/**
 * What the school's student lists of removals and adjustments share: a student of inscription `n`
 * (students `s`) with the titular who collects now (assignment `t`, person `p`), numbered in
 * surname order, the total on every row (count(*) OVER ()).
 */
export type StudentWithTitularRow = {
  id: number;
  rude: string;
  student: string;
  carnet: string | null;
  titular: string | null;
  blocked: boolean;
  total: number;
};

/** The columns of StudentWithTitularRow but `blocked` and `total`. */
export const studentWithTitularColumns = sql`n.id, s.rude, ${fullNameOf('s')} AS student, ${carnetOf('p')} AS carnet, ${fullNameOf('p')} AS titular`;

/** The student and the titular who collects now, joined to inscription `n`. */
export const studentWithTitularJoins = sql`JOIN students s ON s.id = n.student_id
    LEFT JOIN titular_assignments t ON t.inscription_id = n.id AND t.removed_at IS NULL
    LEFT JOIN persons p ON p.id = t.person_id`;

/** Surnames, name, then the inscription: the order of every student list. */
export const studentListOrder = sql`ORDER BY s.first_last_name, s.second_last_name, s.name, n.id`;
