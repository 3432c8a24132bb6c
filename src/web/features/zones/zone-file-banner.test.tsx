// What a zone made from a zone file took of it: the lines left out and the warnings, over the
// new zone's tabs until dismissed (the create dialog passes them in the navigation's state).
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ZoneFileSummary } from '../../../shared/api/zone-file';
import { ZoneFileBanner } from './zone-file-banner';

beforeEach(() => {
  // jsdom lays nothing out: the virtualised list of skipped lines gets a box to draw in.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
});

function show(state: unknown) {
  const router = createMemoryRouter([{ path: '/zones/:zoneId', element: <ZoneFileBanner /> }], {
    initialEntries: [{ pathname: '/zones/zone_1', state }],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const summary: ZoneFileSummary = {
  records_read: 12,
  skipped: [
    {
      line: 3,
      reason: 'soa',
      type: 'SOA',
      name: 'example.com.',
      message: 'The SOA record is made by the service.',
    },
    {
      line: 9,
      reason: 'other_zone',
      type: 'A',
      name: 'www.dev.example.com.',
      message: 'www.dev.example.com is answered by the hosted zone dev.example.com.',
    },
  ],
  warnings: [{ line: 14, message: 'The TTL 30 is below 60 seconds.' }],
};

describe('ZoneFileBanner', () => {
  it('lists the lines left out and the warnings, and goes when dismissed', async () => {
    const router = show({ zoneFile: summary });
    const banner = screen.getByRole('region', { name: /From your zone file/ });
    expect(banner).toHaveTextContent(
      'From your zone file: 12 records read, 2 lines left out, 1 to check',
    );
    const skipped = within(banner).getByRole('region', { name: 'Skipped lines' });
    expect(skipped).toHaveTextContent('Line 3SOAThe SOA record is made by the service.');
    expect(skipped).toHaveTextContent('answered by the hosted zone dev.example.com');
    expect(banner).toHaveTextContent('Line 14 The TTL 30 is below 60 seconds.');

    await userEvent
      .setup()
      .click(screen.getByRole('button', { name: 'Dismiss what was taken of the zone file' }));
    expect(screen.queryByRole('region', { name: /From your zone file/ })).toBeNull();
    expect(router.state.location.pathname).toBe('/zones/zone_1');
    expect(router.state.location.state).toBeNull();
  });

  it('says nothing when the whole file was taken, or without a file', () => {
    show({ zoneFile: { records_read: 4, skipped: [], warnings: [] } });
    show(null);
    expect(screen.queryByRole('region', { name: /From your zone file/ })).toBeNull();
  });
});
