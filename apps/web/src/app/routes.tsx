import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { LoginPage } from '../features/auth';
import { prefetchDashboard } from '../features/dashboard';
import { prefetchMyInstitutions } from '../features/structure';
import type { AppPath } from './route-access';

/**
 * THE route table. Each screen has its title (document title and heading), the name of its area
 * and, once built, a lazy import of its page. A route without `page` renders the
 * '<area> — En construcción' placeholder: to deliver an area, point `page` at the feature.
 * The permission each route needs lives in route-access.ts (shared with the menus).
 */
export type RouteEntry<P extends string = string> = {
  path: P;
  title: string;
  area: string;
  page?: () => Promise<ComponentType>;
  /**
   * The screen's first API requests, started with its chunk's download (for a user allowed on it)
   * so that they do not wait for the first render (issue 14).
   */
  prefetch?: (client: QueryClient) => void;
};

/** Screens inside the main layout; all need a logged-in user. */
export const appRoutes: RouteEntry<AppPath>[] = [
  {
    path: '/',
    title: 'Inicio',
    area: 'Dashboard',
    page: () => import('../features/dashboard/DashboardPage').then((m) => m.DashboardPage),
    prefetch: prefetchDashboard,
  },
  {
    path: '/users/profile',
    title: 'Perfil',
    area: 'Perfil de usuario',
    page: () => import('../features/account/ProfilePage').then((m) => m.ProfilePage),
  },
  {
    path: '/users/edit',
    title: 'Editar perfil',
    area: 'Perfil de usuario',
    page: () => import('../features/account/EditProfilePage').then((m) => m.EditProfilePage),
  },
  {
    path: '/users/cards',
    title: 'Tarjeta de usuario',
    area: 'Perfil de usuario',
    page: () => import('../features/account/CardsPage').then((m) => m.CardsPage),
  },
  {
    path: '/events/register',
    title: 'Registro de eventos',
    area: 'Constructor de Formularios',
    page: () => import('../features/events/builder/BuilderPage').then((m) => m.BuilderPage),
  },
  {
    path: '/events/list',
    title: 'Lista eventos',
    area: 'Eventos',
    page: () => import('../features/events/list/EventsPage').then((m) => m.EventsPage),
  },
  {
    path: '/events/places',
    title: 'Ambientes',
    area: 'Eventos',
    page: () => import('../features/events/places/PlacesPage').then((m) => m.PlacesPage),
  },
  {
    path: '/events/list/:id/participants',
    title: 'Participantes del evento',
    area: 'Eventos',
    page: () => import('../features/events/participants/ParticipantsPage').then((m) => m.ParticipantsPage),
  },
  {
    path: '/events/enrollments',
    title: 'Formularios de Inscripción',
    area: 'Formularios de Inscripción',
    page: () => import('../features/events/forms/EnrollmentFormsPage').then((m) => m.EnrollmentFormsPage),
  },
  {
    path: '/events/institution',
    title: 'Inscripción Institución',
    area: 'Inscripción de la Institución',
    page: () =>
      import('../features/events/institution/InstitutionEnrollmentPage').then(
        (m) => m.InstitutionEnrollmentPage,
      ),
  },
  {
    path: '/config/users',
    title: 'Lista de Usuarios',
    area: 'Usuarios y Roles',
    page: () => import('../features/users/UsersPage').then((m) => m.UsersPage),
  },
  {
    path: '/config/kind-event',
    title: 'Periodos y Etapas',
    area: 'Periodos y Etapas',
    page: () => import('../features/events/periods/PeriodsPage').then((m) => m.PeriodsPage),
  },
  {
    path: '/config/enabled',
    title: 'Habilitar SIE',
    area: 'Habilitación SIE',
    page: () => import('../features/enabling/EnablingPage').then((m) => m.EnableSiePage),
  },
  {
    path: '/paid/detail',
    title: 'Detalle Pago',
    area: 'Detalle de Pago',
    page: () => import('../features/payments/PaymentDetailPage').then((m) => m.PaymentDetailPage),
  },
  {
    path: '/paid/general',
    title: 'Resumen General',
    area: 'Resumen General de Pago',
    page: () => import('../features/payments/GeneralSummaryPage').then((m) => m.GeneralSummaryPage),
  },
  {
    path: '/tutors/admin',
    title: 'Registro Titulares',
    area: 'Registro de Titulares',
    page: () => import('../features/holders/HoldersPage').then((m) => m.HoldersAdminPage),
  },
  {
    path: '/tutors/department',
    title: 'Registro Titulares - Departamento',
    area: 'Registro de Titulares',
    page: () => import('../features/holders/HoldersPage').then((m) => m.HoldersDepartmentPage),
  },
  {
    path: '/tutors/district',
    title: 'Registro Titulares - Distrito',
    area: 'Registro de Titulares',
    page: () => import('../features/holders/HoldersPage').then((m) => m.HoldersDistrictPage),
  },
  {
    path: '/tutors/principal',
    title: 'Registro Titulares',
    area: 'Registro de Titulares',
    page: () => import('../features/holders/HoldersPage').then((m) => m.HoldersPrincipalPage),
    prefetch: prefetchMyInstitutions,
  },
  {
    path: '/modification/admin',
    title: 'Ajuste Titulares',
    area: 'Ajuste de Titulares',
    page: () => import('../features/adjustments/AdjustmentsPage').then((m) => m.AdjustmentsAdminPage),
  },
  {
    path: '/modification/principal',
    title: 'Solicitar Ajustes',
    area: 'Ajuste de Titulares',
    page: () => import('../features/adjustments/AdjustmentsPage').then((m) => m.AdjustmentsPrincipalPage),
  },
  {
    path: '/sync-module/admin',
    title: 'Sincronización Síntesis',
    area: 'Sincronización',
    page: () => import('../features/sync/SyncPage').then((m) => m.SyncPage),
  },
  {
    path: '/admin/years',
    title: 'Gestiones',
    area: 'Gestiones',
    page: () => import('../features/settings/YearsPage').then((m) => m.YearsPage),
  },
  {
    path: '/admin/imports',
    title: 'Importar Datos',
    area: 'Importar Datos',
    page: () => import('../features/imports/ImportPage').then((m) => m.ImportPage),
  },
  {
    path: '/modification-process/admin',
    title: 'Procesar Ajustes Solicitados',
    area: 'Procesar Ajustes',
    page: () => import('../features/adjustments/ProcessPage').then((m) => m.ProcessPage),
  },
  {
    path: '/admin/person-searches',
    title: 'Búsquedas de Personas',
    area: 'Búsquedas de Personas',
    page: () => import('../features/users/PersonSearchActivityPage').then((m) => m.PersonSearchActivityPage),
  },
  {
    path: '/admin/login-locks',
    title: 'Accesos bloqueados',
    area: 'Accesos bloqueados',
    page: () => import('../features/users/LoginLocksPage').then((m) => m.LoginLocksPage),
  },
  {
    path: '/modification-remove/admin',
    title: 'Baja Beneficiarios',
    area: 'Baja de Beneficiarios',
    page: () => import('../features/removals/RemovalsPage').then((m) => m.RemovalsAdminPage),
  },
  {
    path: '/modification-remove/depto',
    title: 'Baja Beneficiarios',
    area: 'Baja de Beneficiarios',
    page: () => import('../features/removals/RemovalsPage').then((m) => m.RemovalsDepartmentPage),
  },
  {
    path: '/enable-validation-institution/admin',
    title: 'Habilitación UE/CEE',
    area: 'Habilitación UE/CEE',
    page: () => import('../features/enabling/EnablingPage').then((m) => m.EnableValidationPage),
  },
  {
    path: '/enable-validation-institution/depto',
    title: 'Seguimiento Operativo',
    area: 'Habilitación UE/CEE',
    page: () => import('../features/tracking/TrackingPage').then((m) => m.PlaceTrackingPage),
  },
  {
    path: '/reports/national',
    title: 'Reporte Nacional BJP',
    area: 'Reportes',
    page: () => import('../features/reports/PlaceReportPage').then((m) => m.NationalReportPage),
  },
  {
    path: '/reports/departmental',
    title: 'Reporte Departamental BJP',
    area: 'Reportes',
    page: () => import('../features/reports/PlaceReportPage').then((m) => m.DepartmentalReportPage),
  },
  {
    path: '/reports/district',
    title: 'Reporte Distrito BJP',
    area: 'Reportes',
    page: () => import('../features/reports/PlaceReportPage').then((m) => m.DistrictReportPage),
  },
  {
    path: '/reports/institution',
    title: 'Reporte Institución',
    area: 'Reportes',
    page: () => import('../features/reports/InstitutionReportPage').then((m) => m.AdminInstitutionReportPage),
  },
  {
    path: '/reports/ue-principal',
    title: 'Reporte UE/CEE',
    area: 'Reportes',
    page: () =>
      import('../features/reports/InstitutionReportPage').then((m) => m.PrincipalInstitutionReportPage),
  },
  {
    path: '/reports/reconciliation',
    title: 'Conciliación Banco – DDJJ',
    area: 'Reportes',
    page: () => import('../features/reports/ReconciliationPage').then((m) => m.ReconciliationPage),
  },
  {
    path: '/reports/observed-payments',
    title: 'Pagos observados',
    area: 'Reportes',
    page: () => import('../features/reports/ObservedPaymentsPage').then((m) => m.ObservedPaymentsPage),
  },
  {
    path: '/reports/user-district',
    title: 'Reporte Distrito BJP',
    area: 'Reportes',
    page: () => import('../features/reports/PlaceReportPage').then((m) => m.UserDistrictReportPage),
  },
  {
    path: '/reports/user-depto',
    title: 'Reporte Departamental BJP',
    area: 'Reportes',
    page: () => import('../features/reports/PlaceReportPage').then((m) => m.UserDepartmentReportPage),
  },
  {
    path: '/seguimiento/depto/admin',
    title: 'Seguimiento Departamental',
    area: 'Seguimiento Operativo BJP',
    page: () => import('../features/tracking/TrackingPage').then((m) => m.DepartmentTrackingAdminPage),
  },
  {
    path: '/seguimiento/depto/user',
    title: 'Seguimiento Departamental',
    area: 'Seguimiento Operativo BJP',
    page: () => import('../features/tracking/TrackingPage').then((m) => m.DepartmentTrackingUserPage),
  },
  {
    path: '/seguimiento/district/admin',
    title: 'Seguimiento Distrital',
    area: 'Seguimiento Operativo BJP',
    page: () => import('../features/tracking/TrackingPage').then((m) => m.DistrictTrackingAdminPage),
  },
  {
    path: '/seguimiento/district/user',
    title: 'Seguimiento Distrital',
    area: 'Seguimiento Operativo BJP',
    page: () => import('../features/tracking/TrackingPage').then((m) => m.DistrictTrackingUserPage),
  },
  {
    path: '/seguimiento/novedades',
    title: 'Novedades posteriores a la consolidación',
    area: 'Seguimiento Operativo BJP',
    page: () => import('../features/declarations/NoveltiesPage').then((m) => m.NoveltiesPage),
  },
  {
    path: '/paid-report/admin-report',
    title: 'Validación Pagados',
    area: 'Validación de Pagados',
    page: () => import('../features/paid-validation/PaidValidationPage').then((m) => m.PaidAdminPage),
  },
  {
    path: '/paid-report/principal-report',
    title: 'Validación Pagados',
    area: 'Validación de Pagados',
    page: () => import('../features/paid-validation/PaidValidationPage').then((m) => m.PaidPrincipalPage),
  },
  {
    path: '/paid-report/titular/:code',
    title: 'Reporte DDJJ Titular',
    area: 'Validación de Pagados',
    page: () => import('../features/paid-validation/TitularReportPage').then((m) => m.TitularReportPage),
  },
  {
    path: '/sereci/student-validation',
    title: 'Validación SERECI',
    area: 'Validación SERECI',
    page: () => import('../features/sereci/SereciPage').then((m) => m.SereciPage),
  },
  {
    path: '/block/student-lock',
    title: 'Bloqueo Estudiante pago BJP',
    area: 'Bloqueo de Estudiantes',
    page: () => import('../features/blocking/StudentLockPage').then((m) => m.StudentLockPage),
  },
  {
    path: '/block/student',
    title: 'Bloqueo/desbloqueo de estudiantes',
    area: 'Bloqueo de Estudiantes',
    page: () => import('../features/blocking/BlockStudentsPage').then((m) => m.BlockStudentsPage),
  },
  {
    path: '/control/calendar-control',
    title: 'Estado de Sincronización',
    area: 'Control de Sincronización',
    page: () => import('../features/sync/CalendarPage').then((m) => m.CalendarPage),
  },
  {
    path: '/kardex',
    title: 'Kardex del Estudiante',
    area: 'Kardex del Estudiante',
    page: () => import('../features/kardex/KardexPage').then((m) => m.KardexPage),
  },
];

/** Screens anyone may open, in the centred public layout. */
export const publicRoutes: RouteEntry[] = [
  {
    path: '/public/consulta',
    title: 'Consulta pública',
    area: 'Consulta Pública',
    page: () => import('../features/public-status/PublicStatusPage').then((m) => m.PublicStatusPage),
  },
  {
    path: '/public/verificar/:code',
    title: 'Verificación de declaración',
    area: 'Consulta Pública',
    page: () => import('../features/declarations/VerifyDeclarationPage').then((m) => m.VerifyDeclarationPage),
  },
  {
    path: '/public/enrollment/:id',
    title: 'Formulario de Inscripción',
    area: 'Inscripción a Eventos',
    page: () => import('../features/events/public/PublicEnrollmentPage').then((m) => m.PublicEnrollmentPage),
  },
];

export const loginRoute: RouteEntry = {
  path: '/auth/login',
  title: 'Ingresar',
  area: 'Autenticación',
  // The one screen in the entry chunk: everybody's first visit starts here, and a lazy chunk would
  // cost a second round trip before the form shows on a slow connection (issue 14).
  page: async () => LoginPage,
};
