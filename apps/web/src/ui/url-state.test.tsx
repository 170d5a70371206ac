import { renderToStaticMarkup } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { nextUrlSearch, readUrlState, urlParam } from './url-state';
import { useUrlState } from './use-url-state';

const listParams = {
  tab: urlParam.oneOf(['ministry', 'sie'], 'ministry'),
  q: urlParam.text({ max: 10 }),
  state: urlParam.optionalOneOf(['active', 'inactive']),
  sie: urlParam.int(),
  days: urlParam.intOr(7, { allowed: [1, 7, 30] }),
  from: urlParam.day(),
  raw: urlParam.flag(),
  page: urlParam.page(),
};

const read = (search: string) => readUrlState(listParams, new URLSearchParams(search));
const change = (search: string, c: Parameters<typeof nextUrlSearch<typeof listParams>>[2]) =>
  nextUrlSearch(listParams, new URLSearchParams(search), c);

describe('a list state in the URL (url-state)', () => {
  it('reads the defaults from an empty address', () => {
    expect(read('')).toEqual({
      tab: 'ministry',
      q: '',
      state: null,
      sie: null,
      days: 7,
      from: null,
      raw: false,
      page: 1,
    });
  });

  it('reads typed values', () => {
    expect(read('?tab=sie&q=juan&state=inactive&sie=80730001&days=30&from=2026-02-28&raw=1&page=3')).toEqual({
      tab: 'sie',
      q: 'juan',
      state: 'inactive',
      sie: 80730001,
      days: 30,
      from: '2026-02-28',
      raw: true,
      page: 3,
    });
  });

  it('falls back to the default on bad values, never throws', () => {
    expect(
      read(`?tab=nope&state=x&sie=abc&days=5&from=2026-02-30&raw=yes&page=-2&q=${'x'.repeat(5000)}`),
    ).toEqual({
      tab: 'ministry',
      q: 'x'.repeat(10),
      state: null,
      sie: null,
      days: 7,
      from: null,
      raw: false,
      page: 1,
    });
    for (const page of ['0', '1.5', 'abc', '', '99999999999999999999', '%%'])
      expect(read(`?page=${page}`).page).toBe(1);
    expect(read('?sie=0').sie).toBeNull();
    expect(read('?from=26-02-01').from).toBeNull();
  });

  it('leaves defaults out of the URL and keeps keys it does not know', () => {
    expect(change('?tab=sie&page=2&other=1', { tab: 'ministry' }).search).toBe('?other=1');
    expect(change('', { tab: 'ministry', q: '', page: 1, days: 7, raw: false }).search).toBe('');
    expect(change('', { days: 30, raw: true }).search).toBe('?days=30&raw=1');
  });

  it('pushes a tab, a page, a select; replaces typed text', () => {
    expect(change('', { tab: 'sie' })).toEqual({ search: '?tab=sie', replace: false });
    expect(change('', { page: 4 })).toEqual({ search: '?page=4', replace: false });
    expect(change('', { state: 'active' })).toEqual({ search: '?state=active', replace: false });
    expect(change('?tab=sie', { q: 'ana' })).toEqual({ search: '?tab=sie&q=ana', replace: true });
    // Text and a click together push (the click is what the user did).
    expect(change('', { q: 'ana', tab: 'sie' }).replace).toBe(false);
    // Nothing changed: nothing to push.
    expect(change('?tab=sie', { tab: 'sie' })).toEqual({ search: '?tab=sie', replace: true });
  });

  it('puts the page back to 1 when a filter or the tab changes, not when the page changes', () => {
    expect(change('?tab=sie&page=5', { q: 'ana' }).search).toBe('?tab=sie&q=ana');
    expect(change('?page=5', { tab: 'sie' }).search).toBe('?tab=sie');
    expect(change('?page=5', { page: 6 }).search).toBe('?page=6');
    // Setting a filter to what it already is keeps the page.
    expect(change('?tab=sie&page=5', { tab: 'sie' }).search).toBe('?tab=sie&page=5');
    // A filter and a page in one change: the page given wins.
    expect(change('?page=5', { tab: 'sie', page: 2 }).search).toBe('?page=2&tab=sie');
    // A page given as undefined is no page given.
    expect(change('?page=5', { tab: 'sie', page: undefined }).search).toBe('?tab=sie');
  });

  it('lets a parameter keep the page (opening a row) and pages of other declarations stay', () => {
    const withDetail = {
      q: urlParam.text(),
      rude: urlParam.text({ history: 'push', resetsPage: false }),
      page: urlParam.page(),
    };
    expect(nextUrlSearch(withDetail, new URLSearchParams('?q=ana&page=3'), { rude: 'X1' })).toEqual({
      search: '?q=ana&page=3&rude=X1',
      replace: false,
    });
    const other = { hpage: urlParam.page() };
    // A change of listParams' filter resets listParams' page, not another declaration's.
    expect(change('?page=3&hpage=4', { tab: 'sie' }).search).toBe('?hpage=4&tab=sie');
    expect(nextUrlSearch(other, new URLSearchParams('?page=3'), { hpage: 2 }).search).toBe('?page=3&hpage=2');
  });
});

function Probe() {
  const [state] = useUrlState(listParams);
  return <output>{JSON.stringify(state)}</output>;
}

describe('useUrlState', () => {
  it("gives a screen the address's state, typed, defaults filled in", () => {
    const router = createMemoryRouter([{ path: '/config/users', element: <Probe /> }], {
      initialEntries: ['/config/users?tab=sie&page=2&q=gutiérrez&days=abc'],
    });
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    const json = html.replace(/^.*<output>|<\/output>.*$/g, '').replaceAll('&quot;', '"');
    expect(JSON.parse(json)).toMatchObject({ tab: 'sie', page: 2, q: 'gutiérrez', days: 7, sie: null });
  });
});
