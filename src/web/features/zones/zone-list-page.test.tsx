// The zone list's filter with the real client and parser; `fetch` plays an account of many zones,
// served by name a page at a time and filtered by `name` as the API does.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerFetch, errorBody, renderApp } from '../../test/render';
import { ZoneListPage } from './zone-list-page';

const zone = (i: number) => ({
  id: `zone_${i}`,
  customer_id: 'c',
  name: `zone-${String(i).padStart(3, '0')}.example`,
  type: 'master',
  region: 'EU_GLOBAL',
  status: 'active',
  settings: { dnssec_enabled: false },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

/** The service; `failFiltered` answers that many requests with a name filter with a 500 first. */
function service(count: number, failFiltered = 0) {
  const zones = Array.from({ length: count }, (_, i) => zone(i));
  let failures = failFiltered;
  return answerFetch(({ url }) => {
    const u = new URL(url, 'http://x');
    const limit = Math.min(100, Number(u.searchParams.get('limit') ?? 10));
    const offset = Number(u.searchParams.get('offset') ?? 0);
    const name = (u.searchParams.get('name') ?? '').toLowerCase();
    if (name && failures > 0) {
      failures -= 1;
      return { status: 500, body: errorBody('internal_error', 'The service failed.') };
    }
    const matching = zones.filter((z) => z.name.includes(name));
    const total = matching.length;
    const page = matching.slice(offset, offset + limit);
    return {
      status: 200,
      body: {
        status: 'success',
        data: {
          zones: page,
          pagination: {
            total,
            offset,
            limit,
            count: page.length,
            has_more: offset + limit < total,
          },
        },
      },
    };
  });
}

const renderList = (url = '/') => {
  renderApp(<ZoneListPage />, { path: '/', url });
  return userEvent.setup();
};
const sent = (fetch: ReturnType<typeof service>) =>
  fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x').searchParams);

describe('zone list filter', () => {
  it('finds a zone on another page: the service filters every zone of the account', async () => {
    const fetch = service(300);
    const user = renderList();
    expect(await screen.findByRole('link', { name: 'zone-000.example' })).toBeVisible();
    await user.type(screen.getByLabelText('Filter'), 'Zone-25');
    expect(await screen.findByRole('link', { name: 'zone-250.example' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'zone-259.example' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'zone-000.example' })).toBeNull();
    expect(screen.getByText('10 of 300 zones match “Zone-25”')).toBeVisible();
    // One request for the filter as typed (not one per key), and no reading of every page.
    const filtered = sent(fetch).filter((p) => p.has('name'));
    expect(filtered.map((p) => p.get('name'))).toEqual(['Zone-25']);
    expect(sent(fetch).some((p) => p.get('limit') === '100')).toBe(false);
  });

  it('pages through the matches, with the URL keeping the filter and the page', async () => {
    const fetch = service(300);
    const user = renderList('/?q=zone-0');
    await waitFor(() => expect(screen.getByText('100 of 300 zones match “zone-0”')).toBeVisible());
    expect(screen.getByText(/1–10 of 100 matching zones/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'zone-009.example' })).toBeVisible();
    await user.click(screen.getByRole('link', { name: /Next/ }));
    expect(await screen.findByRole('link', { name: 'zone-010.example' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'zone-009.example' })).toBeNull();
    expect(sent(fetch).some((p) => p.get('name') === 'zone-0' && p.get('offset') === '10')).toBe(
      true,
    );
  });

  it('a new filter starts at the first page of its matches', async () => {
    service(300);
    const user = renderList('/?page=5');
    expect(await screen.findByRole('link', { name: 'zone-040.example' })).toBeVisible();
    await user.type(screen.getByLabelText('Filter'), '-29');
    expect(await screen.findByRole('link', { name: 'zone-290.example' })).toBeVisible();
    expect(screen.getByText('10 of 300 zones match “-29”')).toBeVisible();
  });

  it('says when no zone of the account matches, and Clear filter brings the page back', async () => {
    service(300);
    const user = renderList('/?q=nothing-like-it');
    expect(await screen.findByRole('heading', { name: 'No zone matches' })).toBeVisible();
    expect(
      screen.getByText(/None of the 300 zones has “nothing-like-it” in its name/),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Clear filter' }));
    expect(await screen.findByRole('link', { name: 'zone-000.example' })).toBeVisible();
  });

  it('does not ask the service with a filter longer than any zone name, and says why', async () => {
    const fetch = service(300);
    const long = 'a'.repeat(254);
    renderList(`/?q=${long}`);
    expect(await screen.findByRole('heading', { name: 'No zone matches' })).toBeVisible();
    expect(
      screen.getByText('A zone name has at most 253 characters, and this filter has 254.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(sent(fetch).filter((p) => p.has('name'))).toHaveLength(0);
  });

  it('shows a failed search with Retry, which asks again', async () => {
    service(300, 1);
    const user = renderList('/?q=zone-12');
    await waitFor(() => expect(screen.getByText('The service failed.')).toBeVisible());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'zone-120.example' })).toBeVisible();
    expect(screen.getByText('10 of 300 zones match “zone-12”')).toBeVisible();
  });

  it('an account that fits on one page is filtered by the service too', async () => {
    const fetch = service(4);
    const user = renderList();
    await screen.findByRole('link', { name: 'zone-003.example' });
    await user.type(screen.getByLabelText('Filter'), '002');
    await waitFor(() => expect(screen.getByText('1 of 4 zones match “002”')).toBeVisible());
    expect(screen.getByRole('link', { name: 'zone-002.example' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'zone-003.example' })).toBeNull();
    expect(sent(fetch).filter((p) => p.has('name'))).toHaveLength(1);
  });
});
