import { describe, expect, it } from 'vitest';
import { periodStateError } from './dates.js';
import { eventMessages } from './messages.js';

describe('periodStateError', () => {
  it('refuses CONCLUIDO while the last day is still to come', () => {
    expect(periodStateError({ state: 'CONCLUIDO', endsOn: '2025-11-21' }, '2025-11-20')).toBe(
      eventMessages.concludedInFuture,
    );
  });
  it('accepts CONCLUIDO from the last day on, and any other state whatever the dates', () => {
    expect(periodStateError({ state: 'CONCLUIDO', endsOn: '2025-11-20' }, '2025-11-20')).toBeNull();
    expect(periodStateError({ state: 'CONCLUIDO', endsOn: '2025-10-01' }, '2025-11-20')).toBeNull();
    expect(periodStateError({ state: 'VIGENTE', endsOn: '2026-01-01' }, '2025-11-20')).toBeNull();
    expect(periodStateError({ state: 'PROGRAMADO', endsOn: '2026-01-01' }, '2025-11-20')).toBeNull();
  });
});
