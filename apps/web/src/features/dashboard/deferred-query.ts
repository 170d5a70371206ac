import { useDeferredValue, useMemo } from 'react';

/** What the dashboard's panels read of a query: its data and whether it is loading or failed. */
export type QueryView<T> = { data: T | undefined; isPending: boolean; isError: boolean };

/**
 * A query's answer as a deferred value. react-query delivers each answer as a synchronous update
 * (one task, however much it redraws); read through this, the first render keeps the previous view
 * (the same object, so a memoised reader skips it) and the new one is drawn in a deferred render,
 * which React splits into slices of a few milliseconds (Lighthouse's total blocking time, issue 14).
 */
export function useDeferredQuery<T>(query: QueryView<T>): QueryView<T> {
  const data = useDeferredValue(query.data);
  const isPending = useDeferredValue(query.isPending);
  const isError = useDeferredValue(query.isError);
  return useMemo(() => ({ data, isPending, isError }), [data, isPending, isError]);
}
