// A disabled zone's tabs say so over their content, with the way to enable it; an active zone's
// do not. The layout runs with the real client and parsers against a `fetch` that plays a zone.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Zone } from '../../../shared/api/zones';
import { answerFetch, renderApp } from '../../test/render';
import { testZone } from '../../test/zone';
import { ZoneLayout } from './zone-layout';

const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });

function service(status: Zone['status']) {
  let zone = testZone({ id: 'zone_1', name: 'example.com', status });
  const puts: unknown[] = [];
  answerFetch(({ method, body }) => {
    if (method === 'PUT') {
      puts.push(body);
      zone = { ...zone, ...(body as Partial<Zone>) };
    }
    return ok(zone);
  });
  return puts;
}

const renderTab = () =>
  renderApp(<ZoneLayout />, { path: '/zones/:zoneId/records', url: '/zones/zone_1/records' });

describe('a disabled zone', () => {
  it('says over its tabs that nothing is served, and enables the zone from there', async () => {
    const puts = service('disabled');
    renderTab();
    const banner = await screen.findByRole('region', {
      name: 'This zone is disabled: nothing of it is served',
    });
    expect(banner).toHaveTextContent(/answer REFUSED for every name in the zone/);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Enable zone' }));
    await waitFor(() => expect(puts).toEqual([{ status: 'active' }]));
    await waitFor(() => expect(banner).not.toBeInTheDocument());
  });

  it('shows no such warning over an active zone', async () => {
    service('active');
    renderTab();
    await screen.findByRole('heading', { name: 'example.com' });
    expect(screen.queryByText(/This zone is disabled/)).not.toBeInTheDocument();
  });
});
