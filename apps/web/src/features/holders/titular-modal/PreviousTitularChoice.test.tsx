import type { PreviousTitular } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PreviousTitularChoice } from './PreviousTitularChoice';

const mother: PreviousTitular = {
  year: 2025,
  personId: 7,
  carnet: '4512345',
  complemento: '1B',
  paterno: 'MAMANI',
  materno: 'QUISPE',
  name: 'ROSA',
  relationshipId: 1,
  relationshipName: 'MADRE',
  refusal: null,
};

const render = (previous: PreviousTitular, disabled = false) =>
  renderToStaticMarkup(
    <MantineProvider>
      <PreviousTitularChoice
        previous={previous}
        onChoose={() => undefined}
        loading={false}
        disabled={disabled}
      />
    </MantineProvider>,
  );

const chooseButton = (html: string) => html.match(/<button[^>]*aria-label="Elegir:[^"]*"[^>]*>/)?.[0] ?? '';

describe("the titular modal's 'Titular de la gestión 2025'", () => {
  it("names last year's titular with carnet and relationship, and offers 'Elegir'", () => {
    const html = render(mother);
    expect(html).toContain('Titular de la gestión 2025: MAMANI QUISPE ROSA');
    expect(html).toContain('CI 4512345-1B · MADRE');
    expect(html).toContain('>Elegir<');
    expect(chooseButton(html)).not.toContain('disabled');
  });

  it('shows a person the rules now refuse disabled, with the reason', () => {
    const html = render({ ...mother, refusal: 'El titular debe ser mayor de edad.' });
    expect(html).toContain('El titular debe ser mayor de edad.');
    expect(chooseButton(html)).toContain('disabled');
  });

  it('is disabled while the modal admits no change', () => {
    expect(chooseButton(render(mother, true))).toContain('disabled');
  });
});
