// The pager's sizes and arithmetic, without zod: a screen that only pages a list loads no schema
// library (pagination.ts builds the API's page schemas at load; issue 14).

export const DEFAULT_PAGE_SIZE = 10;
export const USERS_PAGE_SIZE = 25;
export const PAGER_WINDOW = 5;
/** Longest search text the API accepts; search boxes cut a paste here (a 5 MB paste never leaves the browser). */
export const SEARCH_MAX_LENGTH = 100;

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
