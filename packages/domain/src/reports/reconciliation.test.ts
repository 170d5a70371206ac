import { describe, expect, it } from 'vitest';
import { discrepancyBonusStates } from '../payments/index.js';
import {
  declaredLabel,
  reconciliationDocumentQuery,
  reconciliationMessages,
  reconciliationPlaceLabel,
  reconciliationQuery,
  reconciliationStates,
} from './reconciliation.js';

describe('Conciliación Banco – DDJJ schemas', () => {
  it('filters by exactly the discrepancy states of the one payment truth', () => {
    expect([...reconciliationStates].sort()).toEqual([...discrepancyBonusStates].sort());
  });

  it('reads page and state, refusing other states in Spanish', () => {
    expect(reconciliationQuery.parse({})).toEqual({ page: 1 });
    expect(reconciliationQuery.parse({ page: '3', state: 'DECLARADO_SIN_PAGO' })).toEqual({
      page: 3,
      state: 'DECLARADO_SIN_PAGO',
    });
    const wrong = reconciliationQuery.safeParse({ state: 'PAGADO' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(reconciliationMessages.invalidState);
    expect(reconciliationQuery.safeParse({ page: '2147483648' }).success).toBe(false);
    expect(reconciliationDocumentQuery.safeParse({ format: 'pdf', state: 'BAJA' }).success).toBe(false);
    expect(reconciliationDocumentQuery.parse({ format: 'xlsx' })).toEqual({ format: 'xlsx' });
  });

  it('names what the declaration says and the place', () => {
    expect([declaredLabel('PAGADO'), declaredLabel('NO_PAGADO'), declaredLabel(null)]).toEqual([
      'PAGADO',
      'NO PAGADO',
      'NO DECLARADO',
    ]);
    const base = { departmentName: 'La Paz', districtName: 'La Paz 1' };
    expect(reconciliationPlaceLabel({ level: 'national', id: null, name: 'Bolivia', ...base })).toBe(
      'Nacional: Bolivia',
    );
    expect(reconciliationPlaceLabel({ level: 'district', id: 2001, name: 'La Paz 1', ...base })).toBe(
      'Distrito: La Paz 1 (2001) — Departamento: La Paz',
    );
    expect(
      reconciliationPlaceLabel({ level: 'institution', id: 20010115, name: 'UE Don Bosco', ...base }),
    ).toBe('UE/CEE: UE Don Bosco (SIE 20010115) — Distrito: La Paz 1 — Departamento: La Paz');
  });
});
