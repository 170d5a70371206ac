import { describe, expect, it } from 'vitest';
import { courseLabel, gradeName, gradeOrdinal, parallelLetter } from './course-label.js';

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

  it('joins them as the holder list shows them', () => {
    expect(courseLabel(3, 2)).toBe('Tercero - B');
    expect(courseLabel(12, 27)).toBe('12º - AA');
  });

  it('shows grade 99 as CEA', () => {
    expect(gradeName(99)).toBe('CEA');
  });
});
