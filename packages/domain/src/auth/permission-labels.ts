import type { Permission } from './permissions.js';

/** What each permission lets a user do, in the words of the roles dialog. */
export const permissionLabels: Record<Permission, string> = {
  'dashboard.view': 'Ver el tablero',
  'users.view': 'Ver usuarios y sus roles',
  'users.manage': 'Activar usuarios y cambiar roles',
  'settings.manage': 'Configurar gestiones, periodos y etapas',
  'holders.view': 'Ver titulares',
  'holders.edit': 'Registrar titulares',
  'holders.consolidate': 'Consolidar la lista de titulares',
  'adjustments.request': 'Solicitar ajustes',
  'adjustments.process': 'Procesar ajustes',
  'removals.manage': 'Dar de baja beneficiarios',
  'paid.view': 'Ver la validación de pagados',
  'paid.validate': 'Validar pagados',
  'enabling.manage': 'Habilitar unidades educativas',
  'sereci.validate': 'Validar estudiantes (SERECI)',
  'blocking.manage': 'Bloquear estudiantes',
  'sync.run': 'Sincronizar',
  'imports.run': 'Importar datos (archivos del banco y del SIE)',
  'tracking.view': 'Ver el seguimiento',
  'reports.view': 'Ver reportes',
  'payments.view': 'Ver pagos',
  'events.manage': 'Gestionar eventos',
  // The page itself is for SIE users only (part 1 §6), whoever holds the permission.
  'enrollment.institution': 'Inscribir estudiantes a eventos (usuarios SIE)',
};
