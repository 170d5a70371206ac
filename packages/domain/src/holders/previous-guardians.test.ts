import { describe, expect, it } from 'vitest';
import {
  previousGuardianRefusal,
  previousGuardiansMessages,
  previousGuardiansRequest,
} from './previous-guardians.js';

describe("last year's guardians (decision 041)", () => {
  it('admits a SEGIP-confirmed person with a relationship the school admits', () => {
    expect(previousGuardianRefusal({ verified: true, relationshipId: 1, codeType: 1 })).toBeNull();
  });

  it('refuses an unconfirmed person first, then a relationship the school does not admit', () => {
    expect(previousGuardianRefusal({ verified: false, relationshipId: 9, codeType: 1 })).toBe(
      previousGuardiansMessages.notVerified,
    );
    expect(previousGuardianRefusal({ verified: true, relationshipId: 9, codeType: 1 })).toBe(
      'El parentesco no está permitido para esta institución.',
    );
  });

  it('takes no ids (all) or one to fifty', () => {
    expect(previousGuardiansRequest.safeParse({}).success).toBe(true);
    expect(previousGuardiansRequest.safeParse({ personIds: [3] }).success).toBe(true);
    expect(previousGuardiansRequest.safeParse({ personIds: [] }).success).toBe(false);
  });

  it('says how many joined', () => {
    expect(previousGuardiansMessages.added(0)).toBe(
      'Los tutores de la gestión anterior ya figuran en la lista.',
    );
    expect(previousGuardiansMessages.added(2)).toBe('Se agregaron 2 tutores de la gestión anterior.');
  });
});
