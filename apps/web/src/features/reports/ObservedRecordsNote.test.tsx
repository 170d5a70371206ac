import { observedKindLabels } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ObservedRecordsNote } from './ObservedRecordsNote';

const render = (node: React.ReactNode) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>{node}</MemoryRouter>
    </MantineProvider>,
  );

describe('the note of a run’s observed payments', () => {
  it('counts the records per kind and links to the report', () => {
    const html = render(
      <ObservedRecordsNote
        observed={[
          { kind: 'ANTES_DEL_INICIO', label: observedKindLabels.ANTES_DEL_INICIO, records: 1_200 },
          { kind: 'BLOQUEADO', label: observedKindLabels.BLOQUEADO, records: 3 },
        ]}
      />,
    );
    expect(html).toContain('1,203 pagos observados');
    expect(html).toContain(`${observedKindLabels.ANTES_DEL_INICIO} (1,200)`);
    expect(html).toContain('href="/reports/observed-payments"');
  });

  it('says nothing when the run brought none, or predates the count', () => {
    // Mantine's provider writes its style tag whatever it holds: the note itself must be absent.
    expect(render(<ObservedRecordsNote observed={[]} />)).not.toContain('observed-records');
    expect(render(<ObservedRecordsNote observed={undefined} />)).not.toContain('observed-records');
  });
});
