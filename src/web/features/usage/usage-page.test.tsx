// The usage page with the real client and parsers, `fetch` answering as the service does.
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { answerFetch, errorBody, renderApp, type FetchHandler } from '../../test/render';
import { testZone } from '../../test/zone';
import { UsagePage } from './usage-page';

// recharts needs layout that jsdom lacks; the e2e tests look at the real chart.
vi.mock('./usage-chart', () => ({
  UsageChart: ({ rows }: { rows: Array<{ type: string; count: number }> }) => (
    <p data-testid="chart">{rows.map((r) => `${r.type}=${r.count}`).join(' ')}</p>
  ),
}));

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

function renderPage(handler: FetchHandler) {
  const fetch = answerFetch(handler);
  renderApp(<UsagePage />, { path: '/zones/:zoneId/usage', url: '/zones/zone_1/usage' });
  return fetch;
}

describe('usage page', () => {
  it('shows the total, and the counts sorted with their shares in a table', async () => {
    renderPage(({ url }) =>
      url.endsWith('/usage') ? ok(usage({ TXT: 2, A: 5, MX: 3 })) : ok(zone),
    );
    expect(await screen.findByText('10', { selector: '.usage-total' })).toBeVisible();
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
    expect(await screen.findByText('dig @127.0.0.1 -p 8053 example.com')).toBeVisible();
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
    expect(await screen.findByText('dig @ns1.eu.zonedeck.example example.com')).toBeVisible();
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
    expect(await screen.findByText('1', { selector: '.usage-total' })).toBeVisible();
    screen.getByRole('button', { name: 'Refresh usage' }).click();
    expect(await screen.findByText('2', { selector: '.usage-total' })).toBeVisible();
  });
});
