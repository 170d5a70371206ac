import { describe, expect, it } from 'vitest';
import {
  courseInLevelLabel,
  courseLabel,
  gradeName,
  gradeOrdinal,
  levelName,
  parallelLetter,
} from './course-label.js';

describe('course labels', () => {
  it('names grades 1–10 with ordinal words and the rest with the ordinal mark', () => {
    expect(gradeOrdinal(1)).toBe('Primero');
    expect(gradeOrdinal(6)).toBe('Sexto');
    expect(gradeOrdinal(10)).toBe('Décimo');
    expect(gradeOrdinal(11)).toBe('11º');
  });

  it('letters parallels base-26 without a zero', () => {
    expect([1, 2, 26, 27, 28, 52, 53, 702, 703].map(parallelLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
    ]);
    expect(parallelLetter(0)).toBe('');
  });

  it('joins grade and parallel inside a level group', () => {
    expect(courseInLevelLabel(3, 2)).toBe('Tercero - B');
    expect(courseInLevelLabel(12, 27)).toBe('12º - AA');
    expect(courseInLevelLabel(99, 0)).toBe('CEA');
  });

  it('names a course with its level, so the same grade and parallel of two levels differ', () => {
    const primary = courseLabel({ levelId: 12, gradeId: 2, parallelId: 1 });
    const secondary = courseLabel({ levelId: 13, gradeId: 2, parallelId: 1 });
    expect(primary).toBe('Primaria · Segundo - A');
    expect(secondary).toBe('Secundaria · Segundo - A');
    expect(courseLabel({ levelId: 1, gradeId: 99, parallelId: 1 })).toBe('Especial · CEA - A');
    expect(levelName(7)).toBe('Nivel 7');
  });

  it('shows grade 99 as CEA', () => {
    expect(gradeName(99)).toBe('CEA');
  });
});
