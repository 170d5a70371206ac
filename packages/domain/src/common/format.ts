import { formatCount, formatDecimal } from './money.js';
import { BOLIVIA_TIME_ZONE } from './time-zone.js';

/**
 * The one place where the console turns dates and instants into text (issue 16): dates dd/mm/aaaa,
 * date-times dd/mm/aaaa HH:mm (24 h) in Bolivia's zone whatever the browser's or server's zone is,
 * and chart axis numbers in the specification's style (comma thousands, dot decimals).
 * A source scan test (format-usage.test.ts) forbids Intl / toLocale* calls anywhere else.
 */

// Made on first use, not when the module is evaluated (it loads the time zone's data: tens of
// milliseconds on a slow phone, in the task that evaluates the logged-in layout's code; issue 14).
let boliviaParts: Intl.DateTimeFormat | undefined;
const boliviaFormatter = () =>
  (boliviaParts ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: BOLIVIA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

type Moment = string | number | Date;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: Moment): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Year, month, day, hour, minute, second of an instant on Bolivia's wall clock. */
function boliviaClock(date: Date) {
  const parts: Record<string, string> = {};
  for (const part of boliviaFormatter().formatToParts(date)) parts[part.type] = part.value;
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;
}

/** The calendar day (yyyy-mm-dd) an instant falls on in Bolivia. */
export function boliviaDay(value: Moment = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const p = boliviaClock(date);
  return `${p.year}-${p.month}-${p.day}`;
}

/**
 * dd/mm/aaaa. A calendar day ('2018-04-15') is only reordered, never moved by a time zone;
 * an instant (ISO with time, Date, epoch ms) shows the day it is in Bolivia. Empty → '—'.
 */
export function formatDate(value: Moment | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') {
    const day = CALENDAR_DAY.exec(value);
    if (day) return `${day[3]}/${day[2]}/${day[1]}`;
  }
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '—';
  const p = boliviaClock(date);
  return `${p.day}/${p.month}/${p.year}`;
}

/**
 * dd/mm/aaaa HH:mm (24 h) of an instant on Bolivia's clock. Empty → '—'. A bare calendar day has no
 * time to show: it is written as a date, not as midnight UTC moved to 20:00 of the day before.
 */
export function formatDateTime(value: Moment | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string' && CALENDAR_DAY.test(value)) return formatDate(value);
  const date = toDate(value);
  if (!date) return typeof value === 'string' ? value : '—';
  const p = boliviaClock(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** HH:mm (24 h) of an instant on Bolivia's clock, for lists already grouped by day. */
export function formatTime(value: Moment | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  const date = toDate(value);
  if (!date) return '—';
  const p = boliviaClock(date);
  return `${p.hour}:${p.minute}`;
}

/**
 * A chart axis tick for counts or bolivianos: whole numbers with comma thousands ('2,400,000'),
 * as every table beside the chart; from ten million on, millions with one decimal ('12.5 M')
 * so the tick still fits the axis.
 */
export function formatAxisNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Math.abs(value) >= 10_000_000) {
    const millions = value / 1_000_000;
    return `${Number.isInteger(millions) ? formatCount(millions) : formatDecimal(millions, 1)} M`;
  }
  return formatCount(Math.round(value));
}

/** A money axis tick: the same number, the currency said once in the axis label or legend. */
export const formatAxisMoney = formatAxisNumber;

/** A size in kilobytes for download buttons: '1,234 KB'. */
export function formatKilobytes(bytes: number): string {
  return `${formatCount(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** yyyymmddhhmmss on Bolivia's clock, for download names ('{token}_{timestamp}.pdf', part 2 §9). */
export function fileTimestamp(value: Moment = new Date()): string {
  const date = toDate(value);
  if (!date) return '';
  const p = boliviaClock(date);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/**
 * What a person types in a date field, read back as a calendar day (yyyy-mm-dd): 'dd/mm/aaaa' as
 * shown (one-digit day or month allowed, '-' or '.' too) or an ISO day pasted from elsewhere.
 * Null when it is not a real day (31/02/2024).
 */
export function parseDateText(text: string): string | null {
  const value = text.trim();
  const shown = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(value);
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  const [year, month, day] = shown
    ? [shown[3], shown[2], shown[1]]
    : iso
      ? [iso[1], iso[2], iso[3]]
      : [undefined, undefined, undefined];
  if (!year || !month || !day) return null;
  const result = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${result}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(result) ? result : null;
}
