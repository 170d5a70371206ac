import { describe, expect, it } from 'vitest';
import { homePathFor, permissionsFor, scopeKindFor } from './permissions.js';

describe('profiles', () => {
  it('sends type 2 users home by profile and everyone else to /', () => {
    expect(homePathFor({ type: 2, profile: 9 })).toBe('/tutors/principal');
    expect(homePathFor({ type: 2, profile: 10 })).toBe('/seguimiento/district/user');
    expect(homePathFor({ type: 2, profile: 7 })).toBe('/seguimiento/depto/user');
    expect(homePathFor({ type: 2, profile: 3 })).toBe('/');
    expect(homePathFor({ type: 1, profile: null })).toBe('/');
  });

  it('gives administrators everything and other type 2 profiles nothing', () => {
    expect(permissionsFor({ type: 1, profile: null, roles: ['Administrador'] })).toContain('users.manage');
    expect(permissionsFor({ type: 1, profile: null, roles: [] })).not.toContain('users.manage');
    expect(permissionsFor({ type: 2, profile: 3, roles: ['Administrador'] })).toEqual([]);
  });

  it('derives the scope kind from type and profile', () => {
    expect(scopeKindFor({ type: 1, profile: null, roles: [] })).toBe('national');
    expect(scopeKindFor({ type: 2, profile: 7, roles: [] })).toBe('department');
    expect(scopeKindFor({ type: 2, profile: 10, roles: [] })).toBe('district');
    expect(scopeKindFor({ type: 2, profile: 9, roles: [] })).toBe('institutions');
    expect(scopeKindFor({ type: 2, profile: 4, roles: [] })).toBe('none');
  });
});
