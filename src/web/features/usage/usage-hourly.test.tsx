// The usage page's hourly view and change markers, with the real client and parsers: the option
// asks for granularity=hour and keeps ?by=hour in the URL; the journal's changes of the range are
// listed under the chart with links to History; the hours' numbers are a table.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, renderApp } from '../../test/render';
import { testZone } from '../../test/zone';
import { UsagePage } from './usage-page';

vi.mock('./usage-chart', () => ({ UsageChart: () => <p data-testid="chart" /> }));
vi.mock('./daily-chart', () => ({
  DailyChart: (p: { unit: string; series: { rows: unknown[] }; markers: { n: number }[] }) => (
    <p data-testid="daily-chart">
      {p.series.rows.length} {p.unit}s, markers {p.markers.map((m) => m.n).join(',')}
    </p>
  ),
}));

function ShowLocation() {
  return <p data-testid="location">{useLocation().search}</p>;
}

const zeroOutcomes = { answer: 0, nxdomain: 0, nodata: 0, referral: 0, refused: 0 };
const day = (date: string, a: number) => ({
  date,
  queries: a,
  queries_by_type: { A: a },
  by_outcome: { ...zeroOutcomes, answer: a },
});
const base = {
  zone_id: 'zone_1',
  zone_name: 'example.com',
  queries: 7,
  total_queries: 7,
  queries_by_type: { A: 7 },
  by_outcome: { ...zeroOutcomes, answer: 7 },
};
const monthly = {
  ...base,
  period: 'current_month',
  period_start: '2026-11-01',
  period_end: '2026-11-02',
  granularity: 'day',
  daily_breakdown: [day('2026-11-01', 3), day('2026-11-02', 4)],
};
const hourly = {
  ...monthly,
  period: 'last_7_days',
  granularity: 'hour',
  hourly_breakdown: [
    {
      hour: '2026-11-02T09:00:00Z',
      queries: 3,
      queries_by_type: { A: 3 },
      by_outcome: zeroOutcomes,
    },
    {
      hour: '2026-11-02T10:00:00Z',
      queries: 4,
      queries_by_type: { A: 4 },
      by_outcome: zeroOutcomes,
    },
  ],
};
const change = (id: string, created_at: string, summary: string) => ({
  id,
  zone_id: 'zone_1',
  created_at,
  kind: 'records',
  actor: { key_id: null, label: null },
  summary,
  serial: 1,
  counts: { added: 0, changed: 0, removed: 1 },
  reverts: null,
  revertible: true,
});
const journal = [
  change('chg_b', '2026-11-02T10:30:00.000Z', 'Deleted A www.example.com. 192.0.2.1'),
  change('chg_a', '2026-11-01T08:00:00.000Z', 'Created A www.example.com. 192.0.2.1'),
  change('chg_0', '2026-10-31T23:00:00.000Z', 'Before the range'),
];
const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });

describe('usage page, hours and changes', () => {
  it('marks the changes of the range, linked to History; by hour on the option', async () => {
    const fetch = answerFetch(({ url }) => {
      if (url.includes('/usage?granularity=hour')) return ok(hourly);
      if (url.includes('/usage')) return ok(monthly);
      if (url.includes('/changes'))
        return ok({
          changes: journal,
          pagination: { total: 3, count: 3, limit: 100, offset: 0, has_more: false },
        });
      return ok(testZone({ id: 'zone_1' }));
    });
    renderApp(
      <>
        <UsagePage />
        <ShowLocation />
      </>,
      { path: '/zones/:zoneId/usage', url: '/zones/zone_1/usage' },
    );
    expect(await screen.findByTestId('daily-chart')).toHaveTextContent('2 days, markers 1,2');
    const list = screen.getByRole('list', { name: 'Changes on the chart' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Created A www.example.com. 192.0.2.1', '/zones/zone_1/history#chg_a'],
      ['Deleted A www.example.com. 192.0.2.1', '/zones/zone_1/history#chg_b'],
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days by hour' }));
    expect(await screen.findByTestId('daily-chart')).toHaveTextContent('2 hours, markers 1');
    expect(screen.getByTestId('location')).toHaveTextContent('?by=hour');
    expect(fetch.mock.calls.some(([u]) => String(u).includes('granularity=hour'))).toBe(true);
    expect(screen.getByRole('heading', { name: /last 7 days \(UTC\), by hour/ })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Last 7 days by hour' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // Hour by hour is always the last 7 days: no day preset is pressed, no day can be picked.
    expect(screen.getByRole('button', { name: 'This month' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.queryByLabelText('From (UTC)')).toBeNull();
    expect(screen.queryByLabelText('To (UTC)')).toBeNull();
    const table = screen.getByRole('table', { name: 'Queries per hour by record type' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Hour (UTC)ATotal', '2026-11-02 09:0033', '2026-11-02 10:0044']);
  });
});
