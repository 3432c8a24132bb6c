// The secondaries' cache work: the GET parsed with the contract, polled every 5 s only while the
// tab is seen and never after an answer that asking again cannot change; NOTIFY then a re-read.
import { focusManager, QueryClient, QueryObserver, MutationObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Secondaries } from '../../shared/api/secondaries';
import { isApiError } from './api-error';
import {
  notifySecondariesOptions,
  SECONDARIES_REFETCH_MS,
  secondariesQuery,
  secondaryKeys,
} from './secondaries';
import { session } from './session';

const status: Secondaries = {
  zone_id: 'zone_1',
  serial: 2026112505,
  transferable: true,
  reason: null,
  secondaries: [
    {
      target: '192.0.2.53:53',
      signed: true,
      state: 'behind',
      serial: 2026112502,
      behind_changes: 3,
      detail: null,
      checked_at: '2026-11-25T00:30:00Z',
      last_seen_serial: null,
      last_seen_at: null,
      arrivals: [],
      last_change_arrived_at: null,
      last_change_made_at: null,
      last_notify: { serial: 2026112505, tries: 2, acknowledged_at: null },
    },
  ],
};

/** `fetch` answering every request with `answer()`; the calls, to count and inspect. */
function serve(answer: () => { status: number; body: unknown }) {
  const calls: Array<{ url: string; method: string }> = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    calls.push({ url, method: init?.method ?? 'GET' });
    const a = answer();
    return Response.json(a.body, { status: a.status });
  });
  return calls;
}
const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });

beforeEach(() => session.signIn({ key: 'zd_test', baseUrl: '', remember: false }));
afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

/** Watches the query as a mounted component would; `settle` lets the fetches finish. */
function observe(qc: QueryClient, everyMs?: number) {
  const observer = new QueryObserver(qc, secondariesQuery('zone_1', everyMs));
  const unsubscribe = observer.subscribe(() => {});
  const settle = async (ms = 0) => {
    await vi.advanceTimersByTimeAsync(ms);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { observer, unsubscribe, settle };
}

describe('secondariesQuery', () => {
  it('asks GET /v1/zones/{id}/secondaries and gives the parsed status', async () => {
    const calls = serve(() => ok(status));
    const data = await new QueryClient().fetchQuery(secondariesQuery('zone_1'));
    expect(data).toEqual(status);
    expect(calls).toEqual([{ url: '/v1/zones/zone_1/secondaries', method: 'GET' }]);
  });

  it('rejects an answer outside the contract (a state it does not know)', async () => {
    const odd = { ...status, secondaries: [{ ...status.secondaries[0], state: 'lagging' }] };
    serve(() => ok(odd));
    const err = await new QueryClient()
      .fetchQuery({ ...secondariesQuery('zone_1'), retry: false })
      .catch((e: unknown) => e);
    expect(isApiError(err) && err.code).toBe('invalid_response');
  });

  it('polls every 5 s while the tab is seen, and not while it is hidden', async () => {
    vi.useFakeTimers();
    const calls = serve(() => ok(status));
    const { unsubscribe, settle } = observe(new QueryClient());
    await settle();
    expect(calls).toHaveLength(1);
    await settle(SECONDARIES_REFETCH_MS);
    expect(calls).toHaveLength(2);
    focusManager.setFocused(false);
    await settle(3 * SECONDARIES_REFETCH_MS);
    expect(calls).toHaveLength(2);
    unsubscribe();
  });

  it('polls at the interval asked for (the History page asks more often)', async () => {
    vi.useFakeTimers();
    const calls = serve(() => ok(status));
    const { unsubscribe, settle } = observe(new QueryClient(), 2_000);
    await settle(4_000);
    expect(calls).toHaveLength(3);
    unsubscribe();
  });

  it('stops polling when the service has no secondaries: none appear until it restarts', async () => {
    vi.useFakeTimers();
    const calls = serve(() => ok({ ...status, secondaries: [] }));
    const { unsubscribe, settle } = observe(new QueryClient());
    await settle(3 * SECONDARIES_REFETCH_MS);
    expect(calls).toHaveLength(1);
    unsubscribe();
  });

  it.each([403, 404, 409])('stops polling after a %i: asking again cannot help', async (code) => {
    vi.useFakeTimers();
    const calls = serve(() => ({
      status: code,
      body: { status: 'error', error: { code: 'not_found', message: 'x' } },
    }));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { unsubscribe, settle } = observe(qc);
    await settle(3 * SECONDARIES_REFETCH_MS);
    expect(calls).toHaveLength(1);
    unsubscribe();
  });

  it('keeps polling after a 500: the next try may work', async () => {
    vi.useFakeTimers();
    const calls = serve(() => ({ status: 500, body: {} }));
    const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { unsubscribe, settle } = observe(qc);
    await settle(2 * SECONDARIES_REFETCH_MS);
    expect(calls).toHaveLength(3);
    unsubscribe();
  });
});

describe('notifySecondariesOptions', () => {
  it('POSTs …/secondaries/notify and marks that zone’s secondaries (only) for reading again', async () => {
    const calls = serve(() =>
      ok({ zone_id: 'zone_1', serial: 2026112505, targets: ['192.0.2.53:53'] }),
    );
    const qc = new QueryClient();
    qc.setQueryData(secondaryKeys.zone('zone_1'), status);
    qc.setQueryData(secondaryKeys.zone('zone_2'), status);
    const sent = await new MutationObserver(qc, notifySecondariesOptions(qc, 'zone_1')).mutate();
    expect(sent.targets).toEqual(['192.0.2.53:53']);
    expect(calls).toEqual([{ url: '/v1/zones/zone_1/secondaries/notify', method: 'POST' }]);
    expect(qc.getQueryState(secondaryKeys.zone('zone_1'))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(secondaryKeys.zone('zone_2'))?.isInvalidated).toBe(false);
  });
});
