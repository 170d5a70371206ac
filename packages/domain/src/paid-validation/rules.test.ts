import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_AMOUNT_PER_STUDENT } from '../common/index.js';
import { paidMessages } from './messages.js';
import {
  formatSaldo,
  paidStateLabel,
  saldoADevolver,
  storedObservation,
  validationProblem,
} from './rules.js';
import { saveValidationRequest } from './schemas.js';

describe('paid validation rules', () => {
  it('labels the state button PAGADO, NO PAGADO or SIN VALIDAR', () => {
    expect(paidStateLabel(true)).toBe('PAGADO');
    expect(paidStateLabel(false)).toBe('NO PAGADO');
    expect(paidStateLabel(null)).toBe('SIN VALIDAR');
  });

  it('asks for a state first, then an observation for NO PAGADO', () => {
    expect(validationProblem({ isPaid: null, observation: 'x' })).toBe('Favor seleccione un estado de pago.');
    expect(validationProblem({ isPaid: false, observation: '   ' })).toBe('Favor ingresar la observación.');
    expect(validationProblem({ isPaid: false, observation: 'Se trasladó' })).toBeNull();
    expect(validationProblem({ isPaid: true })).toBeNull();
  });

  it('clears the observation for PAGADO and trims it for NO PAGADO', () => {
    expect(storedObservation(true, 'algo')).toBeNull();
    expect(storedObservation(false, '  Abandonó  ')).toBe('Abandonó');
  });

  it('gives the specification messages through the shared request schema', () => {
    const missing = saveValidationRequest.safeParse({ observation: 'x' });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.message).toBe(paidMessages.selectPaymentState);
    const noObservation = saveValidationRequest.safeParse({ isPaid: false, observation: '' });
    expect(noObservation.error?.issues[0]?.message).toBe(paidMessages.observationRequired);
    expect(saveValidationRequest.safeParse({ isPaid: true, observation: null }).success).toBe(true);
  });
});

describe('SALDO A DEVOLVER EN BOLIVIANOS', () => {
  it('is 200 BOB per undelivered student, with 2 decimals and comma thousands', () => {
    expect(formatSaldo(saldoADevolver(3, DEFAULT_AMOUNT_PER_STUDENT))).toBe('600.00');
    expect(formatSaldo(saldoADevolver(12_345, 200))).toBe('2,469,000.00');
    expect(formatSaldo(saldoADevolver(0, 200))).toBe('0.00');
  });

  it('property: saldo = amount × undelivered, shown to 2 decimals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_500_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (n, amount) => {
          const saldo = saldoADevolver(n, amount);
          expect(saldo).toBe(amount * n);
          const text = formatSaldo(saldo);
          expect(text).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
          expect(Number(text.replaceAll(',', ''))).toBe(amount * n);
          expect(text.endsWith('.00')).toBe(true);
        },
      ),
    );
  });

  it('refuses fractions and negatives', () => {
    expect(() => saldoADevolver(-1, 200)).toThrow(RangeError);
    expect(() => saldoADevolver(1.5, 200)).toThrow(RangeError);
    expect(() => saldoADevolver(1, 200.5)).toThrow(RangeError);
  });
});
