import { vi } from 'vitest';

// TEST_NOW: the tests' own dates (the day they expect on screen) start there too and run on, as the
// server's and the browser's do. Only Date is faked; timers stay real.
if (process.env.TEST_NOW) {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(process.env.TEST_NOW), shouldAdvanceTime: true });
}
