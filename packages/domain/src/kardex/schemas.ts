import { z } from 'zod';
import { pageOf, pageParam, text } from '../common/index.js';
import { noveltyRow } from '../declarations/index.js';
import { bonusStates } from '../payments/index.js';
import { rudeValue } from '../sereci/index.js';
import { kardexMessages } from './messages.js';

export const kardexParams = z.object({ rude: rudeValue });

/** 'Kardex del Estudiante' search: a RUDE (exact or its start) or part of the name, 10 a page. */
export const kardexSearchQuery = z.object({
  q: text({ max: 100, min: 3, message: kardexMessages.searchTooShort }).describe(
    'RUDE (o su comienzo) o parte del nombre del estudiante',
  ),
  page: pageParam.describe('Página, desde 1'),
});
export type KardexSearchQuery = z.infer<typeof kardexSearchQuery>;

export const kardexSearchRow = z.object({
  rude: z.string(),
  name: z.string(),
  birthDate: z.string(),
  year: z.number().int().describe('Última gestión inscrita dentro del lugar de quien busca'),
  institutionId: z.number().int(),
  institution: z.string(),
});
export type KardexSearchRow = z.infer<typeof kardexSearchRow>;
export const kardexSearchPage = pageOf(kardexSearchRow);
export type KardexSearchPage = z.infer<typeof kardexSearchPage>;

/** 'Kardex del Estudiante': everything that happened to one student in the programme. */
export const kardex = z.object({
  student: z.object({
    id: z.number().int(),
    rude: z.string(),
    name: z.string(),
    birthDate: z.string(),
    identity: z.string().describe('Validado SEGIP / Validado SERECI / Pendiente de Validación'),
  }),
  inscriptions: z.array(
    z.object({
      id: z.number().int(),
      year: z.number().int(),
      institution: z.string(),
      institutionId: z.number().int(),
      course: z.string(),
      removedAt: z.string().nullable(),
      bonusState: z.enum(bonusStates).describe('Estado del bono en esa gestión (payments/bonus-state)'),
    }),
  ),
  titulars: z.array(
    z.object({
      id: z.number().int(),
      carnet: z.string(),
      name: z.string(),
      relationship: z.string(),
      createdAt: z.string(),
      removedAt: z.string().nullable(),
    }),
  ),
  adjustments: z
    .array(
      z.object({
        id: z.number().int(),
        year: z.number().int(),
        kind: z.string(),
        titular: z.string().describe('CI y nombre del titular tras el ajuste'),
        createdAt: z.string(),
        reenabledAt: z.string().nullable().describe('Habilitación de una nueva modificación'),
      }),
    )
    .describe("'Ajuste Titulares' tras la consolidación"),
  removals: z
    .array(
      z.object({
        id: z.number().int(),
        year: z.number().int(),
        source: z.string(),
        titular: z.string().nullable(),
        reason: z.string().nullable().describe('Motivo de la baja'),
        createdAt: z.string(),
      }),
    )
    .describe("'Baja Beneficiario'"),
  validations: z.array(z.object({ kind: z.string(), at: z.string().nullable(), detail: z.string() })),
  blocks: z.array(
    z.object({
      id: z.number().int(),
      blockedAt: z.string(),
      observation: z.string(),
      unblockedAt: z.string().nullable(),
      unblockObservation: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      paid: z.boolean(),
      paidOn: z.string().nullable(),
      bank: z.string().nullable(),
      mode: z.string().nullable(),
      syncedAt: z.string(),
    }),
  ),
  ledger: z
    .array(
      z.object({
        id: z.number().int(),
        inscriptionId: z.number().int(),
        source: z
          .enum(['sync', 'import', 'migration', 'manual'])
          .describe('De dónde vino el registro del banco'),
        sourceId: z.number().int().nullable().describe('Id de la sincronización o de la importación'),
        receivedAt: z.string(),
        after: z.object({
          paidOn: z.string().nullable(),
          bank: z.string().nullable(),
          mode: z.string().nullable(),
          amountBob: z.number().int().nullable().describe('Monto en bolivianos'),
          bankStatus: z.string(),
        }),
        before: z
          .object({
            paidOn: z.string().nullable(),
            bank: z.string().nullable(),
            mode: z.string().nullable(),
            amountBob: z.number().int().nullable().describe('Monto en bolivianos'),
            bankStatus: z.string(),
          })
          .nullable()
          .describe('El registro que esta corrección reemplaza (antes → después)'),
      }),
    )
    .describe('Cada registro de pago del banco, en orden; una corrección muestra el anterior (decisión 047)'),
  syncChanges: z.array(z.object({ day: z.string(), kind: z.string(), description: z.string() })),
  declarations: z
    .array(
      z.object({
        id: z.number().int(),
        year: z.number().int(),
        institutionId: z.number().int(),
        kind: z.string().describe('Registro de titulares / Validación de pagados'),
        version: z.number().int(),
        consolidatedAt: z.string(),
        consolidatedBy: z.string(),
        verificationCode: z.string(),
        superseded: z.boolean(),
      }),
    )
    .describe('Declaraciones juradas de su UE/CEE en las gestiones en que estuvo inscrito'),
  novelties: z
    .array(noveltyRow)
    .describe("'Posterior a la consolidación': cambios posteriores a la declaración consolidada de su UE"),
});
export type Kardex = z.infer<typeof kardex>;
