import { describe, expect, it } from 'vitest';
import { pageCount, pagerItems } from './pagination.js';

describe('pager', () => {
  it('shows every page when there are five or fewer', () => {
    expect(pagerItems(1, 3)).toEqual([1, 2, 3]);
  });

  it('keeps a window of five with first, last and ellipses', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(pagerItems(10, 20)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
    expect(pagerItems(20, 20)).toEqual([1, '…', 16, 17, 18, 19, 20]);
    expect(pagerItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('bounds the current page', () => {
    expect(pagerItems(99, 3)).toEqual([1, 2, 3]);
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(21, 10)).toBe(3);
  });
});
