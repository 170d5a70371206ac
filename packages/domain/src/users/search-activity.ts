import { z } from 'zod';
import { pageOf } from '../common/index.js';

/** Rows a page of 'Búsquedas de personas'. */
export const SEARCH_ACTIVITY_PAGE_SIZE = 25;

/**
 * When a user's volume of person searches is out of the ordinary (issue 13): more than
 * `dailyLimit` a day on average, or more than `medianFactor` times the median of the users who
 * searched in the same days once they reach `minimumSearches` (so 4 searches against a median of 1
 * are not flagged). A school registers a few hundred titulars a season; a district user a few
 * thousand over weeks: 100 a day sustained is a list being walked, not a queue of parents. The
 * server applies it in the query that pages the list, so the unusual users come first.
 */
export const searchActivityRule = { dailyLimit: 100, medianFactor: 3, minimumSearches: 30 } as const;

export const searchActivityQuery = z.object({
  days: z.coerce
    .number({ error: 'Indique un número de días entre 1 y 90.' })
    .int('Indique un número de días entre 1 y 90.')
    .min(1, 'Indique un número de días entre 1 y 90.')
    .max(90, 'Indique un número de días entre 1 y 90.')
    .default(7)
    .describe('Días hacia atrás desde hoy'),
  page: z.coerce
    .number({ error: 'Página no válida.' })
    .int('Página no válida.')
    .min(1, 'Página no válida.')
    .max(100_000, 'Página no válida.')
    .default(1)
    .describe('Página, desde 1'),
});
export type SearchActivityQuery = z.input<typeof searchActivityQuery>;

export const searchActivityRow = z.object({
  userId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  place: z.string().describe('Departamento, distrito o unidades educativas del usuario; Nacional'),
  searches: z.number().int(),
  hits: z.number().int().describe('Búsquedas que encontraron a una persona'),
  perDay: z.number().describe('Promedio por día en el periodo'),
  lastSearchAt: z.string().describe('ISO 8601'),
  unusual: z.boolean().describe('Volumen fuera de lo común (ver searchActivityRule)'),
});
export type SearchActivityRow = z.infer<typeof searchActivityRow>;

export const searchActivityPage = pageOf(searchActivityRow).extend({
  days: z.number().int(),
  median: z.number().describe('Mediana de búsquedas de los usuarios que buscaron en el periodo'),
  unusualCount: z.number().int().describe('Usuarios con volumen fuera de lo común'),
});
export type SearchActivityPage = z.infer<typeof searchActivityPage>;
