// The zone list's filter with the real client and parser; `fetch` plays an account of many zones,
// served by name a page at a time as the API does.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerFetch, renderApp } from '../../test/render';
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

function service(total: number) {
  const zones = Array.from({ length: total }, (_, i) => zone(i));
  return answerFetch(({ url }) => {
    const u = new URL(url, 'http://x');
    const limit = Math.min(100, Number(u.searchParams.get('limit') ?? 10));
    const offset = Number(u.searchParams.get('offset') ?? 0);
    const page = zones.slice(offset, offset + limit);
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

describe('zone list filter', () => {
  it('finds a zone on another page: the filter searches every zone of the account', async () => {
    const fetch = service(300);
    const user = renderList();
    expect(await screen.findByRole('link', { name: 'zone-000.example' })).toBeVisible();
    await user.type(screen.getByLabelText('Filter'), 'zone-25');
    expect(await screen.findByRole('link', { name: 'zone-250.example' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'zone-259.example' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'zone-000.example' })).toBeNull();
    expect(screen.getByText('10 of 300 zones match “zone-25”')).toBeVisible();
    // Every zone is read in pages of 100 once, then filtered as the user types.
    const pages = fetch.mock.calls
      .map(([u]) => new URL(String(u), 'http://x').searchParams)
      .filter((p) => p.get('limit') === '100')
      .map((p) => p.get('offset'));
    expect(pages).toEqual(['0', '100', '200']);
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

  it('an account that fits on one page is filtered there, without reading it again', async () => {
    const fetch = service(4);
    const user = renderList();
    await screen.findByRole('link', { name: 'zone-003.example' });
    await user.type(screen.getByLabelText('Filter'), '002');
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'zone-003.example' })).toBeNull(),
    );
    expect(screen.getByRole('link', { name: 'zone-002.example' })).toBeVisible();
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
