import type { calendarStatusLabels } from './messages.js';

export type CalendarStatus = keyof typeof calendarStatusLabels;

export type StepFlags = { isSend: boolean; isSendChange: boolean; isSendCopy: boolean };

/**
 * Part 2 §4 'Calendar day status': COMPLETA when the day's record has all three steps, INCOMPLETA
 * when a record exists without all three, PENDIENTE today without a record, NO SINCRONIZADO for a
 * past day without one. Days after today are not shown.
 */
export function calendarStatus(day: string, today: string, record: StepFlags | null): CalendarStatus {
  if (record) return record.isSend && record.isSendChange && record.isSendCopy ? 'complete' : 'incomplete';
  return day === today ? 'pending' : 'none';
}

export type OpennessCheck = { open: boolean; reason: string | null };

export type StepAvailability = { consolidate: boolean; send: boolean; copy: boolean };

/**
 * Part 2 §4 'Openness checks', in their order: 'Consolidar modificaciones' only while changes are
 * open; 'Sincronizar Cambios Síntesis' only once the change closing is done (changes closed) and the
 * Síntesis change window is open; 'Ejecuta Copia Sincronizada' only once the change sync is closed
 * and the copy is open. The server enforces the same order on every step.
 */
export function stepAvailability(
  checks: { changes: OpennessCheck; changeSync: OpennessCheck; copy: OpennessCheck },
  today: StepFlags | null,
): StepAvailability {
  const consolidated = today?.isSend === true;
  const sent = today?.isSendChange === true;
  return {
    consolidate: checks.changes.open,
    send: !checks.changes.open && consolidated && checks.changeSync.open,
    copy: !checks.changeSync.open && sent && checks.copy.open,
  };
}
