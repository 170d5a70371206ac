import { describe, expect, it } from 'vitest';
import { permissionLabels } from './permission-labels.js';
import { permissions, permissionsFor, profilePermissions } from './permissions.js';
import { roleNames } from './profiles.js';
import {
  effectiveRoles,
  isAdministrator,
  roleFits,
  roleGrants,
  rolesOfferedTo,
  roleTable,
  userKindOf,
  userKinds,
} from './roles.js';

const sample = {
  ministry: { type: 1, profile: null },
  department: { type: 2, profile: 7 },
  district: { type: 2, profile: 10 },
  director: { type: 2, profile: 9 },
  otherSie: { type: 2, profile: 3 },
} as const;

describe('role table', () => {
  it('describes every role of the catalogue, and every offered role says what it grants', () => {
    expect(Object.keys(roleTable).sort()).toEqual([...roleNames].sort());
    for (const role of roleNames) {
      const def = roleTable[role];
      expect(def.name).toBe(role);
      if (def.fits.length > 0) {
        expect(def.description, role).not.toBe('');
        expect(def.grants === 'all' || def.grants.length > 0, role).toBe(true);
      } else {
        expect(def.notOffered, role).toBeTruthy();
      }
    }
  });

  it('labels every permission in Spanish', () => {
    for (const p of permissions) expect(permissionLabels[p], p).toMatch(/^[A-ZÁÉÍÓÚ]/);
  });

  it('tells the kind of user from type and profile', () => {
    for (const kind of userKinds) expect(userKindOf(sample[kind])).toBe(kind);
    expect(userKindOf({ type: 1, profile: 9 })).toBe('ministry');
  });

  it('offers ministry users Administrador, Comunicación and Root, and SIE users nothing', () => {
    expect(rolesOfferedTo(sample.ministry)).toEqual(['Administrador', 'Comunicación', 'Root']);
    for (const kind of ['department', 'district', 'director', 'otherSie'] as const)
      expect(rolesOfferedTo(sample[kind]), kind).toEqual([]);
    expect(roleFits('Directores', sample.director)).toBe(false);
  });

  it('grants, for each role and kind it fits, exactly the profile plus the role’s permissions', () => {
    for (const role of roleNames) {
      for (const kind of userKinds) {
        const user = { ...sample[kind], roles: [role] };
        const got = permissionsFor(user);
        const base = profilePermissions(user);
        if (!roleFits(role, user)) {
          expect(got, `${role} ${kind}`).toEqual(permissionsFor({ ...user, roles: [] }));
          continue;
        }
        const expected = new Set([...base, ...roleGrants(role, permissions)]);
        expect(new Set(got), `${role} ${kind}`).toEqual(expected);
      }
    }
  });

  it('gives Administrador and Root every permission', () => {
    const admin = permissionsFor({ ...sample.ministry, roles: ['Administrador'] });
    expect(admin).toEqual(permissions);
    expect(permissionsFor({ ...sample.ministry, roles: ['Root'] })).toEqual(admin);
  });

  it('ignores a stored role that does not fit, everywhere it is read', () => {
    const director = { ...sample.director, roles: ['Administrador', 'Directores'] };
    expect(effectiveRoles(director)).toEqual([]);
    expect(isAdministrator(director)).toBe(false);
    expect(permissionsFor(director)).not.toContain('users.manage');
    const staff = { ...sample.ministry, roles: ['Solicitante', 'Comunicación', 'Emperador'] };
    expect(effectiveRoles(staff)).toEqual(['Comunicación']);
    expect(isAdministrator({ ...sample.ministry, roles: ['Root'] })).toBe(true);
  });
});
