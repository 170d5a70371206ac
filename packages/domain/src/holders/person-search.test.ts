import { describe, expect, it } from 'vitest';
import { maskName, personSearchResponse } from './person-search.js';

describe('maskName', () => {
  it('keeps one initial a word and hides each word length', () => {
    expect(maskName('MARIA ELENA')).toBe('M*** E***');
    expect(maskName('QUISPE')).toBe('Q***');
    expect(maskName('Ñ')).toBe('Ñ***');
    expect(maskName('  DE  LA   CRUZ ')).toBe('D*** L*** C***');
    expect(maskName('')).toBe('');
  });
});

describe('personSearchResponse', () => {
  it('strips whatever a found person carries beyond the id and the names', () => {
    const parsed = personSearchResponse.parse({
      found: true,
      person: { id: 1, paterno: 'Q***', materno: '', name: 'A***', birthDate: '1980-01-01', gender: 2 },
    });
    expect(parsed.person).toStrictEqual({ id: 1, paterno: 'Q***', materno: '', name: 'A***' });
  });
});
