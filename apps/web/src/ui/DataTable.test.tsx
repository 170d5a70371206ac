import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from './DataTable';

const render = (total: number, totalCapped?: boolean) =>
  renderToStaticMarkup(
    <MantineProvider>
      <DataTable
        columns={[{ key: 'n', header: 'N', render: (r: { n: number }) => r.n }]}
        rows={Array.from({ length: 25 }, (_, i) => ({ n: i }))}
        rowKey={(r) => r.n}
        page={2}
        pageSize={25}
        total={total}
        totalCapped={totalCapped}
        onPageChange={() => {}}
      />
    </MantineProvider>,
  );

describe('DataTable summary', () => {
  it('states the exact total', () => {
    expect(render(1200)).toContain('Mostrando 26–50 de 1,200');
  });

  it("says 'más de' when the server stopped counting at the total", () => {
    expect(render(1000, true)).toContain('Mostrando 26–50 de más de 1,000');
  });
});

describe('DataTable on a phone (issue 37 §3)', () => {
  const markup = renderToStaticMarkup(
    <MantineProvider>
      <DataTable
        columns={[
          { key: 'rude', header: 'RUDE', render: (r: { rude: string }) => r.rude },
          { key: 'icon', header: <span>?</span>, label: 'Aviso', render: () => '!' },
          { key: 'action', header: '', render: () => <button type="button">Pendiente</button> },
        ]}
        rows={[{ rude: '2001' }]}
        rowKey={(r) => r.rude}
        page={1}
        pageSize={10}
        total={1}
        onPageChange={() => {}}
      />
    </MantineProvider>,
  );

  it('labels each cell with its header (or its label), for the card drawn on a phone', () => {
    expect(markup).toMatch(/<td[^>]*data-label="RUDE"[^>]*>2001<\/td>/);
    expect(markup).toMatch(/<td[^>]*data-label="Aviso"[^>]*>!<\/td>/);
    expect(markup).toMatch(/<td[^>]*data-label=""[^>]*><button/);
  });

  it('draws rows as cards unless told otherwise', () => {
    expect(markup).toContain('data-cards="true"');
  });
});
