// In a disabled zone no record is served, so no switch may say "Served", whatever the record's
// own state (the zone answers REFUSED for all of it).
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Zone } from '../../../shared/api/zones';
import { testRecord } from '../../test/records';
import { answerFetch, renderApp } from '../../test/render';
import { testZone } from '../../test/zone';
import { RecordsPage } from './records-page';

const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });

function service(status: Zone['status']) {
  const records = [testRecord(0), testRecord(1, { disabled: true })];
  answerFetch(({ url }) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/usage/rrsets')) {
      return ok({ zone_id: 'zone_1', days: 30, since: '2026-11-01', rrsets: [] });
    }
    if (u.pathname.endsWith('/records')) {
      return ok({
        records,
        pagination: { total: 2, offset: 0, limit: 1000, count: 2, has_more: false },
      });
    }
    return ok(testZone({ id: 'zone_1', name: 'example.com', status }));
  });
}

const renderPage = () =>
  renderApp(<RecordsPage />, { path: '/zones/:zoneId/records', url: '/zones/zone_1/records' });

describe('the records switches', () => {
  it('say that nothing is served while the zone is disabled', async () => {
    service('disabled');
    renderPage();
    const on = await screen.findByRole('switch', {
      name: 'Zone disabled, not served: h00000 A 192.0.2.1',
    });
    expect(on).toBeChecked();
    expect(on).toHaveAttribute('title', expect.stringMatching(/^Zone disabled: not served\./));
    expect(
      screen.getByRole('switch', { name: /^Zone disabled, not served: h00001 A/ }),
    ).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: /^Served/ })).not.toBeInTheDocument();
  });

  it('say "Served" in an active zone', async () => {
    service('active');
    renderPage();
    const on = await screen.findByRole('switch', { name: 'Served: h00000 A 192.0.2.1' });
    expect(on).toHaveAttribute('title', 'Served. Click to disable.');
  });
});
