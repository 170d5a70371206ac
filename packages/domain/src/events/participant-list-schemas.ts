import { z } from 'zod';
import {
  calendarDate,
  formatDate,
  formatDateTime,
  idParam,
  intParam,
  pageOf,
  pageParam,
  requiredText,
  text,
  withoutAccents,
} from '../common/index.js';
import { departments } from '../structure/index.js';
import type { FieldDefinition } from './form-definition.js';

/** The participants of one event (issue 15): who enrolled through the public page, and cancellations. */
export const PARTICIPANTS_PAGE_SIZE = 25;
export const MAX_PARTICIPANTS_PAGE_SIZE = 100;
/**
 * A text search (name, document, institution) counts its matches up to this many: past it the list
 * says 'más de 1,000' instead of counting a common surname's every row (decision 032). Pages keep
 * working past it; the export always has every row.
 */
export const PARTICIPANT_COUNT_CAP = 1000;

export const participantMessages = {
  notFound: 'La inscripción no existe en este evento.',
  alreadyCancelled: 'La inscripción ya fue anulada.',
  cancelled: 'Inscripción anulada.',
  reasonShort: 'Indique el motivo de la anulación (al menos 5 caracteres).',
  datesOrdered: 'La fecha «hasta» no puede ser anterior a «desde».',
  invalidDepartment: 'Departamento no válido.',
} as const;

export const participantStatuses = ['active', 'cancelled', 'all'] as const;
export type ParticipantStatus = (typeof participantStatuses)[number];
export const participantStatusLabels: Record<ParticipantStatus, string> = {
  active: 'Vigentes',
  cancelled: 'Anuladas',
  all: 'Todas',
};

/** The filters shared by the list and the export. Dates are Bolivia's days (UTC−4). */
const filterShape = {
  q: text({ max: 100 }).optional().describe('Nombres, apellidos o documento (sin distinguir acentos)'),
  department: z
    .string()
    .refine((d) => departments.some((p) => p.name === d), participantMessages.invalidDepartment)
    .optional()
    .describe('Nombre del departamento'),
  institution: text({ max: 120 }).optional().describe('Institución (contiene)'),
  status: z.enum(participantStatuses).default('active'),
  from: calendarDate().optional().describe('Inscritos desde (aaaa-mm-dd, hora de Bolivia)'),
  to: calendarDate().optional().describe('Inscritos hasta (aaaa-mm-dd, incluido)'),
};
const datesOrdered = (f: { from?: string; to?: string }) => !f.from || !f.to || f.from <= f.to;
const datesOrderedError = { path: ['to'], message: participantMessages.datesOrdered };

export const participantFilters = z.object(filterShape).refine(datesOrdered, datesOrderedError);
export type ParticipantFilters = z.infer<typeof participantFilters>;

export const participantListQuery = z
  .object({
    ...filterShape,
    page: pageParam,
    pageSize: intParam(1, MAX_PARTICIPANTS_PAGE_SIZE, 'Tamaño de página no válido (1 a 100).').default(
      PARTICIPANTS_PAGE_SIZE,
    ),
  })
  .refine(datesOrdered, datesOrderedError);
export type ParticipantListQuery = z.infer<typeof participantListQuery>;

export const participantExportQuery = z
  .object({ ...filterShape, format: z.enum(['xlsx', 'csv']).default('xlsx') })
  .refine(datesOrdered, datesOrderedError);
export type ParticipantExportQuery = z.infer<typeof participantExportQuery>;

export const participantParams = z.object({ id: idParam, enrollmentId: idParam });
export const participantFileParams = participantParams.extend({ fileId: z.uuid('Archivo no válido.') });

export const participantRow = z.object({
  id: z.number().int(),
  fullName: z.string(),
  document: z.string().describe('Número y complemento'),
  nationality: z.number().int().describe('1 Nacional, 2 Extranjero'),
  institution: z.string(),
  department: z.string(),
  phone: z.string(),
  email: z.string(),
  enrolledAt: z.string().describe('ISO 8601'),
  status: z.enum(['active', 'cancelled']),
  files: z.number().int(),
});
export type ParticipantRow = z.infer<typeof participantRow>;
export const participantPage = pageOf(participantRow).extend({
  totalCapped: z
    .boolean()
    .describe(
      `Verdadero cuando la búsqueda tiene más de ${PARTICIPANT_COUNT_CAP} coincidencias: total es entonces ese tope`,
    ),
});
export type ParticipantPage = z.infer<typeof participantPage>;

export const participantAnswer = z.object({ label: z.string(), value: z.string() });
export type ParticipantAnswer = z.infer<typeof participantAnswer>;

export const participantFile = z.object({
  id: z.string(),
  label: z.string().describe('Etiqueta del campo del formulario'),
  name: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  url: z.string(),
});

export const participantDetail = participantRow.extend({
  firstLastName: z.string(),
  secondLastName: z.string(),
  name: z.string(),
  documentNumber: z.string(),
  complement: z.string(),
  job: z.string(),
  position: z.string(),
  birthDate: z.string(),
  answers: z.array(participantAnswer),
  attachments: z.array(participantFile),
  cancellation: z.object({ at: z.string(), by: z.string().nullable(), reason: z.string() }).nullable(),
});
export type ParticipantDetail = z.infer<typeof participantDetail>;

export const participantCancel = z.object({
  reason: requiredText({ max: 500, message: participantMessages.reasonShort }).pipe(
    z.string().min(5, participantMessages.reasonShort),
  ),
});
export type ParticipantCancel = z.infer<typeof participantCancel>;
export const participantCancelResult = z.object({ id: z.number().int(), cancelledAt: z.string() });

/** The search text as the database keeps it (search_text): lower case, accents folded, ñ → n. */
export function foldSearch(value: string): string {
  return withoutAccents(value).toLowerCase().trim();
}

/** The document as shown: number and complement ('1234567-1A'). */
export const documentLabel = (document: string, complement: string) =>
  complement ? `${document}-${complement}` : document;

/**
 * A stored answer as text, by its field: a list's value shown by its option's label, a switch as
 * Sí/No, several choices joined, uploads by their file names. Unknown shapes fall back to JSON.
 */
export function answerText(field: FieldDefinition, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const optionLabel = (v: unknown) => {
    if (field.kind !== 'select' && field.kind !== 'radio' && field.kind !== 'checkbox') return String(v);
    return field.options.items.find((o) => o.value === String(v))?.label ?? String(v);
  };
  if (field.kind === 'switch') return value === true ? 'Sí' : value === false ? 'No' : String(value);
  if (field.kind === 'upload' && Array.isArray(value)) {
    return value
      .map((f) => (f && typeof f === 'object' && 'name' in f ? String(f.name) : String(f)))
      .join(', ');
  }
  if (Array.isArray(value)) return value.map(optionLabel).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return optionLabel(value);
}

/** yyyy-mm-dd as dd/mm/yyyy (the console's one date format, common/format.ts). */
export const dayText = (isoDay: string) => formatDate(isoDay);

/** An instant as dd/mm/yyyy hh:mm (24 h) in Bolivia, the same in the browser and files. */
export function boliviaDateTimeText(instant: string | Date): string {
  return formatDateTime(instant);
}
