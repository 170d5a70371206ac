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

/** Course label of the holder-registration list: '{ordinal} - {parallel letter}'. */
export function courseLabel(grade: number, parallel: number): string {
  return `${gradeOrdinal(grade)} - ${parallelLetter(parallel)}`;
}

export function gradeName(grade: number): string {
  return grade === 99 ? 'CEA' : gradeOrdinal(grade);
}
