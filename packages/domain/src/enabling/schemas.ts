import { z } from 'zod';
import { pageOf, pageParam } from '../common/index.js';
import { enablingMessages } from './messages.js';

/** What an enabling reopens: a school's paid validation, or its holder (titular) list. */
export const enablingKindEnum = z.enum(['paid_validation', 'holders']);
export type EnablingKind = z.infer<typeof enablingKindEnum>;

export const enablingKindLabels: Record<EnablingKind, string> = {
  paid_validation: 'Validación de Pagados',
  holders: 'Registro de Titulares',
};

export const enablingRequest = z.object({
  sie: z.coerce
    .number({ error: enablingMessages.enterValidCode })
    .int(enablingMessages.enterValidCode)
    .positive(enablingMessages.enterValidCode)
    .max(2_147_483_647, enablingMessages.enterValidCode)
    .describe('Código SIE de la UE/CEE'),
  reason: z
    .string({ error: enablingMessages.enterReason })
    .trim()
    .min(1, enablingMessages.enterReason)
    .min(10, enablingMessages.reasonTooShort)
    .max(500, enablingMessages.reasonTooLong)
    .describe('Motivo de la habilitación (queda en el historial y la auditoría)'),
});
export type EnablingRequest = z.input<typeof enablingRequest>;

export const enablingRow = z.object({
  id: z.number().int(),
  kind: enablingKindEnum,
  kindLabel: z.string(),
  sie: z.number().int(),
  institutionName: z.string(),
  reason: z.string(),
  previousConsolidatedAt: z.string().describe('Consolidación que se dejó sin efecto'),
  enabledAt: z.string(),
  enabledBy: z.string(),
});
export type EnablingRow = z.infer<typeof enablingRow>;

export const enablingResult = enablingRow.extend({ message: z.string() });
export type EnablingResult = z.infer<typeof enablingResult>;

/** What the form checks before asking '¿Esta Seguro?': the school exists, is in scope and is consolidated. */
export const enablingPreviewParams = z.object({
  kind: z.enum(enablingKindEnum.options, { error: 'Tipo de habilitación no válido.' }),
  sie: enablingRequest.shape.sie,
});
export const enablingPreview = z.object({
  sie: z.number().int(),
  institutionName: z.string(),
  consolidatedAt: z.string().describe('La consolidación que la habilitación dejaría sin efecto'),
});
export type EnablingPreview = z.infer<typeof enablingPreview>;

export const enablingListQuery = z.object({
  kind: enablingKindEnum.optional(),
  page: pageParam,
});
export const enablingPage = pageOf(enablingRow);
export type EnablingPage = z.infer<typeof enablingPage>;
