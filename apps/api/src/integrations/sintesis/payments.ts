import { createHash } from 'node:crypto';
import { addDays } from '@bjp/domain';

/**
 * The Síntesis simulator's payments: a deterministic function of the beneficiary (its RUDE) and the
 * simulator's day. About 88% of the students with a titular collect, on a day of the 2025 campaign
 * (from 13 Oct 2025, Monday to Saturday, busiest in the first weeks), at one of the paying banks;
 * a payment exists only once its day has come. Nothing is stored, so the simulator knows the demo
 * and the national data alike; tests pin records through the control API instead.
 */
export const PAYMENTS_FROM = '2025-10-13';
export const PAYMENT_DAYS = 39;
const PAID_PER_MILLE = 880;

/**
 * Banks that pay the bonus, weighted: Banco Unión, the state bank, pays most of it (the demo seed
 * uses them too), each spelt as the domain's payingBankNames (a test holds them to it).
 */
export const payingBanks = [
  ...Array.from({ length: 11 }, () => 'Banco Unión'),
  'BancoSol',
  'BancoSol',
  'Banco FIE',
  'Banco FIE',
  'Banco Prodem',
  'Banco Mercantil Santa Cruz',
  'Banco Nacional de Bolivia',
  'Banco de Crédito de Bolivia',
  'Banco Económico',
  'Banco Ganadero',
];

export type PaymentRecord = { paidOn: string; bank: string; mode: string };

export function paymentFor(rude: string, today: string): PaymentRecord | null {
  const hex = createHash('md5').update(`${rude.trim().toUpperCase()}|sintesis`).digest('hex');
  const draw = (slice: number) => Number.parseInt(hex.slice(slice * 7, slice * 7 + 7), 16);
  if (draw(0) % 1000 >= PAID_PER_MILLE) return null;
  let paidOn = addDays(PAYMENTS_FROM, Math.min(draw(1) % PAYMENT_DAYS, draw(2) % PAYMENT_DAYS));
  // Banks do not pay on Sundays: the payment falls on the Monday.
  if (new Date(`${paidOn}T00:00:00Z`).getUTCDay() === 0) paidOn = addDays(paidOn, 1);
  if (paidOn > today) return null;
  return {
    paidOn,
    bank: payingBanks[draw(3) % payingBanks.length]!,
    mode: draw(4) % 100 < 75 ? 'VENTANILLA' : 'ABONO',
  };
}
