import { describe, expect, it } from 'vitest';
import { seatShards } from './seats.js';

describe('seatShards', () => {
  it('spreads the free places over at most 16 shards, summing to the free places', () => {
    expect(seatShards(5)).toEqual([1, 1, 1, 1, 1]);
    expect(seatShards(40)).toEqual([3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(seatShards(1_000_000).reduce((a, b) => a + b)).toBe(1_000_000);
    expect(seatShards(40, 38).reduce((a, b) => a + b)).toBe(2);
    expect(seatShards(40, 50).every((n) => n === 0)).toBe(true);
  });
});
