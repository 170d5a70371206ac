import { type Permission, permissionsFor, profiles } from '@bjp/domain';
import { describe, expect, it } from 'vitest';
import { type MenuItem, type MenuUser, menuFor, pinnableLinks } from './menus';

function user(
  type: number,
  profile: number | null,
  roles: string[],
  directorDeadline: string | null = null,
): MenuUser {
  return { type, profile, permissions: permissionsFor({ type, profile, roles }), directorDeadline };
}

/** Flat list of the paths the menu links to. */
const paths = (menu: MenuItem[]) => pinnableLinks(menu).map((l) => (l.type === 'link' ? l.path : l.href));
const titles = (menu: MenuItem[]) => menu.map((i) => i.title);

const today = '2025-10-20';

describe('menuFor', () => {
  it('gives the administrator the full menu', () => {
    const menu = menuFor(user(1, null, ['Administrador']), today);
    expect(titles(menu)).toEqual([
      'Inicio',
      'Dashboard',
      'Paramétricas',
      'Eventos',
      'Operativo BJP',
      'Titulares',
      'Kardex del Estudiante',
      'Pago',
      'Sincronizar',
      'Reportes',
      'Administrar',
      'Seguimiento',
      'Baja Beneficiario',
      'Reporte Pagados BJP',
      'Validación Estudiantes',
      'Bloqueo Estudiantes',
      'Control Sincronización',
    ]);
    expect(paths(menu)).toEqual(
      expect.arrayContaining([
        '/',
        '/config/kind-event',
        '/config/users',
        '/config/enabled',
        '/events/list',
        '/events/places',
        '/events/enrollments',
        '/events/register',
        '/tutors/admin',
        '/tutors/department',
        '/tutors/district',
        '/kardex',
        '/paid/detail',
        '/paid/general',
        '/sync-module/admin',
        '/reports/national',
        '/reports/departmental',
        '/reports/district',
        '/reports/institution',
        '/enable-validation-institution/admin',
        '/modification/admin',
        '/modification-process/admin',
        '/seguimiento/district/admin',
        '/seguimiento/depto/admin',
        '/seguimiento/novedades',
        '/modification-remove/admin',
        '/paid-report/admin-report',
        '/sereci/student-validation',
        '/block/student-lock',
        '/block/student',
        '/control/calendar-control',
      ]),
    );
  });

  it('shows a read-only ministry user only what its permissions allow', () => {
    const menu = menuFor(user(1, null, []), today);
    const p = paths(menu);
    expect(p).toContain('/');
    expect(p).toContain('/config/users');
    expect(p).toContain('/reports/national');
    expect(p).toContain('/seguimiento/depto/admin');
    expect(p).toContain('/seguimiento/novedades');
    expect(p).toContain('/kardex');
    expect(p).not.toContain('/sync-module/admin');
    expect(p).not.toContain('/config/kind-event');
    expect(p).not.toContain('/modification-remove/admin');
    expect(p).not.toContain('/block/student');
    expect(p).not.toContain('/enable-validation-institution/admin');
    expect(titles(menu)).not.toContain('Eventos');
    expect(titles(menu)).not.toContain('Administrar');
  });

  it('links the institution enrollment page for every profile its route and API guard allow', () => {
    for (const profile of [profiles.department, profiles.district, profiles.director]) {
      expect(paths(menuFor(user(2, profile, [], '2025-11-29'), today))).toContain('/events/institution');
    }
    expect(paths(menuFor(user(1, null, ['Administrador']), today))).not.toContain('/events/institution');
  });

  it('adds the events area for a ministry user with the Comunicación role', () => {
    const menu = menuFor(user(1, null, ['Comunicación']), today);
    expect(paths(menu)).toEqual(expect.arrayContaining(['/events/list', '/events/register']));
  });

  it('gives the departmental user (profile 7) tracking, holder registration, removal and report', () => {
    const menu = menuFor(user(2, profiles.department, []), today);
    expect(paths(menu)).toEqual([
      '/seguimiento/depto/user',
      '/seguimiento/novedades',
      '/tutors/department',
      '/kardex',
      '/modification-remove/depto',
      '/reports/user-depto',
      '/reports/reconciliation',
      '/reports/observed-payments',
      '/events/institution',
    ]);
  });

  it('gives the district user (profile 10) tracking, holder registration and report', () => {
    const menu = menuFor(user(2, profiles.district, []), today);
    expect(paths(menu)).toEqual([
      '/seguimiento/district/user',
      '/seguimiento/novedades',
      '/tutors/district',
      '/kardex',
      '/reports/user-district',
      '/reports/reconciliation',
      '/reports/observed-payments',
      '/events/institution',
    ]);
  });

  it('gives the director (profile 9) Titulares, paid validation and the UE/CEE report until the deadline', () => {
    const director = user(2, profiles.director, [], '2025-11-29');
    const menu = menuFor(director, '2025-11-29');
    const holders = menu.find((i) => i.title === 'Titulares');
    expect(holders?.type).toBe('sub');
    expect(paths(menu)).toEqual([
      '/tutors/principal',
      '/modification/principal',
      '/kardex',
      '/paid-report/principal-report',
      '/reports/ue-principal',
      '/reports/reconciliation',
      '/reports/observed-payments',
      '/events/institution',
    ]);
  });

  it('empties the director menu the day after the deadline', () => {
    const director = user(2, profiles.director, [], '2025-11-29');
    expect(menuFor(director, '2025-11-30')).toEqual([]);
    expect(menuFor(director, new Date(2025, 11, 1))).toEqual([]);
    expect(paths(menuFor(director, new Date(2025, 10, 29, 23, 59)))).toHaveLength(8);
  });

  it('uses 29 Nov 2025 when the server sends no deadline, and a later one when it does', () => {
    expect(menuFor(user(2, profiles.director, []), '2025-11-30')).toEqual([]);
    expect(paths(menuFor(user(2, profiles.director, [], '2026-03-31'), '2025-12-15'))).toHaveLength(8);
  });

  it('gives any other type 2 profile an empty menu', () => {
    expect(menuFor(user(2, 3, []), today)).toEqual([]);
    expect(menuFor(user(2, null, []), today)).toEqual([]);
  });

  it('never shows a link whose permission the user lacks, nor an empty group', () => {
    const granted: Permission[] = ['reports.view'];
    const menu = menuFor({ type: 1, profile: null, permissions: granted, directorDeadline: null }, today);
    expect(titles(menu)).toEqual(['Operativo BJP', 'Reportes']);
    for (const l of pinnableLinks(menu))
      expect(l.permission === null || granted.includes(l.permission)).toBe(true);
  });
});

describe('pinnableLinks', () => {
  it('names nested links with their group so equal labels stay distinct', () => {
    const pins = pinnableLinks(menuFor(user(1, null, ['Administrador']), today)).map((l) => l.pinTitle);
    expect(pins).toContain('Reportes / Departamental');
    expect(pins).toContain('Seguimiento / Departamental');
    expect(pins).toContain('Dashboard');
    expect(new Set(pins).size).toBe(pins.length);
  });
});
