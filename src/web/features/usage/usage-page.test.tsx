// The usage page with the real client and parsers, `fetch` answering as the service does.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { addDays, utcDay } from '../../../shared/api';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, errorBody, renderApp, type FetchHandler } from '../../test/render';
import { testZone } from '../../test/zone';
import type { TopName } from '../../../shared/api/usage-top-names';
import { UsagePage } from './usage-page';
import { checkDays } from './use-usage-days';

// recharts needs layout that jsdom lacks; the e2e tests look at the real chart.
vi.mock('./usage-chart', () => ({
  UsageChart: ({ rows }: { rows: Array<{ type: string; count: number }> }) => (
    <p data-testid="chart">{rows.map((r) => `${r.type}=${r.count}`).join(' ')}</p>
  ),
}));

vi.mock('./daily-chart', () => ({
  DailyChart: ({ series }: { series: { types: string[]; rows: { date: string }[] } }) => (
    <p data-testid="daily-chart">
      {series.types.join('+')} over {series.rows.length} days
    </p>
  ),
}));

/** The router's search string, for the URL state. */
function ShowLocation() {
  return <p data-testid="location">{useLocation().search}</p>;
}

const zone = testZone({
  id: 'zone_1',
  nameservers: ['ns1.eu.zonedeck.example', 'ns2.eu.zonedeck.example'],
});
const usage = (queries_by_type: Record<string, number>) => ({
  zone_id: 'zone_1',
  zone_name: 'example.com',
  period: 'current_month',
  queries: Object.values(queries_by_type).reduce((a, b) => a + b, 0),
  queries_by_type,
});
const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });

function renderPage(handler: FetchHandler, url = '/zones/zone_1/usage') {
  const fetch = answerFetch(handler);
  renderApp(
    <>
      <UsagePage />
      <ShowLocation />
    </>,
    { path: '/zones/:zoneId/usage', url },
  );
  return fetch;
}

describe('usage page', () => {
  it('shows the total, and the counts sorted with their shares in a table', async () => {
    renderPage(({ url }) =>
      url.endsWith('/usage') ? ok(usage({ TXT: 2, A: 5, MX: 3 })) : ok(zone),
    );
    await waitFor(() => expect(screen.getByText('10', { selector: '.usage-total' })).toBeVisible());
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'TypeQueriesShare',
      'A550.0%',
      'MX330.0%',
      'TXT220.0%',
      'Total10100.0%',
    ]);
    expect(await screen.findByTestId('chart')).toHaveTextContent('A=5 MX=3 TXT=2');
  });

  it('with no queries: says so, and shows dig against the service DNS server', async () => {
    renderPage(({ url }) => {
      if (url.endsWith('/usage')) return ok(usage({}));
      if (url.endsWith('/service.json'))
        return { status: 200, body: { dns: { host: '127.0.0.1', port: 8053 } } };
      return ok(zone);
    });
    expect(await screen.findByRole('heading', { name: 'No queries this month' })).toBeVisible();
    await waitFor(() =>
      expect(screen.getByText('dig @127.0.0.1 -p 8053 example.com')).toBeVisible(),
    );
    expect(screen.queryByTestId('chart')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('falls back to the zone’s first nameserver when /service.json fails', async () => {
    renderPage(({ url }) => {
      if (url.endsWith('/usage')) return ok(usage({}));
      if (url.endsWith('/service.json'))
        return { status: 404, body: errorBody('not_found', 'No route.') };
      return ok(zone);
    });
    await waitFor(() =>
      expect(screen.getByText('dig @ns1.eu.zonedeck.example example.com')).toBeVisible(),
    );
  });

  it('a key without usage:read gets the scope named, no chart and no Retry', async () => {
    renderPage(({ url }) =>
      url.endsWith('/usage')
        ? {
            status: 403,
            body: errorBody('insufficient_scope', 'Missing scope.', { required: ['usage:read'] }),
          }
        : ok(zone),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Missing permission');
    expect(alert).toHaveTextContent('This needs the usage:read scope');
    expect(within(alert).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.queryByTestId('chart')).toBeNull();
  });

  it('asks the service for fresh counts on Refresh', async () => {
    let n = 0;
    renderPage(({ url }) => (url.endsWith('/usage') ? ok(usage({ A: ++n })) : ok(zone)));
    await waitFor(() => expect(screen.getByText('1', { selector: '.usage-total' })).toBeVisible());
    screen.getByRole('button', { name: 'Refresh usage' }).click();
    await waitFor(() => expect(screen.getByText('2', { selector: '.usage-total' })).toBeVisible());
  });
});

const zeroOutcomes = { answer: 0, nxdomain: 0, nodata: 0, referral: 0, refused: 0 };
/** What this service answers for a range: the month's fields, days and outcomes. */
function rangeUsage(start: string, end: string, days: Record<string, Record<string, number>>) {
  const daily = [];
  const byType: Record<string, number> = {};
  for (let d = start; d <= end; d = addDays(d, 1)) {
    const types = days[d] ?? {};
    for (const [t, n] of Object.entries(types)) byType[t] = (byType[t] ?? 0) + n;
    const queries = Object.values(types).reduce((a, b) => a + b, 0);
    daily.push({
      date: d,
      queries,
      queries_by_type: types,
      by_outcome: { ...zeroOutcomes, answer: queries },
    });
  }
  const queries = Object.values(byType).reduce((a, b) => a + b, 0);
  return {
    ...usage(byType),
    period: 'custom',
    total_queries: queries,
    period_start: start,
    period_end: end,
    granularity: 'day',
    by_outcome: { ...zeroOutcomes, answer: queries - 1, nxdomain: 1 },
    daily_breakdown: daily,
  };
}

/** The top-names answer for the date the request asks for. */
function topNames(url: string, asked: TopName[], nxdomain: TopName[]) {
  return { date: new URL(url, 'http://x').searchParams.get('date'), asked, nxdomain };
}

describe('usage over a range of days', () => {
  const today = utcDay(Date.now());

  /** The zone, and no queries in whatever range is asked (noted in `asked`). */
  const serveEmptyRange =
    (asked: string[] = []): FetchHandler =>
    ({ url }) => {
      if (!url.includes('/usage')) return ok(zone);
      if (url.includes('/usage/top-names')) return ok(topNames(url, [], []));
      asked.push(url);
      const q = new URL(url, 'http://x').searchParams;
      const start = q.get('start_date') ?? `${today.slice(0, 7)}-01`;
      return ok(rangeUsage(start, q.get('end_date') ?? today, {}));
    };

  it('shows the days stacked by type, their numbers, and the outcomes', async () => {
    const start = addDays(today, -2);
    renderPage(({ url }) =>
      url.includes('/usage/top-names')
        ? ok(topNames(url, [], []))
        : url.includes('/usage')
          ? ok(rangeUsage(start, today, { [start]: { A: 3, MX: 1 }, [today]: { A: 2 } }))
          : ok(zone),
    );
    expect(await screen.findByTestId('daily-chart')).toHaveTextContent('A+MX over 3 days');
    const days = screen.getByRole('table', { name: 'Queries per day by record type' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Day (UTC)AMXTotal', `${start}314`, `${addDays(start, 1)}000`, `${today}202`]);
    const outcomes = screen.getByRole('table', { name: 'Queries by outcome' });
    expect(
      within(outcomes)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'OutcomeQueriesShare',
      'Answered583.3%',
      'NXDOMAIN (no such name)116.7%',
      'NODATA (name exists, not the type)00.0%',
      'Referral (delegated name)00.0%',
      'REFUSED (zone disabled)00.0%',
    ]);
    expect(
      screen.getByRole('heading', { name: `Queries from ${start} to ${today} (UTC)` }),
    ).toBeVisible();
  });

  it('asks for the preset range and keeps it in the URL', async () => {
    const asked: string[] = [];
    renderPage(serveEmptyRange(asked));
    await screen.findByRole('form', { name: 'Range of days' });
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `?from=${addDays(today, -6)}&to=${today}`,
    );
    expect(asked.at(-1)).toContain(`/usage?start_date=${addDays(today, -6)}&end_date=${today}`);
    expect(
      await screen.findByText('No queries were answered for this zone in this range.'),
    ).toBeVisible();
  });

  it('shows which preset the range is: pressed, the others not', async () => {
    renderPage(serveEmptyRange());
    await screen.findByRole('form', { name: 'Range of days' });
    const presets = () =>
      within(screen.getByRole('group', { name: 'Preset ranges' }))
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-pressed') === 'true')
        .map((b) => b.textContent);
    // None in the URL: the service's default, this month.
    expect(presets()).toEqual(['This month']);
    await userEvent.click(screen.getByRole('button', { name: 'Last 30 days' }));
    await screen.findByText(`?from=${addDays(today, -29)}&to=${today}`);
    expect(presets()).toEqual(['Last 30 days']);
    await userEvent.click(screen.getByRole('button', { name: 'Last 12 months' }));
    await screen.findByText(`?from=${addDays(today, -365)}&to=${today}`);
    expect(presets()).toEqual(['Last 12 months']);
    // Days of one's own: no preset is pressed.
    const from = screen.getByLabelText('From (UTC)');
    await userEvent.clear(from);
    await userEvent.type(from, addDays(today, -3));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText(`?from=${addDays(today, -3)}&to=${today}`);
    expect(presets()).toEqual([]);
  });

  it('names a bad range at its field and sends nothing', async () => {
    const asked: string[] = [];
    renderPage(({ url }) => {
      if (url.includes('/usage')) asked.push(url);
      return url.includes('/usage') ? ok(usage({ A: 1 })) : ok(zone);
    });
    await screen.findByRole('form', { name: 'Range of days' });
    const sent = asked.length;
    const from = screen.getByLabelText('From (UTC)');
    const to = screen.getByLabelText('To (UTC)');
    await userEvent.clear(from);
    await userEvent.type(from, today);
    await userEvent.clear(to);
    await userEvent.type(to, addDays(today, -1));
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(to).toHaveAccessibleDescription(`To is before From: pick ${today} or a later day.`);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(asked.length).toBe(sent);
  });
});

describe("top names of the range's last day", () => {
  const today = utcDay(Date.now());
  const start = addDays(today, -3);
  const end = addDays(today, -1);

  it('asks for the last day and lists both tables, saying "at least" where counts may be over', async () => {
    const askedFor: string[] = [];
    renderPage(({ url }) => {
      if (url.includes('/usage/top-names')) {
        askedFor.push(url);
        return ok(
          topNames(
            url,
            [
              { name: 'www.example.com.', queries: 120, error: 0 },
              { name: 'j81x.example.com.', queries: 40, error: 39 },
            ],
            [{ name: 'wwww.example.com.', queries: 7, error: 0 }],
          ),
        );
      }
      if (url.includes('/usage')) return ok(rangeUsage(start, end, { [end]: { A: 167 } }));
      return ok(zone);
    }, `/zones/zone_1/usage?from=${start}&to=${end}`);
    const asked = await screen.findByRole('table', { name: `Most asked names on ${end} (UTC)` });
    expect(askedFor.at(-1)).toContain(`/usage/top-names?date=${end}`);
    expect(
      within(asked)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['NameQueries', 'www.example.com.120', 'j81x.example.com.at least 1 (up to 40)']);
    const nx = screen.getByRole('table', { name: `Names that got NXDOMAIN on ${end} (UTC)` });
    expect(
      within(nx)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['NameQueries', 'wwww.example.com.7']);
    expect(screen.getByText(/any name asked more than 1 in 64/)).toBeVisible();
  });

  it('says when the day had no NXDOMAIN, and shows an error inline with Retry', async () => {
    let fail = true;
    renderPage(({ url }) => {
      if (url.includes('/usage/top-names'))
        return fail
          ? { status: 500, body: errorBody('internal', 'Boom.') }
          : ok(topNames(url, [{ name: 'example.com.', queries: 3, error: 0 }], []));
      if (url.includes('/usage')) return ok(rangeUsage(start, end, { [end]: { SOA: 3 } }));
      return ok(zone);
    }, `/zones/zone_1/usage?from=${start}&to=${end}`);
    const alert = await screen.findByRole('alert');
    expect(screen.getByTestId('daily-chart')).toBeVisible();
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    await waitFor(() =>
      expect(screen.getByText(`No name of this zone got NXDOMAIN on ${end}.`)).toBeVisible(),
    );
    expect(screen.queryByText(/at least/)).toBeNull();
    expect(screen.queryByText(/1 in 64/)).toBeNull();
  });
});

describe('checkDays, in the words of the picker', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  it.each([
    [
      '2026-11-01',
      '2026-11-28',
      'end_date',
      'The last day can be today (2026-11-27, UTC) at the latest.',
    ],
    ['2026-11-20', '2026-11-10', 'end_date', 'To is before From: pick 2026-11-20 or a later day.'],
    [
      '2025-01-01',
      '2026-11-27',
      'start_date',
      'A range covers at most 366 days: pick 2025-11-26 or a later day in From.',
    ],
  ])('%s to %s', (from, to, field, message) => {
    expect(checkDays(from, to, now)).toEqual({ ok: false, field, message });
  });

  it('takes a range within the rules', () => {
    expect(checkDays('2026-11-01', '2026-11-27', now)).toEqual({
      ok: true,
      days: { start: '2026-11-01', end: '2026-11-27' },
    });
  });
});
