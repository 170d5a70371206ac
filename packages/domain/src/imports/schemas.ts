import { z } from 'zod';
import { idParam, pageOf, pageParam } from '../common/index.js';

/** Kinds of import: the bank's payment file, and the school roll's three files (issue 18). */
export const rollKinds = ['districts', 'institutions', 'roll'] as const;
export type RollKind = (typeof rollKinds)[number];
export const importKinds = ['payments', ...rollKinds] as const;
export type ImportKind = (typeof importKinds)[number];
export const isRollKind = (kind: string): kind is RollKind => (rollKinds as readonly string[]).includes(kind);

/** What each kind is called on the screen and in the history. */
export const importKindNames: Record<ImportKind, string> = {
  payments: 'Pagos del banco',
  districts: 'Distritos',
  institutions: 'Unidades educativas',
  roll: 'Nómina de estudiantes',
};

/** The first row errors in a JSON answer; all of them are in the errors spreadsheet. */
export const MAX_ERRORS_SHOWN = 1_000;
/** Largest upload accepted (a national payment file of 1 M rows is about 60 MB, the national roll about 200 MB). */
export const MAX_IMPORT_BYTES = 400 * 1024 * 1024;

export const importCounts = z.object({
  rows: z.number().int().describe('Filas de datos leídas (sin la cabecera)'),
  new: z.number().int().describe('Pagos que no estaban registrados'),
  unchanged: z.number().int().describe('Pagos ya registrados con los mismos datos: no se duplican'),
  changed: z.number().int().describe('Pagos ya registrados con otra fecha, banco o modalidad'),
  refused: z.number().int().describe('Filas válidas de estudiantes que no pueden recibir el pago'),
  errors: z.number().int().describe('Filas con datos no válidos'),
  withdrawn: z
    .number()
    .int()
    .optional()
    .describe('Nómina: estudiantes inscritos en la gestión que el archivo ya no lista (se marcan retirados)'),
});
export type ImportCounts = z.infer<typeof importCounts>;

export const rowErrorSchema = z.object({
  line: z.number().int(),
  column: z.string(),
  message: z.string().describe('Ya incluye línea y columna'),
});

/** 'expired': a dry run left unconfirmed for ABANDONED_IMPORT_DAYS, whose stored file was deleted. */
export const importStates = [
  'checking',
  'checked',
  'queued',
  'running',
  'done',
  'failed',
  'expired',
] as const;
/** Days a checked (or failed) import keeps its stored file waiting for 'Confirmar'. */
export const ABANDONED_IMPORT_DAYS = 7;
export type ImportState = (typeof importStates)[number];

export const importSummary = z.object({
  id: z.number().int(),
  kind: z.enum(importKinds),
  fileName: z.string(),
  sha256: z.string(),
  size: z.number().int(),
  by: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  state: z.enum(importStates),
  counts: importCounts.describe('La revisión (simulación)'),
  result: importCounts.nullable().describe('Lo escrito al confirmar'),
});
export type ImportSummary = z.infer<typeof importSummary>;

export const dryRunResult = importSummary.extend({
  errorList: z.array(rowErrorSchema).describe(`Los primeros ${MAX_ERRORS_SHOWN} errores`),
  errorsTruncated: z.boolean(),
});
export type DryRunResult = z.infer<typeof dryRunResult>;

export const importDetail = importSummary.extend({
  jobId: z.string().nullable(),
  progress: z.object({ done: z.number(), total: z.number(), message: z.string() }).nullable(),
  error: z.string().nullable(),
  message: z.string().nullable(),
  errorList: z.array(rowErrorSchema).optional().describe('Nómina: los primeros errores de la revisión'),
  errorsTruncated: z.boolean().optional(),
});
export type ImportDetail = z.infer<typeof importDetail>;

export const rollKindParams = z.object({
  kind: z.enum(rollKinds, { error: 'Tipo de archivo no válido: use districts, institutions o roll.' }),
});
export const rollCheckStarted = z.object({
  id: z.number().int(),
  jobId: z.string().describe('Siga la revisión en GET /imports/:id'),
});

export const importParams = z.object({ id: idParam.describe('La importación') });
export const importHistoryQuery = z.object({ page: pageParam.describe('Página, desde 1') });
export const IMPORT_PAGE_SIZE = 20;
export const importPage = pageOf(importSummary);
export type ImportPage = z.infer<typeof importPage>;
