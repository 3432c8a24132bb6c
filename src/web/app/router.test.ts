// The home route's loader starts what the zone list page will ask, with the code: the filter of
// a link or a reload (?q=) included, not only the unfiltered page.
import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../api/session';
import { zoneKeys } from '../api/zones';
import { zoneListRequests } from '../features/zones/use-zone-list-params';
import { queryClient } from './query-client';
import { router } from './router';

type Loader = (args: LoaderFunctionArgs) => unknown;

/** Runs the home route's loader for `search`, with requests that never answer. */
function loadHome(search: string) {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
  const home = router.routes.find((r) => r.path === '/')!.children!.find((r) => r.index)!;
  (home.loader as Loader)({
    request: new Request(`http://localhost/${search}`),
    params: {},
    context: undefined,
  } as LoaderFunctionArgs);
}

const asked = (params: object) =>
  queryClient.getQueryState(zoneKeys.list(params as never)) !== undefined;

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe('the zone list route', () => {
  it('starts the account query and the filter matches the page will ask', () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    loadHome('?q=%20shop%20&page=2');
    const want = zoneListRequests(2, 10, 'shop');
    expect(want.account).toEqual({ limit: 10, offset: 0 });
    expect(asked(want.account)).toBe(true);
    expect(asked(want.matching)).toBe(true);
    // Not the unfiltered second page, which the page does not show.
    expect(asked({ limit: 10, offset: 10 })).toBe(false);
  });

  it('without a filter, the page shown; with one longer than any zone name, no matches', () => {
    session.signIn({ key: 'zd_test', baseUrl: '', remember: false });
    loadHome('?page=3');
    expect(asked({ limit: 10, offset: 20 })).toBe(true);
    queryClient.clear();
    const long = 'a'.repeat(254);
    loadHome(`?q=${long}`);
    const want = zoneListRequests(1, 10, long);
    expect(want.matches).toBe(false);
    expect(asked(want.account)).toBe(true);
    expect(asked(want.matching)).toBe(false);
  });
});
