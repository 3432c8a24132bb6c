// Bulk edits on the records page with the real client and parsers; `fetch` plays a service
// holding one zone of numbered hosts, its batch route and its revert route.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchOperation } from '../../../shared/api/changes';
import type { DnsRecord } from '../../api/records';
import { testRecord } from '../../test/records';
import { answerFetch, errorBody } from '../../test/render';
import { renderRecordsPage } from '../../test/records-page';
import { testZone } from '../../test/zone';

beforeAll(() => {
  // jsdom lacks pointer capture, which the toast's swipe-to-dismiss uses when its Undo is clicked.
  Element.prototype.setPointerCapture ??= () => {};
});

const ok = (data: unknown) => ({ status: 200, body: { status: 'success', data } });

function service(records: DnsRecord[], opts: { refuseIndex?: number } = {}) {
  const batches: BatchOperation[][] = [];
  const reverts: string[] = [];
  const fetch = answerFetch(({ method, url, body }) => {
    const path = new URL(url, 'http://x').pathname;
    if (path.endsWith('/records/batch') && method === 'POST') {
      const ops = (body as { operations: BatchOperation[] }).operations;
      if (opts.refuseIndex !== undefined) {
        return {
          status: 400,
          body: errorBody(
            'validation_error',
            'operations[1]: TTL must be at most 86400 seconds (1 day).',
            {
              index: opts.refuseIndex,
            },
          ),
        };
      }
      batches.push(ops);
      // The bulk actions send updates and deletes only: every operation names a record.
      const touched = ops.map((o) => records.find((r) => 'id' in o && r.id === o.id)!);
      for (const [i, o] of ops.entries()) {
        if (o.op === 'update') Object.assign(touched[i]!, { ttl: o.ttl, disabled: o.disabled });
      }
      return ok({
        dry_run: false,
        change_id: 'chg_1',
        serial: 2,
        counts: { added: 0, changed: ops.length, removed: 0 },
        rrsets: touched.map((r) => ({ name: r.name, type: r.type, before: null, after: null })),
        settings: [],
        records: touched,
      });
    }
    if (method === 'DELETE') {
      const id = path.split('/').at(-1);
      records.splice(
        records.findIndex((r) => r.id === id),
        1,
      );
      return ok({ message: 'Record deleted.' });
    }
    if (path.endsWith('/revert')) {
      reverts.push(path);
      return ok({
        dry_run: false,
        change_id: 'chg_2',
        serial: 3,
        counts: { added: 0, changed: 1, removed: 0 },
        rrsets: [],
        settings: [],
      });
    }
    if (path.endsWith('/records')) {
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
  return { fetch, batches, reverts };
}

const renderPage = renderRecordsPage;

const hosts = (n: number) => Array.from({ length: n }, (_, i) => testRecord(i));

describe('bulk edits', () => {
  it('selects a range with shift-click and sets its TTL in one batch, with Undo', async () => {
    const s = service(hosts(5));
    const user = renderPage();
    await user.click(await screen.findByRole('checkbox', { name: /Select h00001 A/ }));
    await user.keyboard('{Shift>}');
    await user.click(screen.getByRole('checkbox', { name: /Select h00003 A/ }));
    await user.keyboard('{/Shift}');
    expect(screen.getByText('3 records selected')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Select h00002 A/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Select h00004 A/ })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Set TTL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set TTL of 3 records' });
    const ttl = within(dialog).getByLabelText('New TTL');
    await user.clear(ttl);
    await user.type(ttl, '90');
    expect(within(dialog).getByText(/at least 300 seconds/)).toBeVisible();
    await user.type(ttl, '0');
    const lines = within(dialog).getByRole('list', { name: 'What will change' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'h00001 A 192.0.2.1TTL 1 h → 15 min',
      'h00002 A 192.0.2.1TTL 1 h → 15 min',
      'h00003 A 192.0.2.1TTL 1 h → 15 min',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Set TTL of 3 records' }));

    await waitFor(() => expect(screen.getByText('Changed TTL of 3 records')).toBeVisible());
    expect(s.batches).toHaveLength(1);
    expect(s.batches[0]!.map((o) => (o.op === 'update' ? [o.id, o.ttl] : o))).toEqual([
      ['rec_1', 900],
      ['rec_2', 900],
      ['rec_3', 900],
    ]);
    // The list shows the answer, the selection is gone, and focus is on the bar, not lost.
    expect(screen.queryByText(/selected/)).toBeNull();
    await waitFor(() => expect(screen.getByRole('group', { name: 'Bulk edit' })).toHaveFocus());
    const row = screen.getByRole('checkbox', { name: /Select h00002 A/ }).closest('tbody')!;
    expect(within(row).getByText('15 min')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(s.reverts).toEqual(['/v1/zones/zone_1/changes/chg_1/revert']));
    await waitFor(() => expect(screen.getByText('Undone: Changed TTL of 3 records')).toBeVisible());
  });

  it('Set TTL starts empty, plans nothing until a TTL is chosen, and counts alike', async () => {
    // h00001 already has 5 min: setting 5 min leaves it as it is.
    const records = hosts(3).map((r, i) => (i === 1 ? { ...r, ttl: 300 } : r));
    const s = service(records);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Select all 3 values' }));
    await user.click(screen.getByRole('button', { name: 'Set TTL' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set TTL of 3 records' });
    expect(within(dialog).getByLabelText('New TTL')).toHaveValue(null);
    expect(within(dialog).queryByRole('list', { name: 'What will change' })).toBeNull();
    expect(within(dialog).queryByText(/will change/)).toBeNull();
    const apply = within(dialog).getByRole('button', { name: 'Set TTL of 3 records' });
    expect(apply).toBeDisabled();

    // The record form's presets: one click sets the TTL.
    const preset = within(dialog).getByRole('button', { name: 'TTL 5 min (300 seconds)' });
    await user.click(preset);
    expect(preset).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByLabelText('New TTL')).toHaveValue(300);
    expect(
      within(dialog).getByText(
        '2 records in 2 RRsets will change. 1 record already as asked stays as it is.',
      ),
    ).toBeVisible();
    // Title and button still say the same count.
    expect(within(dialog).getByRole('button', { name: 'Set TTL of 3 records' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Set TTL of 3 records' }));
    await waitFor(() => expect(screen.getByText('Changed TTL of 2 records')).toBeVisible());
    expect(s.batches[0]!.map((o) => (o.op === 'update' ? [o.id, o.ttl] : o))).toEqual([
      ['rec_0', 300],
      ['rec_2', 300],
    ]);
  });

  it('selects all records matching the search, not only those drawn', async () => {
    const records = hosts(400).map((r, i) => (i % 4 === 0 ? { ...r, comment: 'edge' } : r));
    const s = service(records);
    const user = renderPage('/zones/zone_1/records?q=edge');
    await user.click(await screen.findByRole('button', { name: 'Select all 100 matching values' }));
    expect(screen.getByText('100 records selected')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable 100 records' });
    expect(within(dialog).getByText('100 records in 100 RRsets will change.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Disable 100 records' }));
    await screen.findByText('Disabled 100 records');
    expect(s.batches[0]).toHaveLength(100);
    expect(s.batches[0]!.every((o) => o.op === 'update' && o.disabled)).toBe(true);
  });

  it('selects only the values the search found, not the rest of an RRset it found', async () => {
    // An apex TXT of 12 values, 3 of them SPF: the search shows the RRset whole.
    const txt = Array.from({ length: 12 }, (_, i) =>
      testRecord(i, {
        name: 'example.com.',
        type: 'TXT',
        content: i % 4 === 1 ? `v=spf1 ip4:192.0.2.${i} -all` : `verification=${i}`,
      }),
    );
    const s = service([...txt, ...hosts(2).map((r) => ({ ...r, id: `${r.id}_host` }))]);
    const user = renderPage('/zones/zone_1/records?q=spf1');
    await user.click(await screen.findByRole('button', { name: 'Select all 3 matching values' }));
    expect(screen.getByText('3 records selected')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Select @ TXT verification=0/ })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 records' });
    const lines = within(dialog).getByRole('list', { name: 'What will change' });
    expect(
      within(lines)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '@ TXT v=spf1 ip4:192.0.2.1 -allremoved',
      '@ TXT v=spf1 ip4:192.0.2.5 -allremoved',
      '@ TXT v=spf1 ip4:192.0.2.9 -allremoved',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Delete 3 records' }));
    await screen.findByText('Deleted 3 records');
    expect(s.batches[0]!.map((o) => ('id' in o ? o.id : o))).toEqual(['rec_1', 'rec_5', 'rec_9']);
  });

  it('names the record an error is about, and changes nothing', async () => {
    const s = service(hosts(3), { refuseIndex: 1 });
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Select all 3 values' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 3 records' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete 3 records' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'h00001 A 192.0.2.1: TTL must be at most 86400 seconds (1 day). Nothing was changed.',
    );
    expect(s.batches).toHaveLength(0);
    expect(screen.getByText('3 records selected')).toBeInTheDocument();
  });

  it('extends with Shift+Space from the keyboard', async () => {
    service(hosts(4));
    const user = renderPage();
    const first = await screen.findByRole('checkbox', { name: /Select h00000 A/ });
    first.focus();
    await user.keyboard(' ');
    expect(first).toBeChecked();
    screen.getByRole('checkbox', { name: /Select h00002 A/ }).focus();
    await user.keyboard('{Shift>} {/Shift}');
    expect(screen.getByText('3 records selected')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Select h00003 A/ })).not.toBeChecked();
  });

  it('forgets a selected record once it is deleted', async () => {
    service(hosts(3));
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Select all 3 values' }));
    await user.click(screen.getByRole('button', { name: 'Delete h00001 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the h00001 A record?' });
    // History reverts a delete: the dialog must not say it is final.
    expect(dialog).toHaveAccessibleDescription(
      'It stops being served at once; you can revert it from History.',
    );
    expect(dialog).not.toHaveTextContent(/cannot be undone/i);
    await user.click(within(dialog).getByRole('button', { name: 'Delete record' }));
    await waitFor(() => expect(screen.getByText('2 records selected')).toBeVisible());
  });
});
