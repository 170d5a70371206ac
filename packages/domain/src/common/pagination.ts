import { z } from 'zod';
import { pageParam, text } from '../common/primitives.js';
import { SEARCH_MAX_LENGTH } from './paging.js';

export * from './paging.js';

export const pageQuery = z.object({
  page: pageParam.describe('Página, desde 1'),
  search: text({ max: SEARCH_MAX_LENGTH }).optional().describe('Texto a buscar'),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int().describe('Total de filas que cumplen el filtro'),
  });

export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };
