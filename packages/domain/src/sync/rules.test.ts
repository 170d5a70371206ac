import { describe, expect, it } from 'vitest';
import { daysFrom } from '../common/index.js';
import { sereciStatus } from '../sereci/index.js';
import { fillMessage, syncMessages } from './messages.js';
import { calendarStatus, stepAvailability } from './rules.js';

const flags = (isSend: boolean, isSendChange: boolean, isSendCopy: boolean) => ({
  isSend,
  isSendChange,
  isSendCopy,
});
const open = { open: true, reason: null };
const closed = { open: false, reason: 'cerrado' };

describe('calendar day status (part 2 §4)', () => {
  it('is COMPLETA with all three steps, INCOMPLETA with a record short of them', () => {
    expect(calendarStatus('2025-11-18', '2025-11-20', flags(true, true, true))).toBe('complete');
    expect(calendarStatus('2025-11-18', '2025-11-20', flags(true, true, false))).toBe('incomplete');
    expect(calendarStatus('2025-11-20', '2025-11-20', flags(true, false, false))).toBe('incomplete');
  });
  it('is PENDIENTE today and NO SINCRONIZADO on a past day without a record', () => {
    expect(calendarStatus('2025-11-20', '2025-11-20', null)).toBe('pending');
    expect(calendarStatus('2025-11-19', '2025-11-20', null)).toBe('none');
  });
  it('lists every day from the start to today across months', () => {
    const days = daysFrom('2025-10-30', '2025-11-02');
    expect(days).toEqual(['2025-10-30', '2025-10-31', '2025-11-01', '2025-11-02']);
    expect(daysFrom('2025-11-03', '2025-11-02')).toEqual([]);
  });
});

describe('step availability (openness checks in order)', () => {
  it('opens only the first step before consolidation', () => {
    expect(stepAvailability({ changes: open, changeSync: closed, copy: closed }, null)).toEqual({
      consolidate: true,
      send: false,
      copy: false,
    });
  });
  it('opens step 2 only after consolidation with the Síntesis window open', () => {
    expect(
      stepAvailability({ changes: closed, changeSync: open, copy: closed }, flags(true, false, false)).send,
    ).toBe(true);
    expect(
      stepAvailability({ changes: closed, changeSync: closed, copy: closed }, flags(true, false, false)).send,
    ).toBe(false);
  });
  it('opens step 3 only after the change sync closed and the copy is open', () => {
    expect(
      stepAvailability({ changes: closed, changeSync: closed, copy: open }, flags(true, true, false)).copy,
    ).toBe(true);
    expect(
      stepAvailability({ changes: closed, changeSync: open, copy: open }, flags(true, false, false)).copy,
    ).toBe(false);
  });
});

describe('birth-registry status', () => {
  it('puts SEGIP before SERECI and leaves the rest pending', () => {
    expect(sereciStatus({ segipId: 1, emparejaSereci: true })).toBe('segip');
    expect(sereciStatus({ segipId: 0, emparejaSereci: true })).toBe('sereci');
    expect(sereciStatus({ segipId: 2, emparejaSereci: false })).toBe('pending');
  });
});

describe('fillMessage', () => {
  it('writes counts with the thousands separator and text as it is', () => {
    expect(fillMessage(syncMessages.paymentsSynced, { received: 14110, changed: 0 })).toBe(
      'Datos de pago sincronizados: 14,110 pagos leídos, 0 registros actualizados.',
    );
    expect(fillMessage(syncMessages.sent, { count: 2500, cut: '20251020' })).toBe(
      'Cambios enviados a Síntesis: 2,500 registros, corte 20251020.',
    );
  });
});
