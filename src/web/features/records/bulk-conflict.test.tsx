// Bulk edits when someone else changes a record meanwhile (ADR 0028), against the test records
// service, which checks each operation's if_match as the real one does: the batch carries the
// versions of the records as previewed; a stale one refuses it whole, the dialog names the record
// and shows it now, the table shows what is stored, and "Preview again" plans from that. The Undo
// of a bulk edit does not overwrite a later change either.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { Toaster } from 'sonner';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BatchOperation } from '../../../shared/api/changes';
import { recordVersion } from '../../../shared/api/versions';
import { recordService } from '../../test/record-service';
import { testRecord } from '../../test/records';
import { renderApp } from '../../test/render';
import { renderRecordsPage } from '../../test/records-page';
import { RecordsPage } from './records-page';

beforeAll(() => {
  // jsdom lacks pointer capture, which the toast's swipe-to-dismiss uses when its Undo is clicked.
  Element.prototype.setPointerCapture ??= () => {};
});

/** Where the router is: the toast's link leaves the records page. */
function Where() {
  const { pathname, hash } = useLocation();
  return <output data-testid="where">{pathname + hash}</output>;
}

const hosts = (n: number) => Array.from({ length: n }, (_, i) => testRecord(i));

function renderPage() {
  return renderRecordsPage();
}

/** Selects every record, opens `action`'s dialog. */
async function openBulk(user: ReturnType<typeof userEvent.setup>, action: string, n: number) {
  await user.click(await screen.findByRole('button', { name: `Select all ${n} values` }));
  await user.click(screen.getByRole('button', { name: action }));
  return screen.findByRole('dialog', { name: new RegExp(`^${action}`) });
}

const sentVersions = (ops: readonly BatchOperation[]) =>
  ops.map((o) => (o.op === 'create' ? null : [o.id, o.if_match]));

const ttlOf = (name: string) =>
  document.querySelector(`tbody[data-rrset="${name} A"] .cell-ttl`)?.textContent;

describe('a bulk edit over a record changed since its preview', () => {
  it('sends each version, names the changed record, shows it now, and previews again', async () => {
    const before = hosts(3);
    const s = recordService(before);
    const user = renderPage();
    const dialog = await openBulk(user, 'Disable', 3);
    const theirs = s.meanwhile('rec_1', { ttl: 300, comment: 'theirs' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable 3 records' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed h00001 A 192.0.2.1');
    expect(alert).toHaveTextContent('Nothing was changed.');
    expect(alert).toHaveFocus();
    const cells = [...alert.querySelectorAll('tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['', 'Before', 'Now'],
      ['Value', '192.0.2.1', '192.0.2.1'],
      ['TTL (differs)', '1 h', '5 min'],
      ['Comment (differs)', 'None', 'theirs'],
      ['State', 'Served', 'Served'],
    ]);
    // Every operation carried the version of its record as the preview showed it.
    const [sent] = s.writes;
    expect(sentVersions((sent!.body as { operations: BatchOperation[] }).operations)).toEqual(
      before.map((r) => [r.id, recordVersion(r)]),
    );
    expect(s.batches).toHaveLength(0);
    expect(s.records.every((r) => !r.disabled)).toBe(true);
    // The table shows what is stored; the stale preview and its Apply are gone.
    await waitFor(() => expect(ttlOf('h00001')).toBe('5 min'));
    expect(within(dialog).queryByRole('list', { name: 'What will change' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Disable 3 records' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Preview again' }));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByText('3 records in 3 RRsets will change.')).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Disable 3 records' }));
    await waitFor(() => expect(screen.getByText('Disabled 3 records')).toBeVisible());
    expect(sentVersions(s.batches[0]!)).toEqual([
      ['rec_0', recordVersion(before[0]!)],
      ['rec_1', recordVersion(theirs)],
      ['rec_2', recordVersion(before[2]!)],
    ]);
    // Theirs kept: the bulk edit changed only the switch.
    expect(s.records.find((r) => r.id === 'rec_1')).toMatchObject({
      ttl: 300,
      comment: 'theirs',
      disabled: true,
    });
  });

  it('says a record deleted since no longer exists, and previews again without it', async () => {
    const s = recordService(hosts(3));
    const user = renderPage();
    const dialog = await openBulk(user, 'Delete', 3);
    s.remove('rec_2');
    await user.click(within(dialog).getByRole('button', { name: 'Delete 3 records' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('h00002 A 192.0.2.1 no longer exists');
    expect(alert).toHaveTextContent('Nothing was changed.');
    expect(s.records).toHaveLength(2);
    await waitFor(() => expect(document.querySelector('tbody[data-rrset="h00002 A"]')).toBeNull());

    await user.click(within(dialog).getByRole('button', { name: 'Preview again' }));
    expect(
      within(dialog).getByText(
        '2 records in 2 RRsets will change. 1 record selected is no longer in the zone (deleted, or its value changed) and left out.',
      ),
    ).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 records' }));
    await waitFor(() => expect(screen.getByText('Deleted 2 records')).toBeVisible());
    expect(s.records).toEqual([]);
  });

  it('does not undo over a change made after the edit, and says so', async () => {
    const s = recordService(hosts(2));
    const user = renderPage();
    const dialog = await openBulk(user, 'Set TTL', 2);
    await user.type(within(dialog).getByLabelText('New TTL'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Set TTL of 2 records' }));
    const done = await screen.findByText('Changed TTL of 2 records');
    s.meanwhile('rec_1', { comment: 'later' });
    await user.click(within(done.closest('li')!).getByRole('button', { name: 'Undo' }));

    const failed = await screen.findByText('Not undone: Changed TTL of 2 records');
    const toast = failed.closest('li')!;
    expect(toast).toHaveTextContent(
      'h00001 A was changed again since, and undoing would overwrite that: nothing was changed. History can revert the edit anyway.',
    );
    expect(s.reverts).toEqual([]);
    // The table is read again: it shows the later change the toast speaks of.
    await waitFor(() =>
      expect(
        document.querySelector('tbody[data-rrset="h00001 A"] .cell-comment'),
      ).toHaveTextContent('later'),
    );
    expect(s.records.map((r) => [r.ttl, r.comment])).toEqual([
      [900, null],
      [900, 'later'],
    ]);
  });

  // Three records: the toasts of the test above are still up, with their own words.
  it('opens History at the change that was not undone', async () => {
    const s = recordService(hosts(3));
    renderApp(
      <>
        <RecordsPage />
        <Toaster />
        <Where />
      </>,
      { path: '/zones/:zoneId/*', url: '/zones/zone_1/records' },
    );
    const user = userEvent.setup();
    const dialog = await openBulk(user, 'Set TTL', 3);
    await user.type(within(dialog).getByLabelText('New TTL'), '900');
    await user.click(within(dialog).getByRole('button', { name: 'Set TTL of 3 records' }));
    const done = await screen.findByText('Changed TTL of 3 records');
    s.meanwhile('rec_1', { comment: 'later' });
    await user.click(within(done.closest('li')!).getByRole('button', { name: 'Undo' }));
    const failed = await screen.findByText('Not undone: Changed TTL of 3 records');
    await user.click(within(failed.closest('li')!).getByRole('button', { name: 'Open History' }));
    // The batch's change: History opens it and brings it into view (change-item.tsx).
    expect(screen.getByTestId('where')).toHaveTextContent('/zones/zone_1/history#chg_1');
  });
});
