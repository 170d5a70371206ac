import { type Permission, profiles, type SessionUser } from '@bjp/domain';
import { type AppPath, permissionFor } from './route-access';

export type MenuIcon =
  | 'dashboard'
  | 'settings'
  | 'events'
  | 'holders'
  | 'payments'
  | 'sync'
  | 'reports'
  | 'admin'
  | 'tracking'
  | 'removal'
  | 'paid'
  | 'validation'
  | 'block'
  | 'calendar';

export type MenuLink = {
  type: 'link';
  title: string;
  path: AppPath;
  permission: Permission | null;
  icon?: MenuIcon;
};
export type MenuExternal = {
  type: 'extLink' | 'extTabLink';
  title: string;
  href: string;
  permission: Permission | null;
  icon?: MenuIcon;
};
export type MenuHeadTitle = { type: 'headtitle'; title: string };
export type MenuSub = { type: 'sub'; title: string; icon?: MenuIcon; children: MenuItem[] };
export type MenuItem = MenuLink | MenuExternal | MenuHeadTitle | MenuSub;

export type MenuUser = Pick<SessionUser, 'type' | 'profile' | 'permissions' | 'directorDeadline'>;

/** Spec §6/§9: the director's menu is offered until 29 Nov 2025 unless settings give another date. */
export const DEFAULT_DIRECTOR_DEADLINE = '2025-11-29';

const link = (title: string, path: AppPath, icon?: MenuIcon): MenuLink => ({
  type: 'link',
  title,
  path,
  permission: permissionFor(path),
  icon,
});
const sub = (title: string, icon: MenuIcon, children: MenuItem[]): MenuSub => ({
  type: 'sub',
  title,
  icon,
  children,
});
const head = (title: string): MenuHeadTitle => ({ type: 'headtitle', title });

const adminMenu: MenuItem[] = [
  head('Inicio'),
  link('Dashboard', '/', 'dashboard'),
  sub('Paramétricas', 'settings', [
    link('Periodos y Etapas', '/config/kind-event'),
    link('Usuarios y Roles', '/config/users'),
    link('Habilitar SIE', '/config/enabled'),
  ]),
  sub('Eventos', 'events', [
    link('Lista eventos', '/events/list'),
    link('Ambientes', '/events/places'),
    link('Formularios de Inscripción', '/events/enrollments'),
    link('Registro de formularios', '/events/register'),
  ]),
  head('Operativo BJP'),
  sub('Titulares', 'holders', [
    link('Registro Titulares', '/tutors/admin'),
    link('Departamento', '/tutors/department'),
    link('Distrito', '/tutors/district'),
  ]),
  link('Kardex del Estudiante', '/kardex', 'holders'),
  sub('Pago', 'payments', [link('Detalle Pago', '/paid/detail'), link('Resumen General', '/paid/general')]),
  link('Sincronizar', '/sync-module/admin', 'sync'),
  sub('Reportes', 'reports', [
    link('Nacional', '/reports/national'),
    link('Departamental', '/reports/departmental'),
    link('Distrital', '/reports/district'),
    link('Institución', '/reports/institution'),
    link('Conciliación Banco – DDJJ', '/reports/reconciliation'),
    link('Pagos observados', '/reports/observed-payments'),
  ]),
  sub('Administrar', 'admin', [
    link('Habilitar UE/CEE', '/enable-validation-institution/admin'),
    link('Ajuste Titulares', '/modification/admin'),
    link('Procesar Ajustes', '/modification-process/admin'),
    link('Búsquedas de Personas', '/admin/person-searches'),
    link('Accesos bloqueados', '/admin/login-locks'),
    link('Gestiones', '/admin/years'),
    link('Importar Datos', '/admin/imports'),
  ]),
  sub('Seguimiento', 'tracking', [
    link('Distrital', '/seguimiento/district/admin'),
    link('Departamental', '/seguimiento/depto/admin'),
    link('Novedades posteriores', '/seguimiento/novedades'),
  ]),
  link('Baja Beneficiario', '/modification-remove/admin', 'removal'),
  sub('Reporte Pagados BJP', 'paid', [
    link('Validación de no pagados', '/paid-report/admin-report'),
    link('Habilitación UE/CEE', '/enable-validation-institution/admin'),
  ]),
  link('Validación Estudiantes', '/sereci/student-validation', 'validation'),
  sub('Bloqueo Estudiantes', 'block', [
    link('Bloqueo Estudiante pago BJP', '/block/student-lock'),
    link('Bloqueo/desbloqueo', '/block/student'),
  ]),
  link('Control Sincronización', '/control/calendar-control', 'calendar'),
];

const departmentMenu: MenuItem[] = [
  head('Departamento'),
  link('Seguimiento Departamental', '/seguimiento/depto/user', 'tracking'),
  link('Novedades posteriores', '/seguimiento/novedades', 'tracking'),
  link('Registro Titulares', '/tutors/department', 'holders'),
  link('Kardex del Estudiante', '/kardex', 'holders'),
  link('Baja Beneficiario', '/modification-remove/depto', 'removal'),
  link('Reporte Departamental', '/reports/user-depto', 'reports'),
  link('Conciliación Banco – DDJJ', '/reports/reconciliation', 'reports'),
  link('Pagos observados', '/reports/observed-payments', 'reports'),
  link('Inscripción Institución', '/events/institution', 'events'),
];

const directorMenu: MenuItem[] = [
  head('Unidad Educativa'),
  sub('Titulares', 'holders', [
    link('Registro Titulares', '/tutors/principal'),
    link('Solicitar Ajustes', '/modification/principal'),
  ]),
  link('Kardex del Estudiante', '/kardex', 'holders'),
  link('Validación Pagados', '/paid-report/principal-report', 'paid'),
  link('Reporte UE/CEE', '/reports/ue-principal', 'reports'),
  link('Conciliación Banco – DDJJ', '/reports/reconciliation', 'reports'),
  link('Pagos observados', '/reports/observed-payments', 'reports'),
  link('Inscripción Institución', '/events/institution', 'events'),
];

const districtMenu: MenuItem[] = [
  head('Distrito'),
  link('Seguimiento Distrital', '/seguimiento/district/user', 'tracking'),
  link('Novedades posteriores', '/seguimiento/novedades', 'tracking'),
  link('Registro Titulares', '/tutors/district', 'holders'),
  link('Kardex del Estudiante', '/kardex', 'holders'),
  link('Reporte Distrital', '/reports/user-district', 'reports'),
  link('Conciliación Banco – DDJJ', '/reports/reconciliation', 'reports'),
  link('Pagos observados', '/reports/observed-payments', 'reports'),
  link('Inscripción Institución', '/events/institution', 'events'),
];

/** yyyy-mm-dd of a date in local time, or the string as given. */
export function isoDay(day: Date | string): string {
  if (typeof day === 'string') return day.slice(0, 10);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

function baseMenu(user: MenuUser, today: string): MenuItem[] {
  if (user.type !== 2) return adminMenu;
  switch (user.profile) {
    case profiles.department:
      return departmentMenu;
    case profiles.district:
      return districtMenu;
    case profiles.director:
      return today <= (user.directorDeadline ?? DEFAULT_DIRECTOR_DEADLINE) ? directorMenu : [];
    default:
      return [];
  }
}

/** Drops links the user lacks the permission for, then empty subs and headings with nothing under them. */
export function filterMenu(items: MenuItem[], granted: readonly string[]): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (item.type === 'sub') {
      const children = filterMenu(item.children, granted);
      if (children.some((c) => c.type !== 'headtitle')) kept.push({ ...item, children });
    } else if (item.type === 'headtitle') {
      kept.push(item);
    } else if (item.permission === null || granted.includes(item.permission)) {
      kept.push(item);
    }
  }
  return kept.filter(
    (item, i) => item.type !== 'headtitle' || (kept[i + 1] && kept[i + 1].type !== 'headtitle'),
  );
}

/** The sidebar of a session user (spec part 1 §6, part 2 §6). `today` decides the director cut-off. */
export function menuFor(user: MenuUser, today: Date | string): MenuItem[] {
  return filterMenu(baseMenu(user, isoDay(today)), user.permissions);
}

export type PinnableLink = (MenuLink | MenuExternal) & { pinTitle: string };

/**
 * Every link with the title under which it is pinned. Nested links carry their parents' titles
 * ('Reportes / Departamental') so that equal labels in two groups do not pin each other.
 */
export function pinnableLinks(items: MenuItem[], parents: string[] = []): PinnableLink[] {
  return items.flatMap((item): PinnableLink[] => {
    if (item.type === 'headtitle') return [];
    if (item.type === 'sub') return pinnableLinks(item.children, [...parents, item.title]);
    return [{ ...item, pinTitle: [...parents, item.title].join(' / ') }];
  });
}
