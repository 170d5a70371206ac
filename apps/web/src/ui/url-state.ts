/**
 * A list's state in the address (issue 16): tab, filters and page as typed search parameters, so a
 * reload, a shared link and the browser's Back bring the user to the same place.
 *
 * A screen declares its parameters once, at module level (the keys are the URL's keys):
 *
 *     const listParams = { tab: urlParam.oneOf(['created', 'done'], 'created'), q: urlParam.text(), page: urlParam.page() };
 *     const [state, set] = useUrlState(listParams);   // state.tab: 'created' | 'done', state.page: number
 *     set({ tab: 'done' });                           // a new history entry, page back to 1
 *
 * The rules every list follows:
 * - a value equal to its default is left out of the URL (a fresh list has a clean address);
 * - a bad value (`?page=abc`, `?tab=nope`, a 5 000-character `q`) reads as the default or is cut,
 *   never throws;
 * - changing a filter or the tab puts every page parameter of the same declaration back to 1;
 * - text typed in a box replaces the current history entry (one Back leaves the search, not one
 *   per key — see useUrlText for the debounce); tabs, selects, pages and opening a row push one.
 *
 * This file is pure (no React) and tested in url-state.test.ts; the hook is use-url-state.ts.
 */

export type UrlParam<T> = {
  /** The value of the raw parameter (null when absent); the default when it cannot be read. */
  parse(raw: string | null): T;
  /** The parameter's text, or null for the default (left out of the URL). */
  format(value: T): string | null;
  /** 'replace' for text typed in a box, 'push' for everything a click changes. */
  history: 'push' | 'replace';
  /** A change of this parameter puts the declaration's page parameters back to 1 (default true). */
  resetsPage: boolean;
  /** This is a page number (reset when a filter changes). */
  isPage: boolean;
};

export type UrlParams = Record<string, UrlParam<unknown>>;
export type UrlStateOf<D extends UrlParams> = { [K in keyof D]: D[K] extends UrlParam<infer T> ? T : never };
export type UrlChange<D extends UrlParams> = Partial<UrlStateOf<D>>;

type Options = { history?: 'push' | 'replace'; resetsPage?: boolean };

const param = <T>(
  parse: (raw: string | null) => T,
  format: (value: T) => string | null,
  options: Options & { isPage?: boolean },
  defaultHistory: 'push' | 'replace' = 'push',
): UrlParam<T> => ({
  parse,
  format,
  history: options.history ?? defaultHistory,
  resetsPage: options.resetsPage ?? !options.isPage,
  isPage: options.isPage ?? false,
});

const integer = (raw: string | null): number | null => {
  if (raw === null || !/^-?\d{1,15}$/.test(raw.trim())) return null;
  return Number(raw.trim());
};

/** The builders of a declaration's parameters. */
export const urlParam = {
  /** A page number: 1 and up, 1 left out of the URL; pushes. */
  page: (options: Omit<Options, 'resetsPage'> = {}): UrlParam<number> =>
    param(
      (raw) => {
        const n = integer(raw);
        return n !== null && n >= 1 ? n : 1;
      },
      (value) => (Number.isInteger(value) && value > 1 ? String(value) : null),
      { ...options, isPage: true },
    ),

  /** One of a fixed list (a tab, a state filter, a period). */
  oneOf: <const V extends string>(values: readonly V[], fallback: V, options: Options = {}): UrlParam<V> =>
    param(
      (raw) => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as V) : fallback),
      (value) => (value === fallback ? null : value),
      options,
    ),

  /** One of a fixed list, or nothing chosen (null, the default). */
  optionalOneOf: <const V extends string>(values: readonly V[], options: Options = {}): UrlParam<V | null> =>
    param(
      (raw) => (raw !== null && (values as readonly string[]).includes(raw) ? (raw as V) : null),
      (value) => value,
      options,
    ),

  /** A whole number (a SIE code, an id, a course), or null (the default) when absent or unreadable. */
  int: (options: Options & { min?: number; max?: number } = {}): UrlParam<number | null> => {
    const min = options.min ?? 1;
    const max = options.max ?? Number.MAX_SAFE_INTEGER;
    return param(
      (raw) => {
        const n = integer(raw);
        return n !== null && n >= min && n <= max ? n : null;
      },
      (value) => (value === null || !Number.isInteger(value) ? null : String(value)),
      options,
    );
  },

  /** A whole number with a default (a period in days…), the default left out of the URL. */
  intOr: (fallback: number, options: Options & { allowed?: readonly number[] } = {}): UrlParam<number> =>
    param(
      (raw) => {
        const n = integer(raw);
        return n !== null && (options.allowed ? options.allowed.includes(n) : true) ? n : fallback;
      },
      (value) => (value === fallback || !Number.isInteger(value) ? null : String(value)),
      options,
    ),

  /**
   * Free text (a search box): cut to `max` characters (the server's limit), '' left out of the URL.
   * Replaces the history entry unless told otherwise.
   */
  text: (options: Options & { max?: number } = {}): UrlParam<string> => {
    const max = options.max ?? 100;
    return param(
      (raw) => (raw ?? '').slice(0, max),
      (value) => (value === '' ? null : value.slice(0, max)),
      options,
      'replace',
    );
  },

  /** A calendar day 'aaaa-mm-dd' (an existing one), or null. */
  day: (options: Options = {}): UrlParam<string | null> =>
    param(
      (raw) => {
        if (raw === null || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return null;
        const date = new Date(`${raw}T00:00:00Z`);
        return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === raw ? raw : null;
      },
      (value) => value,
      options,
    ),

  /** A yes/no switch, false (absent) by default: '1' in the URL. */
  flag: (options: Options = {}): UrlParam<boolean> =>
    param(
      (raw) => raw === '1',
      (value) => (value ? '1' : null),
      options,
    ),
};

/** The declaration's values read from the address; unknown keys are ignored. */
export function readUrlState<D extends UrlParams>(params: D, search: URLSearchParams): UrlStateOf<D> {
  const state: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(params)) state[key] = p.parse(search.get(key));
  return state as UrlStateOf<D>;
}

/**
 * The address after a change: the changed parameters written (or removed when they are the
 * default), the page parameters back to 1 when a filter changed, every other parameter (of other
 * declarations on the same screen) kept. `replace` is true when only typed text changed, or when
 * nothing changed at all.
 */
export function nextUrlSearch<D extends UrlParams>(
  params: D,
  current: URLSearchParams,
  change: UrlChange<D>,
): { search: string; replace: boolean } {
  const before = readUrlState(params, current);
  const next = new URLSearchParams(current);
  let push = false;
  let resetPages = false;
  for (const [key, value] of Object.entries(change)) {
    const p = params[key];
    if (!p || value === undefined) continue;
    const text = p.format(value);
    if (text === null) next.delete(key);
    else next.set(key, text);
    if (p.parse(text) === (before as Record<string, unknown>)[key]) continue;
    if (p.history === 'push') push = true;
    if (p.resetsPage) resetPages = true;
  }
  if (resetPages) {
    for (const [key, p] of Object.entries(params)) {
      if (p.isPage && (change as Record<string, unknown>)[key] === undefined) next.delete(key);
    }
  }
  const search = next.toString();
  return { search: search ? `?${search}` : '', replace: !push };
}
