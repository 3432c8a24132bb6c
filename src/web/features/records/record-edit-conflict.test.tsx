// The edit dialog when someone else saved the record since it opened (ADR 0028): the save is
// refused, what the user typed stays, the other change is shown with "Save mine anyway" and
// "Use theirs"; a record deleted meanwhile can be created again.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordVersion } from '../../../shared/api/versions';
import { recordService } from '../../test/record-service';
import { testRecord } from '../../test/records';
import { renderRecordsPage } from '../../test/records-page';

const www = testRecord(0, { ttl: 3600, comment: 'ours' });

beforeEach(() => {
  // The saved row is scrolled to once the dialog closes; jsdom has no layout.
  Element.prototype.scrollIntoView = vi.fn();
});

async function openEdit() {
  const user = renderRecordsPage();
  await user.click(await screen.findByRole('button', { name: 'Edit h00000 A 192.0.2.1' }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit A record' });
  return { user, dialog, content: within(dialog).getByLabelText('Content', { exact: true }) };
}

/** The tab reloaded with the edit dialog's URL: the dialog opens again, from its draft. */
async function reopenAfterReload() {
  const user = renderRecordsPage(`/zones/zone_1/records?record=${www.id}`);
  return { user, dialog: await screen.findByRole('dialog', { name: 'Edit A record' }) };
}

const row = () => document.querySelector('tbody[data-rrset^="h00000 A"]');

describe('the edit dialog, when someone else saved the record since it opened', () => {
  it('sends the version it was opened from, keeps the input and shows the other change', async () => {
    const s = recordService([www]);
    const { user, dialog, content } = await openEdit();
    const theirs = s.meanwhile(www.id, { ttl: 300, comment: 'theirs', disabled: true });
    await user.clear(content);
    await user.type(content, '192.0.2.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this record');
    expect(alert).toHaveFocus();
    const cells = [...alert.querySelectorAll('tr')].map((tr) =>
      [...tr.children].map((c) => c.textContent),
    );
    expect(cells).toEqual([
      ['', 'Theirs', 'Yours'],
      ['Value (differs)', '192.0.2.1', '192.0.2.2'],
      ['TTL (differs)', '5 min', '1 h'],
      ['Comment (differs)', 'theirs', 'ours'],
      ['State (differs)', 'Disabled', 'Served'],
    ]);
    expect(s.writes[0]).toMatchObject({ method: 'PUT', ifMatch: recordVersion(www) });
    expect(s.records).toEqual([theirs]); // nothing was written
    expect(content).toHaveValue('192.0.2.2');
    // The table behind shows what is stored now, not the old row nor the refused edit.
    await waitFor(() => expect(row()).toHaveTextContent('theirs'));
    expect(row()).not.toHaveTextContent('192.0.2.2');

    await user.click(within(dialog).getByRole('button', { name: 'Save mine anyway' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.writes[1]).toMatchObject({ method: 'PUT', ifMatch: recordVersion(theirs) });
    expect(s.records).toMatchObject([{ content: '192.0.2.2', ttl: 3600, comment: 'ours' }]);
    await waitFor(() => expect(row()).toHaveTextContent('192.0.2.2'));
  });

  it('"Save mine anyway" is refused again when a third change came in between', async () => {
    const s = recordService([www]);
    const { user, dialog, content } = await openEdit();
    s.meanwhile(www.id, { comment: 'second' });
    await user.clear(content);
    await user.type(content, '192.0.2.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await within(dialog).findByText('Someone else changed this record');
    const third = s.meanwhile(www.id, { comment: 'third' });
    await user.click(within(dialog).getByRole('button', { name: 'Save mine anyway' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('third'));
    expect(s.records).toEqual([third]);
    expect(content).toHaveValue('192.0.2.2');
  });

  it('"Use theirs" puts the stored values in the form, and a save is made from them', async () => {
    const s = recordService([www]);
    const { user, dialog, content } = await openEdit();
    const theirs = s.meanwhile(www.id, { ttl: 300, comment: 'theirs' });
    await user.clear(content);
    await user.type(content, '192.0.2.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Use theirs' }));

    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(content).toHaveValue('192.0.2.1');
    expect(content).toHaveFocus();
    expect(within(dialog).getByLabelText('TTL', { exact: true })).toHaveValue(300);
    expect(within(dialog).getByLabelText('Comment')).toHaveValue('theirs');
    await user.clear(within(dialog).getByLabelText('Comment'));
    await user.type(within(dialog).getByLabelText('Comment'), 'merged');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.writes[1]).toMatchObject({ ifMatch: recordVersion(theirs) });
    expect(s.records).toMatchObject([{ content: '192.0.2.1', ttl: 300, comment: 'merged' }]);
  });

  it('says a record deleted meanwhile is gone, keeps the input, and creates it again', async () => {
    const s = recordService([www]);
    const { user, dialog, content } = await openEdit();
    s.remove(www.id);
    await user.clear(content);
    await user.type(content, '192.0.2.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('This record no longer exists');
    expect(alert).toHaveFocus();
    expect(content).toHaveValue('192.0.2.2');
    // The form's own Close beside the dialog's: both leave the zone as it is.
    expect(within(dialog).getAllByRole('button', { name: 'Close' })).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Create it again' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.writes[1]).toMatchObject({ method: 'POST', ifMatch: null });
    expect(s.records).toMatchObject([
      { name: www.name, content: '192.0.2.2', ttl: 3600, comment: 'ours' },
    ]);
    expect(await screen.findByText('Created h00000 A record')).toBeInTheDocument();
  });

  it('a draft restored after a reload is checked against the version it was written from', async () => {
    const s = recordService([www]);
    const first = await openEdit();
    await first.user.clear(first.content);
    await first.user.type(first.content, '192.0.2.2');
    cleanup(); // the tab is reloaded: the draft stays in sessionStorage
    const theirs = s.meanwhile(www.id, { ttl: 300, comment: 'theirs' });

    const { user, dialog } = await reopenAfterReload();
    const content = within(dialog).getByLabelText('Content', { exact: true });
    expect(content).toHaveValue('192.0.2.2');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Someone else changed this record');
    expect(alert).toHaveTextContent('theirs');
    expect(s.writes[0]).toMatchObject({ method: 'PUT', ifMatch: recordVersion(www) });
    expect(s.records).toEqual([theirs]);
    expect(content).toHaveValue('192.0.2.2');
  });

  it('after "Use theirs", a draft restored after a reload is made from theirs', async () => {
    const s = recordService([www]);
    const first = await openEdit();
    const theirs = s.meanwhile(www.id, { ttl: 300, comment: 'theirs' });
    await first.user.clear(first.content);
    await first.user.type(first.content, '192.0.2.2');
    await first.user.click(within(first.dialog).getByRole('button', { name: 'Save changes' }));
    await first.user.click(await within(first.dialog).findByRole('button', { name: 'Use theirs' }));
    cleanup(); // the tab is reloaded: the draft (theirs) stays in sessionStorage

    const { user, dialog } = await reopenAfterReload();
    expect(within(dialog).getByLabelText('Comment')).toHaveValue('theirs');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.writes.at(-1)).toMatchObject({ method: 'PUT', ifMatch: recordVersion(theirs) });
  });
});
