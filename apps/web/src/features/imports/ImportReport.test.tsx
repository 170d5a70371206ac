import type { DryRunResult } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImportReport } from './ImportReport';

const render = (node: React.ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

const report: DryRunResult = {
  id: 4,
  kind: 'payments',
  fileName: 'pagos.csv',
  sha256: 'ab'.repeat(32),
  size: 1234,
  by: 'Ana Pérez (admin)',
  createdAt: '2025-11-20T14:00:00.000Z',
  confirmedAt: null,
  state: 'checked',
  counts: { rows: 1250, new: 1200, unchanged: 30, changed: 10, refused: 8, errors: 2 },
  result: null,
  errorList: [
    { line: 12, column: 'FECHA_PAGO', message: 'Línea 12, FECHA_PAGO: fecha no válida (use dd/mm/aaaa).' },
  ],
  errorsTruncated: true,
};

describe('the dry run report', () => {
  it('shows the counts, the first errors with their line and the spreadsheet of all', () => {
    const html = render(<ImportReport report={report} result={null} />);
    for (const text of [
      'Pagos nuevos',
      '1,200',
      'Sin cambios',
      'Modificados',
      'Rechazados',
      'Filas con errores',
    ])
      expect(html).toContain(text);
    expect(html).toContain('Línea 12, FECHA_PAGO: fecha no válida (use dd/mm/aaaa).');
    expect(html).toContain('Descargar errores (XLSX)');
    expect(html).toContain('se muestran los primeros 1');
  });

  it('shows what the confirmation wrote beside the forecast', () => {
    const result = { ...report.counts, new: 1199, refused: 9 };
    const html = render(<ImportReport report={report} result={result} />);
    expect(html).toContain('1,199');
  });
});
