import { z } from 'zod';
import { calendarDate, isWellFormedText } from '../common/index.js';
import { rudeValue } from '../sereci/index.js';
import { importMessages } from './messages.js';

/**
 * The bank's payment file (docs/imports.md): one row per student paid, these six columns in any
 * order. Header names are compared without case, accents, surrounding spaces or a BOM, so 'Fecha
 * pago' and 'FECHA_PAGO' are the same column; any other column is a structural error.
 */
export const paymentColumns = ['RUDE', 'MONTO', 'FECHA_PAGO', 'BANCO', 'AGENCIA', 'MODALIDAD'] as const;
export type PaymentColumn = (typeof paymentColumns)[number];
export type PaymentCells = Record<PaymentColumn, string>;

/** The template served by GET /imports/payments/template: the header and one example row. */
export const paymentTemplateCsv = `${paymentColumns.join(';')}\r\n1234567890123456;200;15/11/2025;BANCO UNIÓN;AGENCIA CENTRAL;VENTANILLA\r\n`;

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
export type HeaderCheck =
  | { ok: true; positions: Record<PaymentColumn, number> }
  | { ok: false; message: string };

export function checkPaymentHeader(cells: readonly string[]): HeaderCheck {
  const names = cells.map(normalizeHeader);
  // A trailing separator gives an empty last cell: not a column.
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const known = new Set<string>(paymentColumns);
  const seen = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) return { ok: false, message: importMessages.duplicateColumn(name) };
    seen.add(name);
  }
  const extra = names.filter((n) => !known.has(n));
  const missing = paymentColumns.filter((c) => !seen.has(c));
  if (missing.length > 0 || extra.length > 0)
    return {
      ok: false,
      message: importMessages.wrongColumns(
        missing,
        extra.map((e) => e || '(vacía)'),
      ),
    };
  const positions = {} as Record<PaymentColumn, number>;
  for (const column of paymentColumns) positions[column] = names.indexOf(column);
  return { ok: true, positions };
}

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

/** A RUDE as the rest of the domain reads it (rudeValue: trimmed, upper case, 1–30), letters and digits only. */
const rudeCell = rudeValue.pipe(z.string().regex(/^[0-9A-Z]+$/, { error: importMessages.rudeShape }));

const MONEY = /^\d{1,9}(?:[.,]\d{1,2})?$/;

const textCell = (max: number, required: boolean) =>
  z
    .string()
    .trim()
    .refine(isWellFormedText, { error: importMessages.invalidText, abort: true })
    .refine((v) => !required || v.length > 0, { error: importMessages.required, abort: true })
    .refine((v) => v.length <= max, { error: importMessages.tooLong(max) })
    .transform((v) => v.toUpperCase());

/** One row's cells, checked: the amount must be the programme's amount per student. */
export const paymentRow = (amountPerStudent: number) =>
  z.object({
    RUDE: rudeCell,
    MONTO: z
      .string()
      .trim()
      .refine((v) => MONEY.test(v.replace(/\s/g, '')), { error: importMessages.amountShape, abort: true })
      .transform((v) => Number(v.replace(/\s/g, '').replace(',', '.')))
      .refine((v) => v === amountPerStudent, { error: importMessages.amountNotProgramme(amountPerStudent) }),
    FECHA_PAGO: z.string().transform((v, ctx) => {
      const day = parseFileDate(v);
      if (!day) ctx.addIssue({ code: 'custom', message: importMessages.dateShape });
      return day ?? '';
    }),
    BANCO: textCell(100, true),
    AGENCIA: textCell(100, false),
    MODALIDAD: textCell(50, true),
  });

export type PaymentRow = {
  line: number;
  rude: string;
  amount: number;
  paidOn: string;
  bank: string;
  agency: string;
  mode: string;
};

/** A problem of one row, with its line in the file (the header is line 1) and column. */
export type RowError = { line: number; column: string; message: string };

export const rowErrorText = (e: RowError) => importMessages.rowError(e.line, e.column, e.message);

// Building a zod object costs far more than using it: one schema per amount, not one per row.
const schemas = new Map<number, ReturnType<typeof paymentRow>>();
function rowSchemaFor(amountPerStudent: number) {
  let schema = schemas.get(amountPerStudent);
  if (!schema) {
    schema = paymentRow(amountPerStudent);
    schemas.set(amountPerStudent, schema);
  }
  return schema;
}

/** Checks one row; every problem of the row is reported, each with its column. */
export function validatePaymentRow(
  cells: PaymentCells,
  line: number,
  amountPerStudent: number,
): { ok: true; row: PaymentRow } | { ok: false; errors: RowError[] } {
  const parsed = rowSchemaFor(amountPerStudent).safeParse(cells);
  if (!parsed.success) {
    const errors = parsed.error.issues.map((issue) => ({
      line,
      column: String(issue.path[0] ?? ''),
      message: issue.message,
    }));
    return { ok: false, errors };
  }
  const d = parsed.data;
  return {
    ok: true,
    row: {
      line,
      rude: d.RUDE,
      amount: d.MONTO,
      paidOn: d.FECHA_PAGO,
      bank: d.BANCO,
      agency: d.AGENCIA,
      mode: d.MODALIDAD,
    },
  };
}
