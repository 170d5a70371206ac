import { z } from 'zod';
import { calendarDate, codesOf, idParam, intParam, pageOf, pageParam, sieParam } from '../common/index.js';
import { declarationKindEnum } from './schemas.js';

/**
 * 'Novedades posteriores a la consolidación' (issue 12): every change that touched a student of a
 * consolidated school after the school's declaration was stored — a payment reported by Síntesis,
 * a block or unblock, a removal, a titular adjustment, a SERECI validation — with who or which
 * sync made it and which declaration (kind, version) it postdates. The declaration itself never
 * changes; this list is how the district accountant sees what happened since.
 */
export const noveltyLabels = {
  payment: 'Pago registrado por Síntesis',
  block: 'Bloqueo',
  unblock: 'Desbloqueo',
  removal: 'Baja de beneficiario',
  titular_change: 'Cambio de titular',
  titular_reenable: 'Habilitación de nueva modificación de titular',
  sereci: 'Validación SERECI',
};
export const noveltyKinds = codesOf(noveltyLabels);
export type NoveltyKind = (typeof noveltyKinds)[number];

const isoDate = calendarDate('Fecha no válida (aaaa-mm-dd).');

export const noveltyQuery = z
  .object({
    departmentId: intParam(1, 99, 'Ingrese un código de Departamento').optional().describe('Departamento'),
    districtId: idParam.optional().describe('Distrito'),
    sie: sieParam.optional().describe('Código SIE'),
    kind: declarationKindEnum.optional().describe('Solo novedades posteriores a este tipo de declaración'),
    from: isoDate.optional().describe('Desde (fecha de la novedad, hora de Bolivia)'),
    to: isoDate.optional().describe('Hasta (fecha de la novedad, hora de Bolivia)'),
    page: pageParam.describe('Página, desde 1'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha final debe ser posterior a la inicial.',
    path: ['to'],
  });
export type NoveltyQuery = z.infer<typeof noveltyQuery>;

export const noveltyRow = z.object({
  key: z.string().describe('Identificador estable de la novedad'),
  at: z.string().describe('Cuándo (ISO, UTC)'),
  kind: z.enum(noveltyKinds),
  label: z.string().describe('Qué cambió'),
  detail: z.string().nullable(),
  rude: z.string(),
  student: z.string(),
  sie: z.number().int(),
  institutionName: z.string(),
  by: z.string().describe('Usuario o sincronización que hizo el cambio'),
  syncRunId: z.number().int().nullable().describe('Corrida de sincronización de pagos, si vino de Síntesis'),
  declarationKind: declarationKindEnum,
  declarationVersion: z.number().int(),
  consolidatedAt: z.string().describe('Consolidación de la declaración a la que es posterior'),
});
export type NoveltyRow = z.infer<typeof noveltyRow>;
export const noveltyPage = pageOf(noveltyRow);
export type NoveltyPage = z.infer<typeof noveltyPage>;

export const NOVELTY_PAGE_SIZE = 20;
export const noveltiesTitle = 'Novedades posteriores a la consolidación';
export const noveltiesKardexTitle = 'Posterior a la consolidación';
