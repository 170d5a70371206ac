import { describe, expect, it } from 'vitest';
import { fieldLabels, historySide } from './history-values';

describe("an event's history as a person reads it", () => {
  it('shows a place, kind or form by its name, never its code', () => {
    const change = { field: 'placeId', before: 3, after: 7, beforeName: 'Coliseo', afterName: 'Salón Ñandú' };
    expect(fieldLabels.placeId).toBe('Ambiente');
    expect(`${historySide(change, 'before')} → ${historySide(change, 'after')}`).toBe(
      'Coliseo → Salón Ñandú',
    );
    // A code whose row no longer exists still says what it is.
    expect(historySide({ field: 'kindEventId', before: 4, after: 5, afterName: null }, 'after')).toBe(
      'código 5',
    );
  });

  it('writes dates dd/mm/aaaa and yes/no for a switch', () => {
    expect(historySide({ field: 'startsOn', before: '2025-11-27', after: '2025-11-28' }, 'after')).toBe(
      '28/11/2025',
    );
    expect(historySide({ field: 'withLimitControl', before: true, after: false }, 'after')).toBe('No');
    expect(historySide({ field: 'title', before: null, after: 'Feria' }, 'before')).toBe('—');
  });
});
