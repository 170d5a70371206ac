import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { PublicConfig } from './public-config';
import { ClosedYearBanner, type Gestion, useGestion, YearSelector } from './year';

const twoYears: PublicConfig = {
  appEnv: 'production',
  year: 2025,
  amountPerStudent: 200,
  years: [
    { year: 2025, closed: false },
    { year: 2024, closed: true },
  ],
};
const oneYear: PublicConfig = { ...twoYears, years: [{ year: 2025, closed: false }] };

/** The last year a rendered page saw. */
let seen: Gestion | null = null;

function Page() {
  const gestion = useGestion();
  seen = gestion;
  return (
    <>
      <YearSelector gestion={gestion} />
      <ClosedYearBanner gestion={gestion} />
    </>
  );
}

/** What a page sees of the year for this address and this public configuration. */
function render(search: string, config: PublicConfig | undefined) {
  // No retries and no fetch in a static render: a missing configuration stays missing.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  if (config) client.setQueryData(['config', 'public'], config);
  const router = createMemoryRouter([{ path: '/reports/institution', element: <Page /> }], {
    initialEntries: [`/reports/institution${search}`],
  });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MantineProvider>
        <RouterProvider router={router} />
      </MantineProvider>
    </QueryClientProvider>,
  );
  return { html, gestion: seen as unknown as Gestion };
}

describe('the year selector (gestión)', () => {
  it('reads the open year, sends no year and shows no banner without ?gestion', () => {
    const { html, gestion } = render('', twoYears);
    expect(gestion).toMatchObject({ year: 2025, query: undefined, closed: false });
    expect(html).toContain('Gestión');
    expect(html).toContain('<option value="2025" selected="">2025 (abierta)</option>');
    expect(html).not.toContain('solo consulta');
  });

  it('reads a closed year from the address, sends it, and says it is read only', () => {
    const { html, gestion } = render('?gestion=2024', twoYears);
    expect(gestion).toMatchObject({ year: 2024, query: 2024, closed: true });
    expect(html).toContain('<option value="2024" selected="">2024 (cerrada)</option>');
    expect(html).toContain('Gestión 2024 (cerrada) — solo consulta');
  });

  it('reads a year the console does not hold, or the open year named, as the open year', () => {
    for (const search of ['?gestion=2019', '?gestion=2025', '?gestion=abc']) {
      const { html, gestion } = render(search, twoYears);
      expect({ search, ...gestion, choose: undefined, years: undefined }).toEqual({
        search,
        year: 2025,
        query: undefined,
        closed: false,
        choose: undefined,
        years: undefined,
      });
      expect(html).not.toContain('solo consulta');
    }
  });

  it('asks for the year in the address at once while the configuration has not arrived', () => {
    const { gestion } = render('?gestion=2024', undefined);
    expect(gestion).toMatchObject({ year: 2024, query: 2024, closed: true });
    expect(render('', undefined).gestion).toMatchObject({ query: undefined, closed: false });
  });

  it('is not shown while the console holds a single year', () => {
    const { html } = render('', oneYear);
    expect(html).not.toContain('Gestión');
  });
});
