import { type EventHistory, formatDate } from '@bjp/domain';

/** The 'Historial' of an event as a person reads it: field names, files, codes by their names. */
export const fieldLabels: Record<string, string> = {
  title: 'Título',
  description: 'Descripción',
  detail: 'Detalle',
  startsOn: 'Fecha de inicio',
  endsOn: 'Fecha de fin',
  placeId: 'Ambiente',
  kindEventId: 'Tipo de evento',
  enrollmentFormId: 'Formulario',
  minimum: 'Mínimo',
  maximum: 'Máximo',
  withLimitControl: 'Control de límite',
  files: 'Archivos',
};
export const kindLabels: Record<string, string> = {
  banner: 'Banner',
  poster: 'Afiche',
  regulation: 'Reglamento',
};

export const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (Array.isArray(value))
    return value
      .map(
        (f: { kind?: string; originalName?: string }) =>
          `${kindLabels[f.kind ?? ''] ?? f.kind}: ${f.originalName}`,
      )
      .join(', ');
  return String(value);
};

const dateFields = new Set(['startsOn', 'endsOn']);
type FieldChange = EventHistory['changes'][number]['fields'][number];

/**
 * One side of a change: a place, kind of event or form by its name (the server sends it beside the
 * code; a code whose row is gone shows as 'código N'), a date as dd/mm/aaaa, the rest as it is.
 */
export function historySide(f: FieldChange, which: 'before' | 'after'): string {
  const value = f[which];
  const name = which === 'before' ? f.beforeName : f.afterName;
  if (name) return name;
  if (name === null && value !== null && value !== undefined) return `código ${String(value)}`;
  if (dateFields.has(f.field) && typeof value === 'string') return formatDate(value);
  return show(value);
}
