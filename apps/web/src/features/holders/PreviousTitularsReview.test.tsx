import type { PreviousTitularsRow, PreviousTitularsReview as Review } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PreviousTitularsReview } from './PreviousTitularsReview';

const row = (inscriptionId: number, reason: string | null): PreviousTitularsRow => ({
  inscriptionId,
  rude: `RUDE${inscriptionId}`,
  fullName: `MAMANI QUISPE ESTUDIANTE ${inscriptionId}`,
  course: 'Primaria 1 A',
  titular: {
    personId: inscriptionId + 100,
    carnet: '5000001',
    complemento: '',
    fullName: 'QUISPE ANA',
    relationshipName: 'MADRE',
  },
  reason,
});
const review: Review = {
  year: 2025,
  eligible: [row(1, null), row(2, null), row(3, null)],
  excluded: [row(4, 'El titular debe ser mayor de edad.'), row(5, 'El estudiante tiene un bloqueo vigente.')],
  alreadyDesignated: 7,
  truncated: false,
};
const render = (props: Partial<Parameters<typeof PreviousTitularsReview>[0]>) =>
  renderToStaticMarkup(
    <MantineProvider>
      <PreviousTitularsReview
        review={review}
        result={null}
        pending={false}
        error={null}
        onDesignate={() => {}}
        onClose={() => {}}
        {...props}
      />
    </MantineProvider>,
  );

describe("'Titulares de la gestión anterior'", () => {
  it('shows how many one confirmation designates, the exceptions with their reasons, and one button', () => {
    const html = render({});
    expect(html).toContain('3 estudiantes vuelven con su titular de la gestión 2025');
    expect(html).toContain('7 estudiantes ya tienen como titular al de la gestión anterior.');
    expect(html).toContain('Excepciones, no se designan (2)');
    expect(html).toContain('El titular debe ser mayor de edad.');
    expect(html).toContain('El estudiante tiene un bloqueo vigente.');
    expect(html).toContain('Designar 3 titulares');
  });

  it('offers no confirmation when nobody can be designated', () => {
    const html = render({ review: { ...review, eligible: [] } });
    expect(html).toContain('Ningún estudiante de la unidad educativa');
    expect(html).not.toContain('Designar');
  });

  it('after the confirmation, says how many were designated and exactly who was not and why', () => {
    const html = render({
      result: {
        designated: 2,
        notDesignated: [
          {
            inscriptionId: 3,
            rude: 'R3',
            fullName: 'ESTUDIANTE TRES',
            course: 'Primaria 1 A',
            reason: 'Ya es el titular de esta gestión.',
          },
        ],
      },
    });
    expect(html).toContain('Se designaron 2 titulares de la gestión anterior.');
    expect(html).toContain('1 estudiante no fue designado:');
    expect(html).toContain('ESTUDIANTE TRES (Primaria 1 A): Ya es el titular de esta gestión.');
  });
});
