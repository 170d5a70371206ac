import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WithBlockedBadge } from './BlockedBadge';

const render = (blocked: boolean) =>
  renderToStaticMarkup(
    <MantineProvider>
      <WithBlockedBadge blocked={blocked}>ANA</WithBlockedBadge>
    </MantineProvider>,
  );

describe('WithBlockedBadge', () => {
  it("adds the red 'Bloqueado' badge with its title to a blocked student's name", () => {
    const html = render(true);
    expect(html).toContain('ANA');
    expect(html).toContain('>Bloqueado<');
    expect(html).toContain('title="Estudiante con bloqueo temporal de pago"');
    expect(html).toContain('data-testid="blocked-badge"');
    expect(html).toContain('--badge-bg:var(--mantine-color-red-filled)');
  });

  it('leaves a student without an open block as plain text', () => {
    expect(render(false)).not.toContain('Bloqueado');
    expect(render(false)).toContain('ANA');
  });
});
