// The Overview's list of the zones hosted below a zone (ADR 0030), with the real client and
// parser; `fetch` plays an account whose zones the service filters by name as the API does.
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerFetch, renderApp } from '../../test/render';
import { testZone } from '../../test/zone';
import { ChildZonesCard } from './child-zones-card';

const listed = (id: string, name: string, signed: boolean) => ({
  id,
  customer_id: 'c',
  name,
  type: 'master',
  region: 'EU_GLOBAL',
  status: 'active',
  settings: { dnssec_enabled: signed },
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

function service(zones: ReturnType<typeof listed>[]) {
  return answerFetch(({ url }) => {
    const name = new URL(url, 'http://x').searchParams.get('name') ?? '';
    const matching = zones.filter((z) => z.name.includes(name));
    return {
      status: 200,
      body: {
        status: 'success',
        data: {
          zones: matching,
          pagination: {
            total: matching.length,
            offset: 0,
            limit: 50,
            count: matching.length,
            has_more: false,
          },
        },
      },
    };
  });
}

const render = () =>
  renderApp(<ChildZonesCard zone={testZone({ id: 'zone_p', name: 'example.com' })} />, {
    path: '/zones/:zoneId',
    url: '/zones/zone_p',
  });

describe('zones hosted below', () => {
  it('lists the nearest zones below, signed or not, each linked to its DNSSEC tab', async () => {
    const fetch = service([
      listed('zone_p', 'example.com', true),
      listed('zone_dev', 'dev.example.com', true),
      listed('zone_deep', 'a.dev.example.com', true), // dev's child, not this zone's
      listed('zone_shop', 'shop.example.com', false),
      listed('zone_other', 'shop.example.com.au', false), // holds ".example.com", not below it
    ]);
    render();
    const dev = await screen.findByRole('link', { name: 'dev.example.com' });
    expect(dev).toHaveAttribute('href', '/zones/zone_dev/dnssec');
    expect(dev.closest('li')).toHaveTextContent('Signed');
    expect(screen.getByRole('link', { name: 'shop.example.com' }).closest('li')).toHaveTextContent(
      'Unsigned',
    );
    expect(screen.queryByRole('link', { name: 'a.dev.example.com' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'shop.example.com.au' })).toBeNull();
    const asked = new URL(String(fetch.mock.calls[0]![0]), 'http://x').searchParams;
    expect(asked.get('name')).toBe('.example.com');
  });

  it('shows nothing for a zone with no zone below', async () => {
    const fetch = service([listed('zone_p', 'example.com', true)]);
    render();
    await expect.poll(() => fetch.mock.calls.length).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { name: 'Zones hosted below' })).toBeNull();
  });
});
