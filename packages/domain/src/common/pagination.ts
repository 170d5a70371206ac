import { z } from 'zod';
import { pageParam, text } from '../common/primitives.js';

export const DEFAULT_PAGE_SIZE = 10;
export const USERS_PAGE_SIZE = 25;
export const PAGER_WINDOW = 5;
/** Longest search text the API accepts; search boxes cut a paste here (a 5 MB paste never leaves the browser). */
export const SEARCH_MAX_LENGTH = 100;

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

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * The pager's visible numbers: a window of five around the current page, with the first and
 * last pages and ellipses ('…') where numbers are skipped.
 */
export function pagerItems(current: number, pages: number, window = PAGER_WINDOW): Array<number | '…'> {
  const last = Math.max(1, pages);
  const page = Math.min(Math.max(1, current), last);
  let start = Math.max(1, page - Math.floor(window / 2));
  const end = Math.min(last, start + window - 1);
  start = Math.max(1, end - window + 1);
  const items: Array<number | '…'> = [];
  if (start > 1) {
    items.push(1);
    if (start > 2) items.push('…');
  }
  for (let n = start; n <= end; n++) items.push(n);
  if (end < last) {
    if (end < last - 1) items.push('…');
    items.push(last);
  }
  return items;
}
