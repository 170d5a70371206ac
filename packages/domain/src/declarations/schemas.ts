import { z } from 'zod';
import { sieParam } from '../common/index.js';
import { DECLARATION_KINDS } from './messages.js';

/**
 * Frozen declarations (issue 12). Kind 'holders' is the sworn declaration of the titular
 * registration; 'paid_validation' the DDJJ (CEE) or validation report (UE) of the paid validation.
 */
export const declarationKindEnum = z.enum(DECLARATION_KINDS);
export type DeclarationKind = z.infer<typeof declarationKindEnum>;

// Labels and messages live apart, without zod: the screens import them without the schemas (issue 14).
export * from './messages.js';

/** One stored version, as listed to staff who may see the school. */
export const declarationVersion = z.object({
  kind: declarationKindEnum,
  kindLabel: z.string(),
  year: z.number().int().describe('Gestión de la declaración: las versiones se numeran por gestión'),
  version: z.number().int().describe('Versión dentro de la gestión (1, 2…)'),
  consolidatedAt: z.string(),
  consolidatedBy: z.string(),
  sha256: z.string(),
  verificationCode: z.string(),
  supersededAt: z.string().nullable(),
  status: z.string().describe("'Vigente' o 'Reemplazada'"),
  backfilled: z.boolean().describe('Guardada en la primera descarga (consolidada antes del issue 12)'),
});
export type DeclarationVersion = z.infer<typeof declarationVersion>;
export const declarationVersionList = z.object({ items: z.array(declarationVersion) });
export type DeclarationVersionList = z.infer<typeof declarationVersionList>;

export const declarationVersionParams = z.object({
  sie: sieParam.describe('Código SIE de la institución'),
  version: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .describe('Versión de la declaración dentro de la gestión (`year`; sin ella, la gestión abierta)'),
});

export const verificationParams = z.object({
  code: z.string().max(200).describe('Código de verificación impreso en la declaración'),
});

/** The public answer: the declaration exists, what it declares in totals, no personal data. */
export const verificationResult = z.object({
  valid: z.literal(true),
  code: z.string(),
  sie: z.number().int(),
  institutionName: z.string(),
  kind: declarationKindEnum,
  kindLabel: z.string(),
  year: z.number().int(),
  version: z.number().int(),
  consolidatedAt: z.string(),
  superseded: z.boolean(),
  supersededAt: z.string().nullable(),
  status: z.string(),
  sha256: z.string().describe('SHA-256 del PDF emitido'),
  totals: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type VerificationResult = z.infer<typeof verificationResult>;

/** Verification is public: a few lookups a minute per address are plenty for a person with a printout. */
export const PUBLIC_VERIFY_RATE = { max: 30, timeWindow: 60_000 } as const;
