import { describe, expect, it } from 'vitest';
import {
  boliviaDay,
  fileTimestamp,
  formatAxisMoney,
  formatAxisNumber,
  formatDate,
  formatDateTime,
  formatKilobytes,
  formatTime,
  parseDateText,
} from './format.js';

describe('formatDate (dd/mm/aaaa)', () => {
  it('reorders a calendar day without moving it', () => {
    expect(formatDate('2018-04-15')).toBe('15/04/2018');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
  });

  it("shows an instant's day in Bolivia (UTC−4)", () => {
    // 02:30 UTC on the 16th is still the 15th in La Paz.
    expect(formatDate('2018-04-16T02:30:00Z')).toBe('15/04/2018');
    expect(formatDate(new Date('2018-04-16T04:00:00Z'))).toBe('16/04/2018');
  });

  it('says — when there is no date and keeps text that is not a date', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('pendiente')).toBe('pendiente');
  });
});

describe('formatDateTime (dd/mm/aaaa HH:mm in America/La_Paz)', () => {
  it('writes 24-hour Bolivian time whatever the process zone', () => {
    expect(formatDateTime('2026-11-23T20:08:00Z')).toBe('23/11/2026 16:08');
    expect(formatDateTime('2026-11-24T03:59:00.000Z')).toBe('23/11/2026 23:59');
    expect(formatDateTime(Date.parse('2026-01-05T04:00:00Z'))).toBe('05/01/2026 00:00');
  });

  it('writes a bare calendar day as a date, not as the evening before', () => {
    expect(formatDateTime('2018-04-15')).toBe('15/04/2018');
  });

  it('says — when there is no instant', () => {
    expect(formatDateTime(null)).toBe('—');
  });

  it('gives the time alone and the Bolivian day', () => {
    expect(formatTime('2026-11-23T20:08:00Z')).toBe('16:08');
    expect(boliviaDay('2026-11-24T03:59:00Z')).toBe('2026-11-23');
  });
});

describe('chart axes and sizes in the specification style', () => {
  it('writes comma thousands, never compact Spanish abbreviations', () => {
    expect(formatAxisNumber(0)).toBe('0');
    expect(formatAxisNumber(8000)).toBe('8,000');
    expect(formatAxisNumber(1200)).toBe('1,200');
    expect(formatAxisMoney(2_400_000)).toBe('2,400,000');
    expect(formatAxisNumber(400_000.4)).toBe('400,000');
  });

  it('shortens only from ten million, to millions with a dot decimal', () => {
    expect(formatAxisMoney(12_500_000)).toBe('12.5 M');
    expect(formatAxisMoney(20_000_000)).toBe('20 M');
  });

  it('stamps file names with Bolivian time', () => {
    expect(fileTimestamp(new Date('2026-11-24T03:05:09Z'))).toBe('20261123230509');
  });

  it('writes download sizes in KB', () => {
    expect(formatKilobytes(10)).toBe('1 KB');
    expect(formatKilobytes(2_000_000)).toBe('1,953 KB');
  });
});

describe('parseDateText (date fields)', () => {
  it('reads dd/mm/aaaa as shown and an ISO day', () => {
    expect(parseDateText('15/04/2018')).toBe('2018-04-15');
    expect(parseDateText(' 5/4/2018 ')).toBe('2018-04-05');
    expect(parseDateText('1990-04-12')).toBe('1990-04-12');
  });

  it('refuses what is not a real day', () => {
    expect(parseDateText('31/02/2024')).toBeNull();
    expect(parseDateText('04/15/2018')).toBeNull();
    expect(parseDateText('mañana')).toBeNull();
  });
});
