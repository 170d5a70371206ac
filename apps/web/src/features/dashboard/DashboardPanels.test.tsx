import type { DepartmentPaidRow, InstitutionCompletionRow, SystemStats } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PaymentRange } from './api';
import { DashboardPanels } from './DashboardPanels';
import { SCHOOLS_NOTE } from './summary';

type Panels = Parameters<typeof DashboardPanels>[0];

const loaded = <T,>(data: T) => ({ data, isPending: false, isError: false }) as never;
const row = { departmentId: 2, code: 'LP', depto: 'La Paz' };
const paid = loaded<{ rows: DepartmentPaidRow[]; amountPerStudent: number }>({
  rows: [{ ...row, total: 10, paid: 4 }],
  amountPerStudent: 200,
});
const systems = loaded<SystemStats>({
  special: 1,
  primary: 2,
  secondary: 1,
  totals: { special: 2, primary: 5, secondary: 3 },
});
const schools = loaded<{ rows: InstitutionCompletionRow[] }>({ rows: [{ ...row, total: 3, completed: 1 }] });

const render = (range: PaymentRange) => {
  const props: Panels = { range, setRange: () => undefined, paid, systems, schools };
  return renderToStaticMarkup(
    <MantineProvider>
      <DashboardPanels {...props} />
    </MantineProvider>,
  );
};
const notes = (html: string) =>
  [...html.matchAll(/data-testid="chart-note"[^>]*>([^<]*)</g)].map((m) => m[1]!.replaceAll('&amp;', '&'));

describe('the dashboard and its payment-date range (issue 16)', () => {
  it('says under the school charts that they do not follow the range', () => {
    const html = render({ from: '2025-11-01', to: '2025-11-05' });
    expect(notes(html).filter((n) => n === SCHOOLS_NOTE)).toHaveLength(2);
    expect(SCHOOLS_NOTE).toMatch(/^No depende del rango de fechas/);
  });

  it('says which payments the other charts count, and that the systems chart counts paid students', () => {
    const ranged = render({ from: '2025-11-01', to: '2025-11-05' });
    expect(ranged).toContain('Estudiantes pagados por sistema');
    expect(ranged).not.toContain('>Estudiantes por sistema<');
    expect(notes(ranged).filter((n) => n === 'Pagos del 01/11/2025 al 05/11/2025')).toHaveLength(5);
    expect(notes(render({})).filter((n) => n === 'Pagos de todas las fechas')).toHaveLength(5);
  });
});
