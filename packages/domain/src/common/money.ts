/** Each paid (or due) student counts as this many bolivianos unless settings say otherwise. */
export const DEFAULT_AMOUNT_PER_STUDENT = 200;

// Made on first use, not when the module is evaluated: a browser's first Intl formatter loads its
// locale data, tens of milliseconds on a slow phone, and the login page formats no number (issue 14).
let thousands: Intl.NumberFormat | undefined;

/**
 * A safe integer with comma thousands separators, as `Intl.NumberFormat('en-US')` writes it, or
 * undefined for any other number. The dashboard's first render formats only whole counts and whole
 * bolivianos; its first `Intl.NumberFormat` (the locale's data loaded) was one call of 150 ms under a
 * 4× slowdown, inside a render task that cannot yield during it (issue 14).
 */
function groupInteger(value: number): string | undefined {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return undefined;
  const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 ? `-${digits}` : digits;
}

/** Whole numbers with comma thousands separators: 1234567 → '1,234,567'. */
export function formatCount(value: number): string {
  const plain = groupInteger(value);
  if (plain !== undefined) return plain;
  thousands ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
  return thousands.format(value);
}

/** Fixed decimals with comma thousands separators: 1234.5 → '1,234.50'. */
export function formatDecimal(value: number, decimals = 2): string {
  const plain = Number.isInteger(decimals) && decimals >= 0 ? groupInteger(value) : undefined;
  if (plain !== undefined) return decimals > 0 ? `${plain}.${'0'.repeat(decimals)}` : plain;
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(value);
}

export function formatBOB(value: number): string {
  return `${formatDecimal(value, 2)} Bs.`;
}

/** Paid percentage = paid / total × 100 (0 when there is nothing to pay). */
export function paidPercentage(paid: number, total: number): number {
  if (total <= 0) return 0;
  return (paid / total) * 100;
}

/** The summary card's pair: paid and pending (= 100 − paid), both rounded to 2 decimals. */
export function percentagePair(paid: number, total: number): { paid: string; pending: string } {
  const p = Math.round(paidPercentage(paid, total) * 100) / 100;
  return { paid: p.toFixed(2), pending: (Math.round((100 - p) * 100) / 100).toFixed(2) };
}

/** Bolivianos owed for a number of students: amounts are whole bolivianos (200 Bs), so integers stay exact. */
export function amountFor(students: number, amountPerStudent = DEFAULT_AMOUNT_PER_STUDENT): number {
  return students * amountPerStudent;
}
