import { describe, expect, it } from 'vitest';
import {
  identityValidated,
  normalizeDocument,
  periodOpen,
  titularEditBlocker,
  titularStatus,
  titularStatusLabel,
} from './status.js';
import { newTitularRequest, personSearchRequest } from './titular-schemas.js';

const base = { institutionId: 80_730_001, titularRegisteredAt: null, excluded: false, removed: false };

describe('titular status', () => {
  it('is Pendiente without a titular, Registrado with one, and names the other SIE when registered elsewhere', () => {
    expect(titularStatus(base)).toBe('pending');
    expect(titularStatus({ ...base, titularRegisteredAt: 80_730_001 })).toBe('registered');
    const elsewhere = titularStatus({ ...base, titularRegisteredAt: 80_730_002 });
    expect(elsewhere).toBe('registered_elsewhere');
    expect(titularStatusLabel(elsewhere, 80_730_002)).toBe('Registrado en SIE: 80730002');
    expect(titularStatusLabel('pending', null)).toBe('Pendiente');
    expect(titularStatusLabel('registered', 1)).toBe('Registrado');
  });

  it('tells a student declared without titular and a removed one apart from pending', () => {
    expect(titularStatus({ ...base, excluded: true })).toBe('excluded');
    expect(titularStatus({ ...base, removed: true, titularRegisteredAt: 1 })).toBe('removed');
  });
});

describe('modal eligibility', () => {
  const open = {
    canEdit: true,
    consolidated: false,
    periodOpen: true,
    identityValidated: true,
    removed: false,
  };
  it('opens only with an open list, an open period and a validated identity', () => {
    expect(titularEditBlocker(open)).toBeNull();
    expect(titularEditBlocker({ ...open, consolidated: true })).toBe('consolidated');
    expect(titularEditBlocker({ ...open, periodOpen: false })).toBe('period_closed');
    expect(titularEditBlocker({ ...open, identityValidated: false })).toBe('identity');
    expect(titularEditBlocker({ ...open, removed: true })).toBe('removed');
    expect(titularEditBlocker({ ...open, canEdit: false })).toBe('read_only');
  });

  it('validates identity by SEGIP (segip_id 1) or SERECI', () => {
    expect(identityValidated({ segipId: 1, emparejaSereci: false })).toBe(true);
    expect(identityValidated({ segipId: 0, emparejaSereci: true })).toBe(true);
    expect(identityValidated({ segipId: 2, emparejaSereci: false })).toBe(false);
  });

  it('keeps the period open from its first to its last day', () => {
    const period = { startsOn: '2025-10-13', endsOn: '2025-11-29', active: true };
    expect(periodOpen(period, '2025-10-12')).toBe(false);
    expect(periodOpen(period, '2025-10-13')).toBe(true);
    expect(periodOpen(period, '2025-11-29')).toBe(true);
    expect(periodOpen(period, '2025-11-30')).toBe(false);
    expect(periodOpen({ ...period, active: false }, '2025-11-01')).toBe(false);
    expect(periodOpen(null, '2025-11-01')).toBe(false);
  });
});

describe('titular requests', () => {
  it('upper-cases the document and asks for it when empty', () => {
    expect(normalizeDocument(' 1234567 ')).toBe('1234567');
    expect(personSearchRequest.parse({ carnet: ' 4589123 ', complemento: '1a' })).toEqual({
      carnet: '4589123',
      complemento: '1A',
    });
    const empty = personSearchRequest.safeParse({ carnet: '  ' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('Ingrese un documento de identidad');
  });

  it('answers every missing field of a new titular with the specification message', () => {
    const full = {
      carnet: '4589123',
      complemento: '',
      foreign: false,
      relationshipId: 1,
      gender: 2,
      birthDate: '1988-04-02',
      name: 'maría',
      paterno: 'quispe',
      materno: '',
    };
    expect(newTitularRequest.parse(full)).toMatchObject({ name: 'MARÍA', paterno: 'QUISPE' });
    for (const field of ['foreign', 'relationshipId', 'gender', 'birthDate', 'name'] as const) {
      const { [field]: _dropped, ...rest } = full;
      const result = newTitularRequest.safeParse(rest);
      expect(result.error?.issues[0]?.message, field).toBe('Ingrese todos los datos solicitados.');
    }
    const noSurname = newTitularRequest.safeParse({ ...full, paterno: '', materno: '' });
    expect(noSurname.error?.issues[0]?.message).toBe('Ingrese todos los datos solicitados.');
    const badDate = newTitularRequest.safeParse({ ...full, birthDate: '1988-02-30' });
    expect(badDate.success).toBe(false);
  });
});
