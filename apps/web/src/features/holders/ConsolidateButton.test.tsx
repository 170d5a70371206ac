import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ConsolidateButton } from './ConsolidateButton';

const render = (remaining: number) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MantineProvider>
        <ConsolidateButton sie={80730001} enabled remaining={remaining} />
      </MantineProvider>
    </QueryClientProvider>,
  );

describe("the holders' 'Consolidar Estudiantes'", () => {
  it('says how many students remain without a titular before anything is clicked', () => {
    const html = render(1234);
    expect(html).toContain('Consolidar Estudiantes');
    expect(html).toContain('Faltan 1,234 estudiantes sin titular registrado.');
    expect(render(1)).toContain('Falta 1 estudiante sin titular registrado.');
  });

  it('says when nobody remains', () => {
    expect(render(0)).toContain(
      'Todos los estudiantes tienen titular registrado o están marcados sin titular.',
    );
  });
});
