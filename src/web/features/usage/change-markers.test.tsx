// The list of changes under the usage chart: a busy range shows its first changes and a button
// for all of them.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ChangeMarkers, MARKERS_SHOWN } from './change-markers';
import type { ChangeMarker } from './usage-markers';

const markers = (count: number): ChangeMarker[] =>
  Array.from({ length: count }, (_, i) => ({
    n: i + 1,
    id: `chg_${i + 1}`,
    summary: `Created A h${i + 1}.example.com. 192.0.2.${i + 1}`,
    created_at: '2026-11-27T10:00:00Z',
    at: '2026-11-27',
  }));

const show = (count: number) =>
  render(
    <MemoryRouter>
      <ChangeMarkers zoneId="zone_1" markers={markers(count)} />
    </MemoryRouter>,
  );
const items = () =>
  within(screen.getByRole('list', { name: 'Changes on the chart' })).getAllByRole('listitem');

describe('ChangeMarkers', () => {
  it('lists every change, with no button, when they are few', () => {
    show(MARKERS_SHOWN);
    expect(items()).toHaveLength(MARKERS_SHOWN);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('lists the first ones of a busy range, then all of them on request', async () => {
    show(33);
    expect(items()).toHaveLength(MARKERS_SHOWN);
    const more = screen.getByRole('button', { name: 'Show all 33 changes' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(items()).toHaveLength(33);
    expect(items().at(-1)).toHaveTextContent('h33.example.com.');
    await userEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(items()).toHaveLength(MARKERS_SHOWN);
  });
});
