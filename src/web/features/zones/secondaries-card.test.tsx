// The Secondaries card with the real client and parsers; `fetch` plays a service whose
// secondaries the test sets, and which answers Send NOTIFY.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it } from 'vitest';
import type { Secondaries, SecondaryStatus } from '../../../shared/api/secondaries';
import { answerFetch, errorBody, renderApp, type FetchHandler } from '../../test/render';
import { SecondariesCard } from './secondaries-card';

const ago = (s: number) => new Date(Date.now() - s * 1000).toISOString();
const OURS = 2026112505;

const secondary = (over: Partial<SecondaryStatus>): SecondaryStatus => ({
  target: '192.0.2.53:53',
  signed: true,
  state: 'in_sync',
  serial: OURS,
  behind_changes: null,
  detail: null,
  checked_at: ago(2),
  last_seen_serial: null,
  last_seen_at: null,
  arrivals: [],
  last_change_arrived_at: null,
  last_change_made_at: null,
  last_notify: { serial: OURS, tries: 1, acknowledged_at: ago(12) },
  ...over,
});

const FOUR = [
  secondary({
    last_seen_serial: OURS,
    last_seen_at: ago(2),
    arrivals: [{ serial: OURS, at: ago(30) }],
    last_change_arrived_at: ago(30),
    last_change_made_at: ago(31),
  }),
  // Served since before the service started: its arrival was not seen.
  secondary({
    target: '192.0.2.54:53',
    signed: false,
    state: 'behind',
    serial: 2026112502,
    behind_changes: 3,
    last_seen_serial: 2026112502,
    last_seen_at: ago(2),
  }),
  secondary({
    target: '[2001:db8::53]:53',
    state: 'unreachable',
    serial: null,
    behind_changes: 1,
    last_seen_serial: 2026112504,
    last_seen_at: ago(125),
    last_notify: { serial: OURS, tries: 4, acknowledged_at: null },
  }),
  secondary({
    target: 'ns.example.net:53',
    state: 'refused',
    serial: null,
    detail: 'NOTAUTH (BADSIG)',
    last_notify: null,
  }),
];

const status = (over: Partial<Secondaries> = {}): Secondaries => ({
  zone_id: 'zone_1',
  serial: OURS,
  transferable: true,
  reason: null,
  secondaries: FOUR,
  ...over,
});

const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });

function renderCard(handler: FetchHandler) {
  const fetch = answerFetch(handler);
  renderApp(
    <>
      <SecondariesCard zoneId="zone_1" />
      <Toaster />
    </>,
  );
  const card = () => screen.getByRole('region', { name: 'Secondaries' });
  return { fetch, card, user: userEvent.setup() };
}

const rowOf = (target: string) => screen.getByText(target).closest('li')!;

describe('SecondariesCard', () => {
  it('shows each secondary: its state in words, the serial against ours, checked and NOTIFY', async () => {
    const { card } = renderCard(() => ok(status()));
    await screen.findByText('192.0.2.53:53');
    expect(within(card()).getAllByRole('listitem')).toHaveLength(4);
    expect(rowOf('192.0.2.53:53')).toHaveTextContent(
      /^192\.0\.2\.53:53TSIGIn syncServes2026112505Last changearrived \d{1,2}:\d\d:\d\d( [AP]M)? \(1\.0 s after it was made\)Checked[0-9] s agoLast NOTIFYAcknowledged 1[0-9] s ago \(serial 2026112505\)$/,
    );
    expect(rowOf('192.0.2.54:53')).toHaveTextContent(
      /^192\.0\.2\.54:53Behind by 3 changesServes2026112502 \(ours: 2026112505\)Last changearrived before the service started watchingChecked/,
    );
    // Unreachable: what it was last seen serving, when, and how far behind that is.
    expect(rowOf('[2001:db8::53]:53')).toHaveTextContent(
      /UnreachableLast seenserving 2026112504 2 min ago, behind by 1 changeLast changearrived before the service started watchingChecked.*Not acknowledged after 4 tries \(serial 2026112505\)/,
    );
    // Never seen serving the zone: no serial, no arrival.
    expect(rowOf('ns.example.net:53')).toHaveTextContent(
      /Refused: NOTAUTH \(BADSIG\)Servesno serialChecked.*Last NOTIFYnone since the service started$/,
    );
    expect(card()).toHaveTextContent('Queries answered by secondaries are not counted in Usage.');
  });

  it('says the summary politely, naming each secondary that is not in sync', async () => {
    const { card } = renderCard(() => ok(status()));
    const summary = await within(card()).findByText(/in sync with serial/);
    expect(summary).toHaveAttribute('role', 'status');
    expect(summary).toHaveTextContent(
      '1 of 4 in sync with serial 2026112505. 192.0.2.54:53: Behind by 3 changes. [2001:db8::53]:53: Unreachable, last seen serving serial 2026112504 (behind by 1 change). ns.example.net:53: Refused: NOTAUTH (BADSIG).',
    );
  });

  it('shows "Loading secondaries" until the answer comes', async () => {
    renderCard(() => ok(status()));
    expect(screen.getByRole('status', { name: 'Loading secondaries' })).toBeVisible();
    await screen.findByText('192.0.2.53:53');
    expect(screen.queryByRole('status', { name: 'Loading secondaries' })).toBeNull();
  });

  it('Send NOTIFY: POSTs, is disabled while sending, toasts, then reads the states again', async () => {
    let synced = false;
    let release = () => {};
    const { fetch, user } = renderCard(({ method, url }) => {
      if (method === 'POST' && url.endsWith('/secondaries/notify')) {
        synced = true;
        return ok({ zone_id: 'zone_1', serial: OURS, targets: FOUR.map((s) => s.target) });
      }
      return ok(synced ? status({ secondaries: [secondary({})] }) : status());
    });
    // Hold the POST's answer so that the button can be seen while it is pending.
    const answer = fetch.getMockImplementation()!;
    fetch.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await new Promise<void>((r) => (release = r));
      return answer(input, init);
    });
    const button = await screen.findByRole('button', { name: 'Send NOTIFY' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');
    release();
    expect(
      await screen.findByText('NOTIFY of serial 2026112505 sent to 4 secondaries'),
    ).toBeVisible();
    await waitFor(() =>
      expect(screen.getByText('The secondary serves serial 2026112505.')).toBeVisible(),
    );
    expect(button).toBeEnabled();
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([url]) => String(url))).toEqual(['/v1/zones/zone_1/secondaries/notify']);
  });

  it('a refused NOTIFY is shown in the card, and the button works again', async () => {
    const { user, card } = renderCard(({ method }) =>
      method === 'POST'
        ? { status: 403, body: errorBody('insufficient_scope', 'x', { required: ['zones:write'] }) }
        : ok(status()),
    );
    await user.click(await screen.findByRole('button', { name: 'Send NOTIFY' }));
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent(/scope/i);
    expect(screen.getByRole('button', { name: 'Send NOTIFY' })).toBeEnabled();
  });

  it('a zone that is not transferred says why, and offers no Send NOTIFY', async () => {
    renderCard(() =>
      ok(
        status({
          transferable: false,
          reason: 'The zone is disabled: it is not served, so it is not transferred.',
        }),
      ),
    );
    await waitFor(() => expect(screen.getByText('Not transferred to secondaries')).toBeVisible());
    expect(
      screen.getByText('The zone is disabled: it is not served, so it is not transferred.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Send NOTIFY' })).toBeNull();
    expect(screen.getByText('192.0.2.53:53')).toBeVisible();
  });

  it('without secondaries: says the operator configures them, and that Usage leaves them out', async () => {
    const { card } = renderCard(() => ok(status({ secondaries: [] })));
    const heading = await within(card()).findByRole('heading', {
      name: 'No secondaries configured',
    });
    expect(heading).toBeVisible();
    expect(card()).toHaveTextContent(
      /Only the operator of this service can add secondaries.*named in the DNS_NOTIFY setting/,
    );
    expect(card()).toHaveTextContent('docs/secondaries.md');
    expect(card()).toHaveTextContent('Queries answered by secondaries are not counted in Usage.');
    expect(screen.queryByRole('button', { name: 'Send NOTIFY' })).toBeNull();
    expect(within(card()).queryByRole('listitem')).toBeNull();
  });

  it('a failed load shows the error with Retry, and Retry loads the states', async () => {
    let fail = true;
    const { user, card } = renderCard(() =>
      fail ? { status: 500, body: errorBody('internal', 'The service broke.') } : ok(status()),
    );
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('The service broke.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByText('192.0.2.53:53')).toBeVisible());
    expect(within(card()).queryByRole('alert')).toBeNull();
  });

  it('a key without the scope: the error, without a Retry that cannot help', async () => {
    const { card } = renderCard(() => ({
      status: 403,
      body: errorBody('insufficient_scope', 'x', { required: ['zones:read'] }),
    }));
    await within(card()).findByRole('alert');
    expect(within(card()).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('a service without the route says it does not report secondaries', async () => {
    renderCard(() => ({ status: 404, body: errorBody('not_found', 'There is no route.') }));
    await waitFor(() =>
      expect(screen.getByText('This service does not report secondaries.')).toBeVisible(),
    );
  });
});
