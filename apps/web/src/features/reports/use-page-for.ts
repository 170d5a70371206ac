import { useState } from 'react';

/**
 * The page number of a paged list that goes back to page 1 whenever its filters change, without an
 * effect (and its extra render with the old page): the page is remembered together with the filters
 * it belongs to.
 */
export function usePageFor(filters: unknown): [number, (page: number) => void] {
  const key = JSON.stringify(filters);
  const [state, setState] = useState({ key, page: 1 });
  return [state.key === key ? state.page : 1, (page) => setState({ key, page })];
}
