import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PaymentSyncPanel } from './PaymentSyncPanel';

const render = (node: React.ReactNode) => renderToStaticMarkup(<MantineProvider>{node}</MantineProvider>);

describe('the payment sync result panel', () => {
  it('shows the last run: new, changed, unchanged, errors, when and by whom', () => {
    const html = render(
      <PaymentSyncPanel
        last={{
          run: {
            runId: 3,
            startedAt: '2025-11-20T13:59:00.000Z',
            finishedAt: '2025-11-20T14:00:00.000Z',
            by: 'Ana Pérez (admin)',
            beneficiaries: 15491,
            received: 12000,
            inserted: 1200,
            updated: 34,
            unchanged: 10766,
            errors: 0,
          },
        }}
      />,
    );
    for (const text of ['Nuevos', '1,200', 'Cambiados', '34', 'Sin cambios', '10,766', 'Errores'])
      expect(html).toContain(text);
    expect(html).toContain('por Ana Pérez (admin)');
    expect(html).toContain('15,491 beneficiarios');
    expect(html).toContain('20/11/2025');
  });

  it('says when payments were never synchronised', () => {
    expect(render(<PaymentSyncPanel last={{ run: null }} />)).toContain(
      'Aún no se sincronizaron pagos de Síntesis.',
    );
  });
});
