import { codesOf } from '../common/index.js';
/**
 * The one definition of a student's bonus state (issue 12, "one payment truth"; docs/decisions.md
 * 'One payment truth'). Three sources speak about a student's 200 Bs:
 *
 * - the bank (Síntesis): paid or not, with day, bank and mode;
 * - the school's sworn declaration (paid validation, consolidated): for students whose titular is a
 *   teacher or director, whether the money the bank paid to that titular reached the student;
 * - the ministry's own records: the inscription removed (baja), an open block, the titular.
 *
 * The reconciled state below is what every figure and label shows: dashboard, reports and their PDF
 * and XLSX, tracking, Kardex, payments pages, the public lookup. The database computes it in the view
 * `student_bonus` (migration 0016), which mirrors `bonusState` case for case; a test compares the two
 * over every combination of facts, so neither can drift.
 */
export const bonusStateLabels = {
  BAJA: 'BAJA',
  PAGADO: 'PAGADO',
  PAGADO_POR_VALIDAR: 'PAGADO POR BANCO, POR VALIDAR',
  PAGADO_SIN_DECLARAR: 'PAGADO POR BANCO SIN DECLARAR',
  NO_PAGADO_DECLARADO: 'NO PAGADO DECLARADO',
  DECLARADO_SIN_PAGO: 'DECLARADO PAGADO SIN PAGO DEL BANCO',
  BLOQUEADO: 'BLOQUEADO',
  PENDIENTE: 'PENDIENTE DE COBRO',
  SIN_TITULAR: 'SIN TITULAR',
};
export const bonusStates = codesOf(bonusStateLabels);
export type BonusState = (typeof bonusStates)[number];

/** What each state means, for the legends of reports and the reconciliation screen. */
export const bonusStateDescriptions: Record<BonusState, string> = {
  BAJA: 'Retirado como beneficiario en la gestión.',
  PAGADO: 'El banco pagó y, si el titular es maestro o director, la unidad educativa declaró la entrega.',
  PAGADO_POR_VALIDAR:
    'El banco pagó a un maestro o director como titular; la unidad educativa aún no consolidó su declaración.',
  PAGADO_SIN_DECLARAR:
    'El banco pagó a un maestro o director como titular y el pago no figura en la declaración consolidada.',
  NO_PAGADO_DECLARADO: 'El banco pagó y la unidad educativa declaró que el bono no llegó al estudiante.',
  DECLARADO_SIN_PAGO: 'La declaración consolidada dice que se entregó, pero el banco no registra el pago.',
  BLOQUEADO: 'Sin pago y con un bloqueo vigente.',
  PENDIENTE: 'Con titular registrado, sin pago del banco.',
  SIN_TITULAR: 'Sin titular registrado y sin pago.',
};

/** The facts the state is computed from, each read from its own table. */
export type BonusFacts = {
  /** The inscription was removed as beneficiary (bajas). */
  removed: boolean;
  /** Síntesis reports the bonus paid. */
  bankPaid: boolean;
  /** An active titular is registered. */
  hasTitular: boolean;
  /** The active titular is a teacher or director (holder types 2 and 3). */
  staffTitular: boolean;
  /** An open block. */
  blocked: boolean;
  /** The school's paid validation is consolidated (a declaration in force). */
  schoolDeclared: boolean;
  /** In the declaration in force: true delivered, false not delivered, null not declared. */
  declaredDelivered: boolean | null;
};

export function bonusState(f: BonusFacts): BonusState {
  if (f.removed) return 'BAJA';
  const declared = f.schoolDeclared ? f.declaredDelivered : null;
  if (declared === true) return f.bankPaid ? 'PAGADO' : 'DECLARADO_SIN_PAGO';
  if (declared === false && f.bankPaid) return 'NO_PAGADO_DECLARADO';
  if (f.bankPaid) {
    if (!f.staffTitular) return 'PAGADO';
    return f.schoolDeclared ? 'PAGADO_SIN_DECLARAR' : 'PAGADO_POR_VALIDAR';
  }
  if (f.blocked) return 'BLOQUEADO';
  return f.hasTitular ? 'PENDIENTE' : 'SIN_TITULAR';
}

/**
 * The states counted as paid in every 'Pagados' figure and amount: the bank paid and no sworn
 * declaration says the money did not reach the student. A payment still to be validated counts (the
 * bank's word stands until the school declares otherwise); 'NO PAGADO declarado' does not.
 */
export const paidBonusStates: readonly BonusState[] = ['PAGADO', 'PAGADO_POR_VALIDAR', 'PAGADO_SIN_DECLARAR'];
export const countsAsPaid = (state: BonusState) => paidBonusStates.includes(state);

/**
 * The states where the bank and the school's declaration in force disagree: the rows of
 * 'Conciliación Banco – DDJJ'.
 */
export const discrepancyBonusStates: readonly BonusState[] = [
  'NO_PAGADO_DECLARADO',
  'PAGADO_SIN_DECLARAR',
  'DECLARADO_SIN_PAGO',
];
export const isDiscrepancy = (state: BonusState) => discrepancyBonusStates.includes(state);

/** What a discrepancy means for the money, for the reconciliation's amounts. */
export const discrepancyEffects: Record<
  'NO_PAGADO_DECLARADO' | 'PAGADO_SIN_DECLARAR' | 'DECLARADO_SIN_PAGO',
  string
> = {
  NO_PAGADO_DECLARADO: 'A devolver al programa',
  PAGADO_SIN_DECLARAR: 'Pagado fuera de la declaración',
  DECLARADO_SIN_PAGO: 'Declarado sin respaldo del banco',
};
