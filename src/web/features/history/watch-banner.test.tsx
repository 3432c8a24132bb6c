// The change watch's banner with the real client and parsers, `fetch` answering as the service's
// watch route does: shown only for an alert, naming the change and linking to it, dismissable
// with the keyboard; polled only while a watch is live.
import { useMutation } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { WatchedChange } from '../../../shared/api/usage-watch';
import { useChanges } from '../../api/changes';
import { changeWatchQuery, liveWatches, WATCH_POLL_MS } from '../../api/change-watch';
import { answerFetch, renderApp } from '../../test/render';
import { WatchBanner } from './watch-banner';

const NOW = Date.now();
function watched(over: Partial<WatchedChange> = {}): WatchedChange {
  return {
    change_id: 'chg_12',
    summary: 'Deleted A www.example.com. 192.0.2.1',
    applied_at: new Date(NOW - 60_000).toISOString(),
    watched_until: new Date(NOW + 14 * 60_000).toISOString(),
    names_changed: 1,
    names: [],
    minutes: [],
    failed: 57,
    reverted_by: null,
    verdict: {
      status: 'alert',
      reason: '57 queries for www.example.com. got NXDOMAIN. Before the change they were answered.',
    },
    ...over,
  };
}
const ok = (changes: WatchedChange[]) => ({
  status: 200,
  body: { status: 'success', data: { changes, watch_minutes: 15, alert_failures: 10 } },
});

function renderBanner(changes: WatchedChange[]) {
  const fetch = answerFetch(({ url }) =>
    url.endsWith('/usage/watch') ? ok(changes) : { status: 404, body: {} },
  );
  renderApp(<WatchBanner />, { path: '/zones/:zoneId/records', url: '/zones/zone_1/records' });
  return fetch;
}

describe('watch banner', () => {
  it('names the change and what fails, with its Revert and a link to it in History', async () => {
    renderBanner([
      watched(),
      watched({ change_id: 'chg_11', verdict: { status: 'ok', reason: 'fine' } }),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Queries fail since the change “Deleted A www.example.com. 192.0.2.1”',
    );
    expect(screen.getByText(/57 queries for www\.example\.com\. got NXDOMAIN/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'See it in History' })).toHaveAttribute(
      'href',
      '/zones/zone_1/history#chg_12',
    );
    expect(screen.getByRole('button', { name: 'Revert this change…' })).toBeVisible();
    expect(screen.getAllByRole('alert')).toHaveLength(1); // the change that is fine has none
  });

  it('is dismissed with the keyboard', async () => {
    renderBanner([watched()]);
    const close = await screen.findByRole('button', { name: /^Dismiss the warning about/ });
    close.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows nothing for changes that are fine or reverted', async () => {
    const fetch = renderBanner([
      watched({ verdict: { status: 'reverted', reason: 'Reverted by change chg_13.' } }),
      watched({ change_id: 'chg_13', verdict: { status: 'ok', reason: 'fine' } }),
    ]);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** A write made in this browser, as any mutation of the dashboard. */
function Writer() {
  const m = useMutation({ mutationFn: async () => 'done' });
  return (
    <button type="button" onClick={() => m.mutate()}>
      write
    </button>
  );
}

/** The history's first page, as the History tab reads it. */
function HistoryList() {
  useChanges('zone_1', 1, 25);
  return null;
}

describe('watch reads', () => {
  it('reads the watch again after a write in this browser', async () => {
    let alert = false;
    const fetch = answerFetch(({ url }) =>
      url.endsWith('/usage/watch') ? ok(alert ? [watched()] : []) : { status: 404, body: {} },
    );
    renderApp(
      <>
        <WatchBanner />
        <Writer />
      </>,
      { path: '/zones/:zoneId/records', url: '/zones/zone_1/records' },
    );
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    alert = true;
    await userEvent.click(screen.getByRole('button', { name: 'write' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Queries fail since the change');
  });

  it('reads the watch again when the history lists a recent change it does not know', async () => {
    // The first read knows no change; the history then lists one made elsewhere just now.
    let reads = 0;
    const fetch = answerFetch(({ url }) => {
      if (url.endsWith('/usage/watch')) return ok(reads++ ? [watched()] : []);
      if (url.includes('/changes')) {
        const c = {
          id: 'chg_12',
          zone_id: 'zone_1',
          created_at: new Date(NOW - 30_000).toISOString(),
          kind: 'records',
          actor: { key_id: null, label: null },
          summary: 'Deleted A www.example.com. 192.0.2.1',
          serial: 2,
          counts: { added: 0, changed: 0, removed: 1 },
          reverts: null,
          revertible: true,
        };
        const pagination = { total: 1, count: 1, limit: 25, offset: 0, has_more: false };
        return { status: 200, body: { status: 'success', data: { changes: [c], pagination } } };
      }
      return { status: 404, body: {} };
    });
    renderApp(
      <>
        <WatchBanner />
        <HistoryList />
      </>,
      { path: '/zones/:zoneId/history', url: '/zones/zone_1/history' },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Queries fail since the change');
    expect(fetch.mock.calls.some(([u]) => String(u).includes('/changes'))).toBe(true);
  });
});

describe('watch polling', () => {
  const interval = (changes: WatchedChange[]) => {
    const opts = changeWatchQuery('zone_1');
    const poll = opts.refetchInterval as (q: { state: { data: unknown } }) => number | false;
    return poll({ state: { data: { changes, watch_minutes: 15, alert_failures: 10 } } });
  };
  it('polls while a change is watched, and not when every watch is over or reverted', () => {
    expect(interval([watched()])).toBe(WATCH_POLL_MS);
    expect(interval([])).toBe(false);
    const over = watched({ watched_until: new Date(NOW - 1).toISOString() });
    const reverted = watched({ verdict: { status: 'reverted', reason: '' } });
    expect(interval([over, reverted])).toBe(false);
    expect(
      liveWatches({ changes: [over, watched()], watch_minutes: 15, alert_failures: 10 }, NOW),
    ).toHaveLength(1);
  });
});
