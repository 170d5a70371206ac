/** Weekday names of the calendar header, Monday first (Bolivia's calendars start on Monday). */
export const WEEKDAYS_SHORT_ES = ['Lu', 'Ma', 'Mi', 'Ju', 'Vi', 'Sá', 'Do'] as const;
const WEEKDAYS_LONG_ES = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'];
const MONTHS_ES = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** 0 for Monday … 6 for Sunday, of a yyyy-mm-dd day (read in UTC, so no time zone can shift it). */
export function mondayIndex(day: string): number {
  return (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
}

/**
 * A month ('yyyy-mm') as weeks of seven cells, Monday first: each day in its weekday's column, with
 * null for the blanks before the 1st and after the last day, so every week is complete.
 */
export function monthGrid(month: string): Array<Array<string | null>> {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const length = new Date(Date.UTC(year, m, 0)).getUTCDate();
  const cells: Array<string | null> = Array.from({ length: mondayIndex(`${month}-01`) }, () => null);
  for (let d = 1; d <= length; d++) cells.push(`${month}-${pad(d)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: Array<Array<string | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** 'martes 3 de noviembre de 2026': a day as a screen reader should say it. */
export function longDayEs(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS_LONG_ES[mondayIndex(day)]} ${d} de ${MONTHS_ES[m - 1]} de ${y}`;
}

/** '2 sincronizaciones', '1 sincronización', 'sin sincronización'. */
export function syncCountEs(n: number): string {
  if (n === 0) return 'sin sincronización';
  return n === 1 ? '1 sincronización' : `${n} sincronizaciones`;
}
