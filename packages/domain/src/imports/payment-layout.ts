import { z } from 'zod';
import { bankName, paymentMode } from '../payments/index.js';
import {
  checkHeader,
  checkRow,
  dayCell,
  type HeaderCheck,
  type RowError,
  rudeCell,
  templateCsv,
  textCell,
} from './layout.js';
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
export const paymentTemplateCsv = templateCsv(paymentColumns, [
  '1234567890123456',
  '200',
  '15/11/2025',
  'BANCO UNIÓN',
  'AGENCIA CENTRAL',
  'VENTANILLA',
]);

export const checkPaymentHeader = (cells: readonly string[]): HeaderCheck<PaymentColumn> =>
  checkHeader(paymentColumns, cells);

const MONEY = /^\d{1,9}(?:[.,]\d{1,2})?$/;

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
    FECHA_PAGO: dayCell,
    // The ledger's one spelling of a bank and a mode, the sync's too (payments/spelling.ts).
    BANCO: textCell(100, true).transform((v, ctx) => {
      const name = bankName(v);
      if (!name) ctx.addIssue({ code: 'custom', message: importMessages.unknownBank(v) });
      return name ?? v;
    }),
    AGENCIA: textCell(100, false),
    MODALIDAD: textCell(50, true).transform(paymentMode),
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
  const checked = checkRow(rowSchemaFor(amountPerStudent), cells, line);
  if (!checked.ok) return checked;
  const d = checked.data;
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
