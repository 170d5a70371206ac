import { fileTimestamp, formatDateTime } from '@bjp/domain';
import type { TableCell } from 'pdfmake/interfaces.js';

/** dd/mm/aaaa HH:mm in Bolivia, for the print date of documents (the domain's one date-time format). */
export const boliviaTimestamp = (at: Date): string => formatDateTime(at);

/** yyyymmddhhmmss in Bolivia, for file names ('{token}{timestamp}.pdf', part 2 §9). */
export { fileTimestamp };

/** A closed gestión in a download's name, after the place ('reporte_nacional_2024_…'); the open year's has none. */
export const closedYearToken = (year: { year: number; closed: boolean }): string =>
  year.closed ? `${year.year}_` : '';

/** A place level in a download's name, in Spanish like the rest of what users see. */
export const placeLevelToken = {
  national: 'nacional',
  department: 'departamento',
  district: 'distrito',
} as const;

export const headerCell = (text: string): TableCell => ({
  text,
  bold: true,
  fillColor: '#1c4e80',
  color: '#ffffff',
  alignment: 'center',
});
export const numberCell = (text: string, bold = false): TableCell => ({ text, alignment: 'right', bold });

/** Thin horizontal rules and 2 pt cell padding: wide tables (the 18-column matrix) fit a landscape page. */
export const compactLayout = {
  hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
    i === 0 || i === node.table.body.length ? 0.7 : 0.3,
  vLineWidth: () => 0,
  hLineColor: () => '#aaaaaa',
  paddingLeft: () => 2,
  paddingRight: () => 2,
  paddingTop: () => 2,
  paddingBottom: () => 2,
};
