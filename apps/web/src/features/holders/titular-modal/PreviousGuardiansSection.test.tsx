import type { PreviousGuardians } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PreviousGuardiansSection } from './PreviousGuardiansSection';

const previous: PreviousGuardians = {
  year: 2025,
  candidates: [
    {
      personId: 7,
      carnet: '4512345',
      complemento: '1B',
      paterno: 'MAMANI',
      materno: 'QUISPE',
      name: 'ROSA',
      relationshipId: 1,
      relationshipName: 'MADRE',
      refusal: null,
    },
    {
      personId: 8,
      carnet: '3344556',
      complemento: '',
      paterno: 'CONDORI',
      materno: '',
      name: 'JUAN',
      relationshipId: 3,
      relationshipName: 'ABUELA/O',
      refusal: 'Su identidad no fue validada por SEGIP: búsquelo con «Adicionar Titular».',
    },
  ],
};

const render = (value: PreviousGuardians, disabled = false, pending: 'all' | number | null = null) =>
  renderToStaticMarkup(
    <MantineProvider>
      <PreviousGuardiansSection
        previous={value}
        onAdd={() => undefined}
        pending={pending}
        disabled={disabled}
      />
    </MantineProvider>,
  );

const buttons = (html: string) => html.match(/<button[^>]*>/g) ?? [];
const addAll = (html: string) =>
  html.match(/<button(?:(?!<button).)*?Agregar los tutores de 2025/)?.[0] ?? '';

describe("the titular modal's 'Tutores de la gestión 2025'", () => {
  it('lists last year’s guardians with CI and relationship, one button for all and one per admitted row', () => {
    const html = render(previous);
    expect(html).toContain('Tutores de la gestión 2025');
    expect(html).toContain('MAMANI QUISPE ROSA');
    expect(html).toContain('CI 4512345-1B · MADRE');
    expect(html).toContain('CI 3344556 · ABUELA/O');
    expect(html).toContain('Agregar los tutores de 2025');
    expect(addAll(html)).not.toContain('disabled');
    // The refused one shows the reason and no 'Agregar'.
    expect(html).toContain('Su identidad no fue validada por SEGIP');
    expect(html).toContain('aria-label="Agregar: MAMANI QUISPE ROSA"');
    expect(html).not.toContain('aria-label="Agregar: CONDORI JUAN"');
  });

  it('disables everything while the modal admits no change', () => {
    for (const button of buttons(render(previous, true))) expect(button).toContain('disabled');
  });

  it('disables the button for all when nobody listed is admitted', () => {
    const html = render({ ...previous, candidates: [previous.candidates[1]!] });
    expect(addAll(html)).toContain('disabled');
  });
});
