import { describe, expect, it } from 'vitest';
import { payingBankNames } from '../payments/index.js';
import { normalizeHeader, parseFileDate, rowErrorText } from './layout.js';
import { checkPaymentHeader, validatePaymentRow } from './payment-layout.js';

const cells = (over: Partial<Record<string, string>> = {}) => ({
  RUDE: ' 80730014200519a ',
  MONTO: '200',
  FECHA_PAGO: '5/11/2025',
  BANCO: 'Banco Unión',
  AGENCIA: '',
  MODALIDAD: 'ventanilla',
  ...over,
});

describe('the payment file layout', () => {
  it('compares header names without case, accents, spaces or BOM', () => {
    expect(normalizeHeader('\uFEFF Fecha pago ')).toBe('FECHA_PAGO');
    expect(normalizeHeader('Agéncia')).toBe('AGENCIA');
    const header = checkPaymentHeader(['modalidad', 'rude', 'Monto', 'fecha-pago', 'banco', 'agencia', '']);
    expect(header).toEqual({
      ok: true,
      positions: { MODALIDAD: 0, RUDE: 1, MONTO: 2, FECHA_PAGO: 3, BANCO: 4, AGENCIA: 5 },
    });
  });

  it('names missing and extra columns', () => {
    const header = checkPaymentHeader(['RUDE', 'MONTO', 'FECHA_PAGO', 'BANCO', 'AGENCIA', 'OBS']);
    expect(header.ok).toBe(false);
    expect(!header.ok && header.message).toMatch(/faltan: MODALIDAD\) \(sobran: OBS\)/);
  });

  it('reads dd/mm/aaaa and aaaa-mm-dd, and only real days', () => {
    expect(parseFileDate('05/11/2025')).toBe('2025-11-05');
    expect(parseFileDate('5/1/2025')).toBe('2025-01-05');
    expect(parseFileDate('2025-11-05')).toBe('2025-11-05');
    for (const bad of ['31/02/2025', '2025/11/05', '05-11-2025', '11/05/25', ''])
      expect(parseFileDate(bad)).toBeNull();
  });

  it('normalises a valid row', () => {
    expect(validatePaymentRow(cells(), 2, 200)).toEqual({
      ok: true,
      row: {
        line: 2,
        rude: '80730014200519A',
        amount: 200,
        paidOn: '2025-11-05',
        bank: 'Banco Unión',
        agency: '',
        mode: 'VENTANILLA',
      },
    });
    expect(validatePaymentRow(cells({ MONTO: '200,00' }), 2, 200).ok).toBe(true);
  });

  it('writes a bank and a mode in the one spelling the sync writes them in (issue 35 §7)', () => {
    const bank = (BANCO: string) => {
      const r = validatePaymentRow(cells({ BANCO }), 2, 200);
      return r.ok ? r.row.bank : null;
    };
    expect(bank('BANCO UNIÓN')).toBe('Banco Unión');
    expect(bank('banco union')).toBe('Banco Unión');
    expect(bank('BUN')).toBe('Banco Unión');
    expect(bank('BANCO SOL')).toBe('BancoSol');
    expect(bank('Banco de Credito de Bolivia')).toBe('Banco de Crédito de Bolivia');
    for (const name of payingBankNames) expect(bank(name.toUpperCase())).toBe(name);
    const mode = validatePaymentRow(cells({ MODALIDAD: '  abono ' }), 2, 200);
    expect(mode.ok && mode.row.mode).toBe('ABONO');
    const unknown = validatePaymentRow(cells({ BANCO: 'BANCO DE MENTIRA' }), 7, 200);
    expect(!unknown.ok && rowErrorText(unknown.errors[0]!)).toMatch(
      /^Línea 7, BANCO: el banco «BANCO DE MENTIRA» no es uno de los bancos que pagan el bono \(Banco Unión, BancoSol/,
    );
  });

  it('reports every problem of a row with its line and column, in Spanish', () => {
    const result = validatePaymentRow(
      cells({ RUDE: 'AB-12', MONTO: '150', FECHA_PAGO: 'ayer', BANCO: ' ' }),
      12,
      200,
    );
    expect(result.ok).toBe(false);
    const texts = !result.ok ? result.errors.map(rowErrorText) : [];
    expect(texts).toEqual([
      'Línea 12, RUDE: RUDE no válido (solo letras y números, hasta 30).',
      'Línea 12, MONTO: el monto debe ser 200 Bs, el monto del programa por estudiante.',
      'Línea 12, FECHA_PAGO: fecha no válida (use dd/mm/aaaa).',
      'Línea 12, BANCO: dato obligatorio vacío.',
    ]);
  });
});
