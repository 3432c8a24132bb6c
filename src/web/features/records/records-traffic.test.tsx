// The records page's traffic with the real client and parsers; `fetch` plays a service whose
// usage/rrsets route answers counts per RRset: the columns, the sort, the "not queried" filter
// with its bulk delete as one batch, and the delete dialog's guardrail.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BatchOperation } from '../../../shared/api/changes';
import type { DnsRecord } from '../../api/records';
import { testRecord } from '../../test/records';
import { answerFetch } from '../../test/render';
import { renderRecordsPage } from '../../test/records-page';
import { testZone } from '../../test/zone';

const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });
const MIN = 60_000;

/** h00000 … h00004; `traffic[i]` is [queries in 30 d, queries in 7 d, minutes since the last]. */
function service(traffic: [number, number, number | null][]) {
  const records: DnsRecord[] = traffic.map((_, i) => testRecord(i));
  const batches: BatchOperation[][] = [];
  const asked: string[] = [];
  const now = Date.now();
  answerFetch(({ method, url, body }) => {
    const u = new URL(url, 'http://x');
    if (u.pathname.endsWith('/usage/rrsets')) {
      const days = Number(u.searchParams.get('days'));
      asked.push(`days=${days}`);
      return ok({
        zone_id: 'zone_1',
        days,
        since: '2026-11-01',
        rrsets: records.map((r, i) => {
          const [month, week, ago] = traffic[i]!;
          return {
            name: r.name,
            type: r.type,
            queries: days === 7 ? week : month,
            last_queried_at: ago === null ? null : new Date(now - ago * MIN).toISOString(),
          };
        }),
      });
    }
    if (u.pathname.endsWith('/records/batch') && method === 'POST') {
      const ops = (body as { operations: BatchOperation[] }).operations;
      batches.push(ops);
      const touched = ops.map((o) => records.find((r) => 'id' in o && r.id === o.id)!);
      return ok({
        dry_run: false,
        change_id: 'chg_1',
        serial: 2,
        counts: { added: 0, changed: 0, removed: ops.length },
        rrsets: touched.map((r) => ({ name: r.name, type: r.type, before: null, after: null })),
        settings: [],
        records: [],
      });
    }
    if (method === 'DELETE') return ok({ message: 'Record deleted.' });
    if (u.pathname.endsWith('/records')) {
      return ok({
        records,
        pagination: {
          total: records.length,
          offset: 0,
          limit: 1000,
          count: records.length,
          has_more: false,
        },
      });
    }
    return ok(testZone({ id: 'zone_1', name: 'example.com' }));
  });
  return { batches, asked };
}

const renderPage = renderRecordsPage;

const rowOf = (name: string) => document.querySelector(`tbody[data-rrset="${name} A"]`)!;
const cells = (name: string) => [
  rowOf(name).querySelector('.cell-queries')!.textContent,
  rowOf(name).querySelector('.cell-last')!.textContent,
];

describe('traffic in the records table', () => {
  it('shows queries of 30 days and the last query per RRset, and says what it cannot see', async () => {
    service([
      [1234, 300, 2],
      [0, 0, null],
      [5, 0, 60 * 24 * 10],
    ]);
    renderPage();
    await waitFor(() => expect(cells('h00000')).toEqual(['1,234', '2 min ago']));
    expect(cells('h00001')).toEqual(['0', 'Never']);
    expect(cells('h00002')).toEqual(['5', '10 days ago']);
    expect(screen.getByRole('columnheader', { name: 'Queries (30 d)' })).toBeInTheDocument();
    expect(
      screen.getByText(
        /cannot see answers that resolvers serve from their caches, nor queries answered by secondary servers/,
      ),
    ).toBeVisible();
  });

  it('sorts by most queried and by least recently queried', async () => {
    service([
      [3, 0, 30],
      [50, 1, 1],
      [0, 0, null],
      [7, 0, 5],
    ]);
    const user = renderPage();
    await waitFor(() => expect(cells('h00001')[0]).toBe('50'));
    const order = () =>
      [...document.querySelectorAll('tbody.rrset')].map((b) => b.getAttribute('data-rrset'));
    await user.selectOptions(screen.getByLabelText('Sort'), 'queries');
    expect(order()).toEqual(['h00001 A', 'h00003 A', 'h00000 A', 'h00002 A']);
    await user.selectOptions(screen.getByLabelText('Sort'), 'last');
    expect(order()).toEqual(['h00002 A', 'h00000 A', 'h00003 A', 'h00001 A']);
  });

  it('filters the RRsets not queried in N days, and deletes them all as one batch', async () => {
    const s = service([
      [10, 2, 60],
      [0, 0, null],
      [1, 0, 60 * 24 * 20], // 20 days ago: not in 14 days, but in 30
      [0, 0, null],
      [4, 1, 60 * 24 * 3],
    ]);
    const user = renderPage();
    await waitFor(() => expect(cells('h00000')[0]).toBe('10'));
    await user.selectOptions(screen.getByLabelText('Traffic'), '30');
    await waitFor(() => expect(document.querySelectorAll('tbody.rrset')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Traffic'), '14');
    await waitFor(() => expect(document.querySelectorAll('tbody.rrset')).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Select all 3 matching values' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 records' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 3 records' }));
    await screen.findByText(/Deleted 3 records/);
    expect(s.batches).toHaveLength(1);
    expect(s.batches[0]!.map((o) => ('id' in o ? [o.op, o.id] : o))).toEqual([
      ['delete', 'rec_1'],
      ['delete', 'rec_2'],
      ['delete', 'rec_3'],
    ]);
  });
});

describe('the delete dialog', () => {
  it('asks for one more confirmation when the RRset was queried 100 times or more in 7 days', async () => {
    const s = service([
      [5000, 1234, 2],
      [3, 99, 90],
    ]);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete h00000 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the h00000 A record?' });
    expect(
      await within(dialog).findByText(/Queried 1,234 times in the last 7 days, last 2 min ago\./),
    ).toBeVisible();
    const remove = within(dialog).getByRole('button', { name: 'Delete record' });
    expect(remove).toBeDisabled();
    const confirm = within(dialog).getByRole('checkbox', {
      name: /Delete h00000 A although it is in use/,
    });
    expect(confirm).toHaveAccessibleDescription(/Queried 1,234 times/);
    await user.click(confirm);
    expect(remove).toBeEnabled();
    expect(s.asked).toContain('days=7');
  });

  it('says how little an RRset is used, and asks nothing more below the threshold', async () => {
    service([
      [3, 99, 90],
      [0, 0, null],
    ]);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete h00000 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the h00000 A record?' });
    expect(
      await within(dialog).findByText(/Queried 99 times in the last 7 days, last 2 h ago\./),
    ).toBeVisible();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Delete record' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Delete h00001 A 192.0.2.1' }));
    const second = await screen.findByRole('dialog', { name: 'Delete the h00001 A record?' });
    expect(await within(second).findByText(/Not queried in the last 7 days\./)).toBeVisible();
  });
});
