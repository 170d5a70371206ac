import { formatCount } from '../common/index.js';

/** Spanish texts of the synchronisation screens (part 2 §2.11, §5, §8). */
export const syncMessages = {
  processing: 'Procesando sincronización',
  success: 'Proceso exitoso.',
  successTitle: 'Exitoso!',
  errorTitle: 'Error!',
  stepOneListFailed: 'Error al obtener los datos del paso 1.',
  stepTwoListFailed: 'Error al obtener los datos del paso 2.',
  consolidated: 'Modificaciones consolidadas: {count} cambios en el lote del día.',
  sent: 'Cambios enviados a Síntesis: {count} registros, corte {cut}.',
  copied: 'Copia sincronizada recibida: {count} registros.',
  changesClosed: 'La consolidación de modificaciones de hoy ya fue realizada.',
  changesNotConsolidated: 'Primero debe consolidar las modificaciones del día.',
  changeSyncDone: 'Los cambios de hoy ya fueron sincronizados con Síntesis.',
  changeSyncClosed: 'Síntesis no está recibiendo cambios en este momento.',
  changesNotSent: 'Primero debe sincronizar los cambios con Síntesis.',
  copyDone: 'La copia sincronizada de hoy ya fue registrada.',
  copyClosed: 'La copia sincronizada de Síntesis aún no está disponible.',
  sintesisUnavailable: 'Error en el servicio Síntesis: {message}',
  busy: 'Ya hay un proceso de sincronización en curso; espere a que termine.',
  paymentsSynced: 'Datos de pago sincronizados: {received} pagos leídos, {changed} registros actualizados.',
  studentNotFound: 'Estudiante no encontrado',
  confirmConsolidate: 'Se consolidarán las modificaciones del día en un lote para Síntesis.',
  confirmSend: 'Se enviará el lote del día a Síntesis.',
  confirmCopy: 'Se registrará la copia sincronizada de Síntesis.',
  confirmPayments: 'Se leerán los datos de pago de Síntesis y se actualizarán las estadísticas.',
} as const;

/** Part 2 §4 'Calendar day status' labels. */
export const calendarStatusLabels = {
  complete: 'SINCRONIZACION COMPLETA',
  incomplete: 'SINCRONIZACION INCOMPLETA',
  pending: 'SINCRONIZACION PENDIENTE',
  none: 'NO SINCRONIZADO',
} as const;

export const syncStepLabels = {
  consolidate: 'Consolidar modificaciones',
  send: 'Sincronizar Cambios Síntesis',
  copy: 'Ejecuta Copia Sincronizada',
} as const;

export const MONTH_NAMES_ES = [
  'Enero',
  'Febrero',
  'Marzo',
  'Abril',
  'Mayo',
  'Junio',
  'Julio',
  'Agosto',
  'Septiembre',
  'Octubre',
  'Noviembre',
  'Diciembre',
] as const;

/**
 * Replaces {name} placeholders. Numbers are counts and are written as every count is ('14,110 pagos
 * leídos'); a code or a date is passed as text.
 */
export function fillMessage(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = values[key];
    return typeof value === 'number' ? formatCount(value) : (value ?? '');
  });
}
