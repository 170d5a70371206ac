/**
 * One spelling of a payment (issue 35 §7): the payment file import and the Síntesis sync write the
 * ledger through these, so a record means one thing whichever door it came in by, and re-importing
 * what the sync wrote is 'Sin cambios' instead of a correction that the next sync flips back.
 */

/** The banks that pay the bonus, each as it writes its own name: the one spelling the ledger keeps. */
export const payingBankNames = [
  'Banco Unión',
  'BancoSol',
  'Banco FIE',
  'Banco Prodem',
  'Banco Mercantil Santa Cruz',
  'Banco Nacional de Bolivia',
  'Banco de Crédito de Bolivia',
  'Banco Económico',
  'Banco Ganadero',
  'Banco Bisa',
  'Banco Fortaleza',
  'Banco PYME Ecofuturo',
  'Banco PYME de la Comunidad',
] as const;

/** Initials the banks' own files use. */
const initials: Record<string, (typeof payingBankNames)[number]> = {
  BUN: 'Banco Unión',
  BNB: 'Banco Nacional de Bolivia',
  BCP: 'Banco de Crédito de Bolivia',
  BMSC: 'Banco Mercantil Santa Cruz',
};

/** A name as compared: no accents, case, spaces or punctuation, and the word 'banco' left out. */
const keyOf = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .replace(/^BANCO/, '');

const byKey = new Map<string, string>([
  ...payingBankNames.map((name) => [keyOf(name), name] as const),
  ...Object.entries(initials).map(([short, name]) => [keyOf(short), name] as const),
]);

/** The bank's one spelling ('BANCO UNION', 'banco unión', 'BUN' → 'Banco Unión'), or null when no paying bank has that name. */
export function bankName(written: string): string | null {
  return byKey.get(keyOf(written)) ?? null;
}

/** The payment mode as stored: trimmed, single spaces, upper case ('Ventanilla ' → 'VENTANILLA'). */
export function paymentMode(written: string): string {
  return written.trim().replace(/\s+/g, ' ').toUpperCase();
}
