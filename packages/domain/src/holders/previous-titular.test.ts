import { describe, expect, it } from 'vitest';
import { holderMessages } from './messages.js';
import { previousTitularMessages, previousTitularRefusal } from './previous-titular.js';

const base = {
  birthDate: '1985-03-04',
  verified: true,
  relationshipId: 1,
  codeType: 1,
  today: '2026-10-10',
  alreadyTitular: false,
};

describe('previousTitularRefusal', () => {
  it("admits last year's titular under this year's rules", () => {
    expect(previousTitularRefusal(base)).toBeNull();
  });

  it('refuses, naming the first rule that fails', () => {
    expect(previousTitularRefusal({ ...base, alreadyTitular: true })).toBe(
      previousTitularMessages.alreadyTitular,
    );
    // 18 on the day after: not of age today.
    expect(previousTitularRefusal({ ...base, birthDate: '2008-10-11' })).toBe(holderMessages.notAdult);
    expect(previousTitularRefusal({ ...base, birthDate: '2008-10-10' })).toBeNull();
    expect(previousTitularRefusal({ ...base, verified: false })).toBe(previousTitularMessages.notVerified);
    // 'OTROS' (9) is not a relationship a regular school (code type 1) admits.
    expect(previousTitularRefusal({ ...base, relationshipId: 9 })).toBe(
      holderMessages.relationshipNotAllowed,
    );
    expect(previousTitularRefusal({ ...base, relationshipId: 9, codeType: 4 })).toBeNull();
  });
});
