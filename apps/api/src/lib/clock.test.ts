import { describe, expect, it } from 'vitest';
import { serverClock, systemClock } from './clock.js';

describe('the server clock', () => {
  it('is the system clock unless TEST_NOW is set', () => {
    expect(serverClock({})).toBe(systemClock);
  });

  it('starts at TEST_NOW and runs on from there, in Bolivia’s calendar day', () => {
    const clock = serverClock({ TEST_NOW: '2028-03-01T02:00:00Z' });
    // 22:00 on 29 February in Bolivia (UTC−4).
    expect(clock.today()).toBe('2028-02-29');
    const first = clock.now().getTime();
    expect(first).toBeGreaterThanOrEqual(Date.parse('2028-03-01T02:00:00Z'));
    expect(first).toBeLessThan(Date.parse('2028-03-01T02:01:00Z'));
  });

  it('is refused by a production server, and refuses what is not a date', () => {
    expect(() => serverClock({ NODE_ENV: 'production', TEST_NOW: '2028-02-29T12:00:00Z' })).toThrow(
      /production/,
    );
    expect(() => serverClock({ TEST_NOW: 'mañana' })).toThrow(/TEST_NOW/);
  });
});
