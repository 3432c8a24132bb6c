// Deletes and switches from the table when someone else changed the record since the list was
// read (ADR 0028): nothing is deleted or switched, the other change is said, the table shows it,
// and the delete dialog offers to delete what is stored now.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordVersion, rrsetVersion } from '../../../shared/api/versions';
import { recordService } from '../../test/record-service';
import { testRecord } from '../../test/records';
import { renderRecordsPage } from '../../test/records-page';

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

async function renderPage() {
  const user = renderRecordsPage();
  await screen.findByRole('button', { name: 'Edit h00000 A 192.0.2.1' });
  return user;
}

const rows = (table: HTMLElement) =>
  [...table.querySelectorAll('tr')].map((tr) => [...tr.children].map((c) => c.textContent));

const rowText = (name: string) =>
  document.querySelector(`tbody[data-rrset="${name} A"]`)?.textContent ?? '';

describe('the delete dialog, when the record changed since the list was read', () => {
  it('deletes nothing, shows the value as stored now, and deletes it anyway on request', async () => {
    const www = testRecord(0);
    const s = recordService([www, testRecord(1)]);
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete h00000 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the h00000 A record?' });
    const theirs = s.meanwhile(www.id, { ttl: 300, comment: 'still needed' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete record' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this record');
    expect(alert).toHaveTextContent('Nothing was deleted');
    expect(rows(alert)).toEqual([
      ['', 'Before', 'Now'],
      ['Value', '192.0.2.1', '192.0.2.1'],
      ['TTL (differs)', '1 h', '5 min'],
      ['Comment (differs)', 'None', 'still needed'],
      ['State', 'Served', 'Served'],
    ]);
    expect(alert).toHaveFocus();
    expect(s.writes[0]).toMatchObject({ method: 'DELETE', ifMatch: recordVersion(www) });
    expect(s.records).toContainEqual(theirs);
    await waitFor(() => expect(rowText('h00000')).toContain('still needed'));

    await user.click(within(dialog).getByRole('button', { name: 'Delete anyway' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.writes[1]).toMatchObject({ method: 'DELETE', ifMatch: recordVersion(theirs) });
    expect(s.records.map((r) => r.id)).toEqual(['rec_1']);
    expect(await screen.findByText('Deleted h00000 A 192.0.2.1')).toBeInTheDocument();
  });

  it('deletes no RRset that gained a value meanwhile; "anyway" deletes what it holds now', async () => {
    const a = testRecord(0);
    const b = testRecord(0, { id: 'rec_0b', content: '192.0.2.2' });
    const s = recordService([a, b]);
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete h00000 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete from h00000 A?' });
    s.add(testRecord(0, { id: 'rec_0c', content: '192.0.2.3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete all 2 values' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed h00000 A');
    expect(alert).toHaveTextContent('It held 2 values when the list was read; it now holds 3');
    const items = within(alert).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '192.0.2.1',
      '192.0.2.2',
      '192.0.2.3 (new)',
    ]);
    expect(s.writes[0]).toMatchObject({ method: 'DELETE', ifMatch: rrsetVersion([a, b]) });
    expect(s.writes[0]!.path).toMatch(/by-name\/h00000\.example\.com\.\/A$/);
    expect(s.records).toHaveLength(3);

    await user.click(within(dialog).getByRole('button', { name: 'Delete all 3 values anyway' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.records).toEqual([]);
  });

  it('closes with a notice when the record is already gone', async () => {
    const s = recordService([testRecord(0), testRecord(1)]);
    const user = await renderPage();
    await user.click(screen.getByRole('button', { name: 'Delete h00000 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the h00000 A record?' });
    s.remove('rec_0');
    await user.click(within(dialog).getByRole('button', { name: 'Delete record' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(await screen.findByText('h00000 A 192.0.2.1 no longer exists')).toBeInTheDocument();
    await waitFor(() => expect(rowText('h00000')).toBe(''));
  });
});

describe('the served switch, when the record changed since the list was read', () => {
  it('switches nothing, says what changed, and the table shows the record as stored', async () => {
    const www = testRecord(0);
    const s = recordService([www]);
    const user = await renderPage();
    s.meanwhile(www.id, { ttl: 300, comment: 'theirs' });
    await user.click(screen.getByRole('switch', { name: 'Served: h00000 A 192.0.2.1' }));

    expect(await screen.findByText('Could not disable h00000 A 192.0.2.1')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Someone else changed it since the list was read. It is now 192.0.2.1, TTL 5 min, served, comment “theirs”. The table shows what is stored now; nothing was changed.',
      ),
    ).toBeInTheDocument();
    expect(s.writes[0]).toMatchObject({ method: 'PUT', ifMatch: recordVersion(www) });
    expect(s.records).toMatchObject([{ disabled: false, comment: 'theirs' }]);
    await waitFor(() => expect(rowText('h00000')).toContain('theirs'));
    expect(screen.getByRole('switch', { name: 'Served: h00000 A 192.0.2.1' })).toBeChecked();
  });

  it('a second flip while the first is saving waits for it: no false conflict', async () => {
    const www = testRecord(0);
    const s = recordService([www]);
    const user = await renderPage();
    // The first PUT is held; later ones go at once (and would overtake it).
    const { release } = s.hold('PUT');
    const toggle = () => screen.getByRole('switch', { name: 'Served: h00000 A 192.0.2.1' });

    await user.click(toggle());
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-busy', 'true');
    expect(toggle()).toHaveAttribute('aria-disabled', 'true');
    expect(toggle()).not.toBeDisabled(); // still focusable
    release();
    expect(await screen.findByText('Disabled h00000 A 192.0.2.1')).toBeInTheDocument();
    await waitFor(() => expect(toggle()).not.toHaveAttribute('aria-busy'));
    expect(screen.queryByText('Could not enable h00000 A 192.0.2.1')).toBeNull();
    expect(s.writes).toHaveLength(1);
    expect(s.records).toMatchObject([{ disabled: true }]);
    expect(toggle()).not.toBeChecked();

    // Once saved, a flip is made from what is stored.
    await user.click(toggle());
    expect(await screen.findByText('Enabled h00000 A 192.0.2.1')).toBeInTheDocument();
    expect(s.writes[1]).toMatchObject({ ifMatch: recordVersion({ ...www, disabled: true }) });
    expect(s.records).toMatchObject([{ disabled: false }]);
  });
});
