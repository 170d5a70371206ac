import type { GuardianStudent } from '@bjp/domain';
import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { offeredSiblings, SiblingOffer } from './SiblingOffer';

const student = (inscriptionId: number, over: Partial<GuardianStudent> = {}): GuardianStudent => ({
  inscriptionId,
  rude: `8090${100000000 + inscriptionId}`,
  fullName: `QUISPE MAMANI ESTUDIANTE ${inscriptionId}`,
  course: 'Primaria - Segundo - A',
  relationshipName: 'MADRE',
  isTitular: false,
  currentTitular: null,
  reason: null,
  ...over,
});

describe("the siblings offer in 'Registrar''s confirmation (issue 37 §1)", () => {
  it('offers the other students the guardian may be titular of, not this one nor those already hers or refused', () => {
    const all = [
      student(1),
      student(2),
      student(3, { isTitular: true }),
      student(4, { reason: 'El estudiante está bloqueado.' }),
      student(5, { currentTitular: 'CONDORI JUAN' }),
    ];
    expect(offeredSiblings(all, 1).map((s) => s.inscriptionId)).toEqual([2, 5]);
  });

  it('says who they are, with the titular each has now, unticked until the director ticks it', () => {
    const html = renderToStaticMarkup(
      <MantineProvider>
        <SiblingOffer
          confirm="¿Está seguro?"
          name="ROSA MAMANI"
          students={[student(2), student(5, { currentTitular: 'CONDORI JUAN' })]}
          choice={{ also: false }}
        />
      </MantineProvider>,
    );
    expect(html).toContain('ROSA MAMANI también es tutor de 2 estudiantes más de esta unidad educativa.');
    expect(html).toContain('QUISPE MAMANI ESTUDIANTE 2 — Primaria - Segundo - A');
    expect(html).toContain('(Titular actual: CONDORI JUAN)');
    expect(html).not.toMatch(/<input[^>]*checked/);
  });
});
