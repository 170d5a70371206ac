import { describe, expect, it } from 'vitest';
import { grantsText, notOfferedNotes, permissionChanges, spanishList } from './role-texts';

describe('roles dialog texts', () => {
  it('says what each offered role grants, in Spanish', () => {
    expect(grantsText('Comunicación')).toBe('Otorga: Gestionar eventos.');
    expect(grantsText('Administrador')).toBe('Otorga todos los permisos de la consola.');
  });

  it('explains, grouped, why the other roles are not offered', () => {
    const notes = notOfferedNotes();
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^Solicitante, Publico General, Estudiante y Maestros: /);
    expect(notes[1]).toMatch(/^Directores: .*perfil SIE/);
  });

  it('joins lists the Spanish way', () => {
    expect(spanishList([])).toBe('');
    expect(spanishList(['a'])).toBe('a');
    expect(spanishList(['a', 'b', 'c'])).toBe('a, b y c');
  });

  it('marks permissions kept, added and removed', () => {
    const changes = permissionChanges(['users.view', 'events.manage'], ['users.view', 'users.manage']);
    expect(changes.map((c) => [c.permission, c.state])).toEqual([
      ['users.view', 'kept'],
      ['users.manage', 'added'],
      ['events.manage', 'removed'],
    ]);
  });
});
