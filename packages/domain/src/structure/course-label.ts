import { CEA_GRADE_ID, levels } from './constants.js';

const ordinalWords = [
  'Primero',
  'Segundo',
  'Tercero',
  'Cuarto',
  'Quinto',
  'Sexto',
  'Séptimo',
  'Octavo',
  'Noveno',
  'Décimo',
] as const;

/** Grades 1–10 are named Primero…Décimo; above 10 the number with the ordinal mark ('11º'). */
export function gradeOrdinal(grade: number): string {
  if (grade >= 1 && grade <= ordinalWords.length) return ordinalWords[grade - 1];
  return `${grade}º`;
}

/** Parallels are lettered base-26 without a zero digit: 1 = A, 26 = Z, 27 = AA, 28 = AB. */
export function parallelLetter(parallel: number): string {
  if (!Number.isInteger(parallel) || parallel < 1) return '';
  let n = parallel;
  let letters = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

export function gradeName(grade: number): string {
  return grade === CEA_GRADE_ID ? 'CEA' : gradeOrdinal(grade);
}

/** A level's name (Especial, Primaria, Secundaria); an unknown id is shown as 'Nivel {id}'. */
export function levelName(level: number): string {
  return levels.find((l) => l.id === level)?.name ?? `Nivel ${level}`;
}

/**
 * A course inside its level's group (the 'Lista' menu under 'Primaria'): '{grado} - {paralelo}',
 * 'Tercero - B'; a course without a parallel letter is its grade alone.
 */
export function courseInLevelLabel(grade: number, parallel: number): string {
  const letter = parallelLetter(parallel);
  return letter ? `${gradeName(grade)} - ${letter}` : gradeName(grade);
}

export type CourseKey = { levelId: number; gradeId: number; parallelId: number };

/**
 * A course wherever it is shown alone (tables, dialogs, PDFs, spreadsheets, Kardex):
 * '{nivel} · {grado} - {paralelo}', 'Secundaria · Segundo - A'. The level is always written, so a
 * school with both levels never shows two courses the same and a list across schools reads alike.
 */
export function courseLabel(course: CourseKey): string {
  return `${levelName(course.levelId)} · ${courseInLevelLabel(course.gradeId, course.parallelId)}`;
}
