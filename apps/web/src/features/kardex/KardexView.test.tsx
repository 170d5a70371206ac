import type { Kardex } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { KardexView, ledgerRecord } from './KardexView';

const first = {
  paidOn: '2026-10-27',
  bank: 'BancoSol',
  mode: 'VENTANILLA',
  amountBob: 200,
  bankStatus: 'PAGADO',
};
const corrected = { ...first, paidOn: '2025-10-17', bank: 'Banco Unión' };

const kardex: Kardex = {
  student: {
    id: 1,
    rude: '2001017420180001',
    name: 'QUISPE ANA',
    birthDate: '2016-03-04',
    identity: 'Validado SEGIP',
  },
  inscriptions: [
    {
      id: 5,
      year: 2026,
      institution: 'U.E. ADELA ZAMUDIO',
      institutionId: 20060077,
      course: 'Primaria - Segundo - A',
      removedAt: null,
      bonusState: 'PAGADO',
    },
  ],
  titulars: [],
  adjustments: [],
  removals: [],
  validations: [],
  blocks: [],
  payments: [],
  ledger: [
    {
      id: 10,
      inscriptionId: 5,
      source: 'sync',
      sourceId: 3,
      receivedAt: '2026-10-28T13:00:00Z',
      after: first,
      before: null,
    },
    {
      id: 11,
      inscriptionId: 5,
      source: 'import',
      sourceId: 7,
      receivedAt: '2026-11-02T15:00:00Z',
      after: corrected,
      before: first,
    },
  ],
  syncChanges: [],
  declarations: [],
  novelties: [],
};

describe("the Kardex's payment ledger (issue 33 §3)", () => {
  it('lists every entry the bank sent, a correction as before → after with its source', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <KardexView k={kardex} />
      </MantineProvider>,
    );
    expect(html).toContain('Libro de pagos del banco');
    expect(html).toContain('Sincronización con Síntesis n.º 3');
    expect(html).toMatch(/<td[^>]*>2026<\/td><td[^>]*>28\/10\/2026/);
    expect(html).toContain('Importación del archivo de pagos n.º 7');
    // The first record stays, shown as what the correction replaced.
    expect(html.split('PAGADO 27/10/2026 · BancoSol · VENTANILLA · 200.00 Bs.').length - 1).toBe(2);
    expect(html).toContain('PAGADO 17/10/2025 · Banco Unión · VENTANILLA · 200.00 Bs.');
  });

  it('writes an annulment and a record without a payment plainly', () => {
    expect(
      ledgerRecord({ paidOn: null, bank: null, mode: null, amountBob: null, bankStatus: 'ANULADO' }),
    ).toBe('ANULADO');
    expect(ledgerRecord({ ...first, bankStatus: 'NO_PAGADO', paidOn: null, amountBob: null })).toBe(
      'NO PAGADO · BancoSol · VENTANILLA',
    );
  });
});
