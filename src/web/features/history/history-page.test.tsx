// The History tab with the real client and parsers; `fetch` plays a service holding a journal.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ChangeDetail, ChangeSummary } from '../../../shared/api/changes';
import type { SecondaryStatus } from '../../../shared/api/secondaries';
import { answerFetch, errorBody, renderApp } from '../../test/render';
import { HistoryPage } from './history-page';

const NOW = Date.now();
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function change(n: number, over: Partial<ChangeSummary> = {}): ChangeSummary {
  return {
    id: `chg_${n}`,
    zone_id: 'zone_1',
    created_at: minutesAgo(n),
    kind: 'records',
    actor: { key_id: 'key_abc', label: 'deploy bot' },
    summary: `Change number ${n}`,
    serial: 2026112400 + 100 - n,
    counts: { added: 1, changed: 0, removed: 1 },
    reverts: null,
    revertible: true,
    ...over,
  };
}

const wwwDiff = {
  name: 'www.example.com.',
  type: 'A',
  before: { ttl: 300, comment: null, values: [{ content: '192.0.2.1', disabled: false }] },
  after: { ttl: 3600, comment: null, values: [{ content: '192.0.2.9', disabled: false }] },
};
const inverse = { ...wwwDiff, before: wwwDiff.after, after: wwwDiff.before };
const applied = (over: object = {}) => ({
  dry_run: true,
  change_id: null,
  serial: null,
  counts: { added: 1, changed: 0, removed: 1 },
  rrsets: [inverse],
  settings: [],
  ...over,
});

interface Opts {
  total?: number;
  first?: Partial<ChangeSummary>;
  conflict?: boolean;
  /** With the conflict: later changes have already put everything back (the forced dry run is empty). */
  alreadyBack?: boolean;
  listStatus?: number;
  revertStatus?: number;
  /** The zone's secondaries, as GET …/secondaries gives them; none: the route answers 404. */
  secondaries?: SecondaryStatus[];
  /** The change set the default TTL only: its revert touches no RRset. */
  settingsOnly?: boolean;
}

/** A fake journal of `total` changes (newest first); revert adds one at the top. */
function service(opts: Opts = {}) {
  let total = opts.total ?? 60;
  const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });
  const at = (i: number) => (i === 1 ? change(1, opts.first) : change(i));
  return answerFetch(({ method, url, body }) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/v1/zones/zone_1/changes') {
      if (opts.listStatus === 403) {
        return {
          status: 403,
          body: errorBody('insufficient_scope', 'x', { required: ['records:read'] }),
        };
      }
      const limit = Number(u.searchParams.get('limit'));
      const offset = Number(u.searchParams.get('offset'));
      const ids = Array.from({ length: total }, (_, i) => i + 1).slice(offset, offset + limit);
      return ok({
        changes: ids.map(at),
        pagination: { total, offset, limit, count: ids.length, has_more: offset + limit < total },
      });
    }
    if (u.pathname === '/v1/zones/zone_1/secondaries' && opts.secondaries) {
      const serial = at(1).serial;
      return ok({
        zone_id: 'zone_1',
        serial,
        transferable: true,
        reason: null,
        secondaries: opts.secondaries,
      });
    }
    const revert = /\/changes\/(chg_\d+)\/revert$/.exec(u.pathname);
    if (revert && method === 'POST') {
      const { dry_run, force } = body as { dry_run?: boolean; force?: boolean };
      if (opts.revertStatus === 403) {
        return {
          status: 403,
          body: errorBody('insufficient_scope', 'x', { required: ['records:write'] }),
        };
      }
      if (opts.conflict && !force) {
        return {
          status: 409,
          body: errorBody('change_conflict', 'www.example.com. A changed since.', {
            rrsets: [
              {
                name: 'www.example.com.',
                type: 'A',
                expected: wwwDiff.after,
                current: { ...wwwDiff.after, values: [{ content: '192.0.2.77', disabled: false }] },
              },
            ],
            settings: [{ field: 'ttl', expected: 3600, current: 600 }],
          }),
        };
      }
      if (dry_run && opts.alreadyBack) {
        return ok(applied({ counts: { added: 0, changed: 0, removed: 0 }, rrsets: [] }));
      }
      if (dry_run && opts.settingsOnly) {
        return ok(
          applied({
            counts: { added: 0, changed: 0, removed: 0 },
            rrsets: [],
            settings: [{ field: 'ttl', before: 7200, after: 3600 }],
          }),
        );
      }
      if (dry_run) return ok(applied());
      total += 1;
      return ok(applied({ dry_run: false, change_id: 'chg_new', serial: 2026112499 }));
    }
    const detail = /\/changes\/(chg_\d+)$/.exec(u.pathname);
    if (detail) {
      const d: ChangeDetail = {
        ...at(Number(detail[1]!.slice(4))),
        rrsets: [wwwDiff],
        settings: [],
      };
      return ok(d);
    }
    return { status: 404, body: errorBody('zone_not_found', 'no') };
  });
}

function renderPage(url = '/zones/zone_1/history') {
  renderApp(<HistoryPage />, { path: '/zones/:zoneId/history', url });
  return userEvent.setup();
}

const firstItem = async () =>
  within(await screen.findByRole('list', { name: 'Changes, newest first' })).getAllByRole(
    'listitem',
  )[0]!;

const calls = (fetch: ReturnType<typeof service>, re: RegExp, method = 'GET') =>
  fetch.mock.calls.filter(([u, init]) => re.test(String(u)) && (init?.method ?? 'GET') === method);

describe('History tab', () => {
  it('lists one page of changes, newest first: who, when, summary and counts', async () => {
    const fetch = service();
    renderPage();
    const list = await screen.findByRole('list', { name: 'Changes, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(25);
    expect(items[0]).toHaveTextContent('Change number 1');
    expect(items[0]).toHaveTextContent('by deploy bot');
    expect(items[0]).toHaveTextContent('1 minute ago');
    expect(items[0]).toHaveTextContent('+1 added');
    expect(items[0]).toHaveTextContent('−1 removed');
    expect(within(items[0]!).getByText('1 minute ago')).toHaveAttribute(
      'dateTime',
      change(1).created_at,
    );
    expect(screen.getByText(/1–25 of 60 changes/)).toBeVisible();
    // 25 Revert buttons: each says which change it reverts.
    expect(within(items[0]!).getByRole('button', { name: 'Revert…' })).toHaveAccessibleDescription(
      'Change number 1',
    );
    // Only the page shown is asked for; no change's diff until it is opened.
    expect(calls(fetch, /\/changes\?limit=25&offset=0$/)).toHaveLength(1);
    expect(calls(fetch, /\/changes\/chg_/)).toHaveLength(0);
  });

  it('names the change a revert undid, and links to its row on the same page', async () => {
    const fetch = service({ first: { kind: 'revert', reverts: 'chg_40', summary: 'Revert' } });
    const user = renderPage('/zones/zone_1/history?size=50');
    const link = within(await firstItem()).getByRole('link', {
      name: 'reverts the change of 40 minutes ago',
    });
    expect(link).toHaveAttribute('title', expect.stringMatching(/^Change number 40 \(chg_40, /));
    // The page shown, with the row as the target.
    expect(link).toHaveAttribute('href', '/zones/zone_1/history?size=50#chg_40');
    // On the page already: nothing more is asked for.
    expect(calls(fetch, /\/changes\/chg_40$/)).toHaveLength(0);
    const row = screen.getByRole('button', { name: 'Change number 40' });
    expect(row).toHaveAttribute('aria-expanded', 'false');
    await user.click(link);
    await waitFor(() => expect(row).toHaveAttribute('aria-expanded', 'true'));
    expect(row).toHaveFocus();
    expect(await screen.findByText('192.0.2.9')).toBeVisible();
    // Closed by hand, and opened again by following the link again.
    await user.click(row);
    expect(row).toHaveAttribute('aria-expanded', 'false');
    await user.click(link);
    await waitFor(() => expect(row).toHaveAttribute('aria-expanded', 'true'));
  });

  it('names a reverted change on an older page by its age', async () => {
    const fetch = service({ first: { kind: 'revert', reverts: 'chg_40', summary: 'Revert' } });
    renderPage();
    const item = await firstItem();
    await waitFor(() =>
      expect(item).toHaveTextContent('reverts a change of 40 minutes ago, on an older page'),
    );
    expect(within(item).queryByRole('link', { name: /reverts/ })).toBeNull();
    expect(calls(fetch, /\/changes\/chg_40$/)).toHaveLength(1);
  });

  it('reads the page from the URL', async () => {
    const fetch = service();
    renderPage('/zones/zone_1/history?page=3');
    await waitFor(() => expect(screen.getByText('Change number 51')).toBeVisible());
    expect(screen.getByText(/51–60 of 60 changes/)).toBeVisible();
    expect(calls(fetch, /\/changes\?limit=25&offset=50$/)).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Previous/ })).toHaveAttribute(
      'href',
      '/zones/zone_1/history?page=2',
    );
  });

  it('opens the last page of 100,000 changes with one request of 25', async () => {
    const fetch = service({ total: 100_000 });
    renderPage('/zones/zone_1/history?page=4000');
    await waitFor(() => expect(screen.getByText('Change number 100000')).toBeVisible());
    expect(screen.getByText(/99,976–100,000 of 100,000 changes/)).toBeVisible();
    expect(screen.getByText(/Page 4000 of 4000/)).toBeVisible();
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('/changes'))).toHaveLength(1);
  });

  it('opens a change to its RRset diff, marked with words and signs', async () => {
    const fetch = service();
    const user = renderPage();
    const toggle = await screen.findByRole('button', { name: 'Change number 2' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rrset = await screen.findByRole('region', { name: 'www.example.com. A' });
    const before = within(rrset).getByRole('list', { name: 'Before: values' });
    const after = within(rrset).getByRole('list', { name: 'After: values' });
    expect(before).toHaveTextContent('−192.0.2.1removed');
    expect(after).toHaveTextContent('+192.0.2.9added');
    expect(rrset).toHaveTextContent('TTL 5 min');
    expect(rrset).toHaveTextContent('TTL 1 hchanged');
    expect(calls(fetch, /\/changes\/chg_2$/)).toHaveLength(1);
  });

  it('opens the change the address names (#id), brings it into view and marks it', async () => {
    const scrolled = vi.fn<(this: Element) => void>(function (this: Element) {});
    // jsdom has none (change-item.tsx calls it only where it exists): one to see it called.
    const had = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
    Element.prototype.scrollIntoView = scrolled;
    try {
      const fetch = service();
      renderPage('/zones/zone_1/history#chg_7');
      const toggle = await screen.findByRole('button', { name: 'Change number 7' });
      expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const item = toggle.closest('li')!;
      expect(item).toHaveAttribute('data-targeted');
      expect(await within(item).findByRole('region', { name: 'www.example.com. A' })).toBeVisible();
      expect(scrolled.mock.contexts).toEqual([item]);
      // The others stay closed; only the named change's diff is read.
      expect(screen.getByRole('button', { name: 'Change number 6' })).toHaveAttribute(
        'aria-expanded',
        'false',
      );
      expect(calls(fetch, /\/changes\/chg_/).map(([u]) => String(u))).toEqual([
        expect.stringMatching(/\/changes\/chg_7$/),
      ]);
    } finally {
      if (had) Object.defineProperty(Element.prototype, 'scrollIntoView', had);
      else delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('Revert previews with a dry run, then reverts on confirm and shows the new change', async () => {
    const fetch = service();
    const user = renderPage();
    const first = await firstItem();
    await user.click(within(first).getByRole('button', { name: 'Revert…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this change?' });
    const preview = await within(dialog).findByRole('region', { name: 'www.example.com. A' });
    expect(within(preview).getByRole('list', { name: 'After: values' })).toHaveTextContent(
      '+192.0.2.1added',
    );
    expect(dialog).toHaveTextContent('Reverting changes (1 added, 1 removed)');
    const posts = calls(fetch, /\/changes\/chg_1\/revert$/, 'POST');
    expect(posts.map(([, i]) => JSON.parse(String(i?.body)))).toEqual([{ dry_run: true }]);

    await user.click(within(dialog).getByRole('button', { name: 'Revert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls(fetch, /\/changes\/chg_1\/revert$/, 'POST').map(([, i]) =>
      JSON.parse(String(i?.body)),
    );
    expect(sent[1]).toEqual({ force: false });
    // The history is read again: the revert is a change of its own.
    await waitFor(() => expect(screen.getByText(/1–25 of 61 changes/)).toBeVisible());
  });

  it('the revert of a settings change counts its settings (not an empty "()")', async () => {
    service({ settingsOnly: true, first: { kind: 'zone', summary: 'Default TTL 3600 → 7200' } });
    const user = renderPage();
    const first = await firstItem();
    await user.click(within(first).getByRole('button', { name: 'Revert…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this change?' });
    expect(
      await within(dialog).findByRole('heading', { name: 'Reverting changes (1 zone setting)' }),
    ).toBeVisible();
    expect(dialog).not.toHaveTextContent('()');
  });

  it('explains a conflict and offers to revert anyway (force)', async () => {
    const fetch = service({ conflict: true });
    const user = renderPage();
    const first = await firstItem();
    await user.click(within(first).getByRole('button', { name: 'Revert…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this change?' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Changed since');
    expect(alert).toHaveTextContent('www.example.com. A');
    expect(alert).toHaveTextContent('This change leftTTL 1 h: 192.0.2.9');
    expect(alert).toHaveTextContent('NowTTL 1 h: 192.0.2.77');
    expect(alert).toHaveTextContent('The zone’s default ttlThis change left1 hNow10 min');
    expect(dialog).toHaveTextContent('Reverting anyway changes');
    expect(within(dialog).queryByRole('button', { name: 'Revert' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Revert anyway' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = calls(fetch, /\/revert$/, 'POST').map(([, i]) => JSON.parse(String(i?.body)));
    expect(sent).toEqual([{ dry_run: true }, { dry_run: true, force: true }, { force: true }]);
  });

  it('says plainly when later changes already put everything back, without a conflict to weigh', async () => {
    service({ conflict: true, alreadyBack: true });
    const user = renderPage();
    const first = await firstItem();
    await user.click(within(first).getByRole('button', { name: 'Revert…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this change?' });
    expect(
      await within(dialog).findByText(
        'Later changes have already put the zone back as it was before this change: there is nothing to revert.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Revert/ })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeVisible();
  });

  it('Cancel writes nothing', async () => {
    const fetch = service();
    const user = renderPage();
    const first = await firstItem();
    await user.click(within(first).getByRole('button', { name: 'Revert…' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('region', { name: 'www.example.com. A' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = calls(fetch, /\/revert$/, 'POST').map(([, i]) => JSON.parse(String(i?.body)));
    expect(sent).toEqual([{ dry_run: true }]);
  });

  it('a DNSSEC switch says why it cannot be reverted instead of offering to', async () => {
    service({
      first: {
        kind: 'dnssec',
        revertible: false,
        summary: 'DNSSEC turned on',
        counts: { added: 0, changed: 0, removed: 0 },
      },
    });
    const user = renderPage();
    const first = await firstItem();
    expect(within(first).queryByRole('button', { name: 'Revert…' })).toBeNull();
    expect(first).toHaveTextContent('Not revertible (DNSSEC switch)');
    await user.click(within(first).getByRole('button', { name: 'DNSSEC turned on' }));
    expect(first).toHaveTextContent('turning DNSSEC back on makes a new key');
  });

  it('a DS removal request says where it is undone', async () => {
    service({
      first: {
        kind: 'dnssec',
        revertible: false,
        summary: 'DS removal requested from the parent (CDS delete published)',
        counts: { added: 0, changed: 0, removed: 0 },
      },
    });
    const user = renderPage();
    const first = await firstItem();
    expect(within(first).queryByRole('button', { name: 'Revert…' })).toBeNull();
    expect(first).toHaveTextContent('Not revertible (DS removal request)');
    await user.click(within(first).getByRole('button', { name: /^DS removal requested/ }));
    expect(first).toHaveTextContent('ask again or stop asking on the DNSSEC tab');
  });

  it('the zone’s creation offers no Revert and says how to undo it', async () => {
    service({
      first: {
        kind: 'zone',
        revertible: false,
        summary: 'Zone example.com created',
        counts: { added: 0, changed: 0, removed: 0 },
      },
    });
    const user = renderPage();
    const first = await firstItem();
    expect(within(first).queryByRole('button', { name: 'Revert…' })).toBeNull();
    expect(first).not.toHaveTextContent('Not revertible');
    await user.click(within(first).getByRole('button', { name: 'Zone example.com created' }));
    expect(first).toHaveTextContent('undone by deleting the zone');
  });

  it('a key that may only read is told in the dialog which scope a revert needs', async () => {
    service({ revertStatus: 403 });
    const user = renderPage();
    await user.click(within(await firstItem()).getByRole('button', { name: 'Revert…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revert this change?' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This needs the records:write scope');
    expect(within(alert).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /^Revert/ })).toBeNull();
  });

  it('an empty history says what will appear', async () => {
    service({ total: 0 });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No changes yet' })).toBeVisible();
  });

  it('a key without records:read is told which scope reading needs, with no Retry', async () => {
    service({ listStatus: 403 });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This needs the records:read scope');
    expect(within(alert).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('shows on each change which secondaries picked it up and when, and which it waits for', async () => {
    const newest = change(1);
    const arrived = new Date(Date.parse(newest.created_at) + 800).toISOString();
    const secondary = (over: Partial<SecondaryStatus>): SecondaryStatus => ({
      target: '127.0.0.1:5301',
      signed: false,
      state: 'in_sync',
      serial: newest.serial,
      behind_changes: 0,
      detail: null,
      checked_at: minutesAgo(0),
      last_seen_serial: newest.serial,
      last_seen_at: minutesAgo(0),
      arrivals: [{ serial: newest.serial, at: arrived }],
      last_change_arrived_at: arrived,
      last_change_made_at: newest.created_at,
      last_notify: null,
      ...over,
    });
    const fetch = service({
      total: 3,
      secondaries: [
        secondary({}),
        secondary({
          target: '127.0.0.1:5302',
          state: 'unreachable',
          serial: null,
          last_seen_serial: change(2).serial,
          arrivals: [],
        }),
      ],
    });
    renderPage();
    const first = await firstItem();
    const where = await within(first).findByRole('list', { name: 'Where this change has arrived' });
    expect(where).toHaveTextContent(/127\.0\.0\.1:5301 at \d{1,2}:\d\d:\d\d.*, \+0\.8 s/);
    expect(where).toHaveTextContent('waiting for 127.0.0.1:5302 (unreachable)');
    // The second change: the first has no arrival for it but serves newer; the second has it.
    const second = screen.getByText('Change number 2').closest('li.change-item')!;
    expect(second).toHaveTextContent('127.0.0.1:5301 at');
    expect(second).toHaveTextContent('127.0.0.1:5302 has it');
    expect(calls(fetch, /\/secondaries$/).length).toBeGreaterThan(0);
  });
});
