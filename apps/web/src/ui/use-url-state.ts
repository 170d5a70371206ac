import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { nextUrlSearch, readUrlState, type UrlChange, type UrlParams, type UrlStateOf } from './url-state';

/**
 * The address last written and the history entry it was written from: a navigation completes
 * after a render, and two changes in one event (a filter here, a panel's page there, from two hooks)
 * must build on each other.
 */
let pending: { entry: string; search: string } | null = null;

export type SetUrlState<D extends UrlParams> = (
  change: UrlChange<D>,
  options?: { history?: 'push' | 'replace' },
) => void;

/**
 * The one way a screen keeps its list's tab, filters and page in the address (rules in
 * url-state.ts). `params` must be declared at module level (a stable object). Several
 * declarations may share one screen (a page's filters and a panel's pager): each writes only its
 * keys and keeps the others.
 */
export function useUrlState<D extends UrlParams>(params: D): [UrlStateOf<D>, SetUrlState<D>] {
  const location = useLocation();
  const navigate = useNavigate();
  const here = useRef(location);
  here.current = location;
  const state = useMemo(
    () => readUrlState(params, new URLSearchParams(location.search)),
    [params, location.search],
  );
  const set = useCallback<SetUrlState<D>>(
    (change, options) => {
      const { key, search: current } = here.current;
      // A change made before the router has shown the previous one builds on it, not on the old address.
      const base = pending?.entry === key ? pending.search : current;
      const { search, replace } = nextUrlSearch(params, new URLSearchParams(base), change);
      if (search === base) return;
      pending = { entry: key, search };
      const history = options?.history ?? (replace ? 'replace' : 'push');
      navigate({ search }, { replace: history === 'replace', preventScrollReset: true });
    },
    [params, navigate],
  );
  return [state, set];
}

/**
 * A search box bound to a text parameter: what is typed shows at once, reaches the address (and
 * the query) 350 ms after the last key, replacing the history entry; Back or a reload puts the
 * address's text back in the box.
 */
export function useUrlText(value: string, commit: (text: string) => void, delay = 350) {
  const [typed, setTyped] = useState(value);
  const [debounced] = useDebouncedValue(typed.trim(), delay);
  const latestTyped = useRef(typed);
  latestTyped.current = typed;
  // The address changed from outside (Back, a link): the box follows, unless it already says it.
  useEffect(() => {
    if (latestTyped.current.trim() !== value) setTyped(value);
  }, [value]);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const valueRef = useRef(value);
  valueRef.current = value;
  useEffect(() => {
    if (debounced !== valueRef.current) commitRef.current(debounced);
  }, [debounced]);
  return [typed, setTyped] as const;
}
