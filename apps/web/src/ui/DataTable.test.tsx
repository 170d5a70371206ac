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
