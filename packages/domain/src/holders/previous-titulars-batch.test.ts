import { describe, expect, it } from 'vitest';
import { holderMessages } from './messages.js';
import { previousTitularMessages } from './previous-titular.js';
import {
  type PreviousTitularCandidate,
  previousTitularExclusion,
  previousTitularsMessages,
  previousTitularsRequest,
} from './previous-titulars-batch.js';

const base: PreviousTitularCandidate = {
  removed: false,
  identityValidated: true,
  blocked: false,
  titularPersonId: null,
  declaredWithout: false,
  guardianRemoved: false,
  paidDeclared: false,
  personId: 7,
  birthDate: '1985-03-04',
  verified: true,
  relationshipId: 1,
};
const context = { codeType: 1, today: '2026-10-10' };
const reason = (change: Partial<PreviousTitularCandidate>) =>
  previousTitularExclusion({ ...base, ...change }, context);

describe('previousTitularExclusion', () => {
  it('admits a returning student whose titular this year’s rules admit', () => {
    expect(reason({})).toBeNull();
  });

  it('names each exception, the student’s own state first', () => {
    expect(reason({ removed: true, blocked: true })).toBe(holderMessages.studentRemoved);
    expect(reason({ identityValidated: false })).toBe(previousTitularsMessages.identityNotValidated);
    expect(reason({ blocked: true })).toBe(previousTitularsMessages.blocked);
    expect(reason({ titularPersonId: 7 })).toBe(previousTitularMessages.alreadyTitular);
    expect(reason({ titularPersonId: 8 })).toBe(previousTitularsMessages.otherTitular);
    expect(reason({ declaredWithout: true })).toBe(previousTitularsMessages.declaredWithout);
    expect(reason({ guardianRemoved: true })).toBe(previousTitularsMessages.guardianRemoved);
    expect(reason({ birthDate: '2008-10-11' })).toBe(holderMessages.notAdult);
    expect(reason({ verified: false })).toBe(previousTitularMessages.notVerified);
    expect(reason({ relationshipId: 9 })).toBe(holderMessages.relationshipNotAllowed);
    expect(reason({ paidDeclared: true })).toBe(previousTitularsMessages.paidDeclared);
  });
});

describe('previousTitularsRequest', () => {
  it('refuses an empty list and a repeated student, in Spanish', () => {
    expect(previousTitularsRequest.safeParse({ inscriptionIds: [] }).error?.issues[0]?.message).toBe(
      'Indique al menos un estudiante.',
    );
    expect(previousTitularsRequest.safeParse({ inscriptionIds: [1, 1] }).error?.issues[0]?.message).toBe(
      previousTitularsMessages.duplicated,
    );
    expect(previousTitularsRequest.parse({ inscriptionIds: [1, 2] })).toEqual({ inscriptionIds: [1, 2] });
  });
});
