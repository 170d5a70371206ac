/** Percentage rounded to 2 decimals (as a number). */
export const round2 = (value: number): number => Math.round(value * 100) / 100;

/**
 * The paid / not paid pie of the institution report (part 2 §9): percentages with 2 decimals; when
 * their sum exceeds 100 (rounding, or paid rows counted for students no longer enrolled) both are
 * scaled so that they add up to 100.
 */
export function paidPieShares(
  paid: number,
  notPaid: number,
  total: number,
): { paid: number; notPaid: number } {
  if (total <= 0) return { paid: 0, notPaid: 0 };
  let p = round2((paid / total) * 100);
  let n = round2((notPaid / total) * 100);
  const sum = p + n;
  if (sum > 100) {
    p = round2((p / sum) * 100);
    n = round2(100 - p);
  }
  return { paid: p, notPaid: n };
}
