import { z } from 'zod';
import { calendarDate, isWellFormedText } from '../common/index.js';
import { rudeValue } from '../sereci/index.js';
import { importMessages } from './messages.js';

/**
 * What every import file shares (docs/imports.md): a header line naming the columns in any order,
 * compared without case, accents, surrounding spaces or a BOM; cells read as text and checked by
 * the kind's zod schema, every problem reported with its line and column.
 */

/** 'Fecha pago ' → 'FECHA_PAGO': no BOM, no accents, upper case, spaces and hyphens as '_'. */
export function normalizeHeader(name: string): string {
  return name
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

/** Where each column sits in the file's rows, or the structural error of the header line. */
export type HeaderCheck<C extends string> =
  | { ok: true; positions: Record<C, number> }
  | { ok: false; message: string };

/** Every column of the layout must be present once; any other column is a structural error. */
export function checkHeader<C extends string>(
  columns: readonly C[],
  cells: readonly string[],
): HeaderCheck<C> {
  const names = cells.map(normalizeHeader);
  // A trailing separator gives an empty last cell: not a column.
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const known = new Set<string>(columns);
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return { ok: false, message: importMessages.duplicateColumn(name) };
    seen.add(name);
  }
  const extra = names.filter((n) => !known.has(n));
  const missing = columns.filter((c) => !seen.has(c));
  if (missing.length > 0 || extra.length > 0)
    return {
      ok: false,
      message: importMessages.wrongColumns(
        missing,
        extra.map((e) => e || '(vacía)'),
        columns,
      ),
    };
  const positions = {} as Record<C, number>;
  for (const column of columns) positions[column] = names.indexOf(column);
  return { ok: true, positions };
}

/** A template: the header and one example row, `;`-separated with CRLF (what Excel writes). */
export const templateCsv = (columns: readonly string[], example: readonly string[]) =>
  `${columns.join(';')}\r\n${example.join(';')}\r\n`;

const DMY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
// Built once: a zod schema costs far more to build than to use.
const isoDay = calendarDate();

/** 'dd/mm/aaaa' or 'aaaa-mm-dd' as an ISO day, or null when it is neither or not a real day. */
export function parseFileDate(value: string): string | null {
  const v = value.trim();
  const dmy = DMY.exec(v);
  const iso = dmy ? `${dmy[3]}-${dmy[2]!.padStart(2, '0')}-${dmy[1]!.padStart(2, '0')}` : v;
  return isoDay.safeParse(iso).success ? iso : null;
}

/** A day cell: dd/mm/aaaa or aaaa-mm-dd, a real calendar day. */
export const dayCell = z.string().transform((v, ctx) => {
  const day = parseFileDate(v);
  if (!day) ctx.addIssue({ code: 'custom', message: importMessages.dateShape });
  return day ?? '';
});

/** A RUDE as the rest of the domain reads it (rudeValue: trimmed, upper case, 1–30), letters and digits only. */
export const rudeCell = rudeValue.pipe(z.string().regex(/^[0-9A-Z]+$/, { error: importMessages.rudeShape }));

/**
 * Free text, trimmed; upper-cased as the programme stores people's names and banks, unless `asWritten`
 * (the names of places and schools keep the case the data team gives them).
 */
export const textCell = (max: number, required: boolean, asWritten = false) =>
  z
    .string()
    .trim()
    .refine(isWellFormedText, { error: importMessages.invalidText, abort: true })
    .refine((v) => !required || v.length > 0, { error: importMessages.required, abort: true })
    .refine((v) => v.length <= max, { error: importMessages.tooLong(max) })
    .transform((v) => (asWritten ? v.replace(/\s+/g, ' ') : v.toUpperCase()));

const DIGITS = /^\s*(\d{1,10})\s*$/;

/** A whole number written with digits only (no sign, no separators), within [min, max]. */
export const wholeCell = (min: number, max: number, message: string) =>
  // One transform, not a chain of refinements: the national roll checks 2.3 million of each.
  z.string().transform((v, ctx) => {
    const digits = DIGITS.exec(v);
    const n = digits ? Number(digits[1]) : Number.NaN;
    if (!(n >= min && n <= max)) ctx.addIssue({ code: 'custom', message });
    return n;
  });

/** A code from a short list, written as its number or its name (case, accents and spaces aside). */
export const choiceCell = <V extends string | number>(
  choices: ReadonlyArray<{ value: V; names: readonly string[] }>,
  message: string,
) => {
  const byName = new Map<string, V>();
  for (const choice of choices)
    for (const name of choice.names) byName.set(normalizeHeader(name), choice.value);
  return z.string().transform((v, ctx) => {
    const value = byName.get(normalizeHeader(v));
    if (value === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return choices[0]!.value;
    }
    return value;
  });
};

/** A problem of one row, with its line in the file (the header is line 1) and column. */
export type RowError = { line: number; column: string; message: string };

export const rowErrorText = (e: RowError) => importMessages.rowError(e.line, e.column, e.message);

/** Checks one row's cells with the kind's schema; every problem of the row is reported, each with its column. */
export function checkRow<S extends z.ZodType>(
  schema: S,
  cells: Record<string, string>,
  line: number,
): { ok: true; data: z.output<S> } | { ok: false; errors: RowError[] } {
  const parsed = schema.safeParse(cells);
  if (parsed.success) return { ok: true, data: parsed.data };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => ({
      line,
      column: String(issue.path[0] ?? ''),
      message: issue.message,
    })),
  };
}
