// Edit or Delete opened on a value whose switch was just flipped, while that write is still on its
// way: the dialog waits for it and then works from the value as saved, so its own write is not
// refused as a conflict with a change the service had not stored yet.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordVersion } from '../../../shared/api/versions';
import { recordService } from '../../test/record-service';
import { testRecord } from '../../test/records';
import { renderRecordsPage } from '../../test/records-page';

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const www = testRecord(0);
const served = () => screen.getByRole('switch', { name: 'Served: h00000 A 192.0.2.1' });

/** The page, with the switch of h00000 flipped and its write kept on its way. */
async function flipHeld(s: ReturnType<typeof recordService>) {
  const user = renderRecordsPage();
  await screen.findByRole('switch', { name: 'Served: h00000 A 192.0.2.1' });
  const put = s.hold('PUT');
  await user.click(served());
  await put.sent;
  expect(served()).toHaveAttribute('aria-busy', 'true');
  return { user, release: put.release };
}

describe('Edit opened while the value’s switch is being saved', () => {
  it('waits for it, then edits the value as saved: no false conflict', async () => {
    const s = recordService([www]);
    const { user, release } = await flipHeld(s);
    await user.click(screen.getByRole('button', { name: 'Edit h00000 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit A record' });
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Saving this value’s last change first',
    );
    expect(within(dialog).queryByRole('button', { name: 'Save changes' })).toBeNull();

    release();
    const ttl = await within(dialog).findByLabelText('TTL', { exact: true });
    expect(within(dialog).getByRole('checkbox', { name: /Disabled/ })).toBeChecked();
    // The form came in place of the focused Cancel: its first field the user can change has it.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        dialog.querySelector(
          'form input:not([readonly]):not([type="hidden"]), form select, form textarea',
        ),
      ),
    );
    await user.clear(ttl);
    await user.type(ttl, '300');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    const switched = { ...www, disabled: true };
    expect(s.writes.map((w) => [w.method, w.ifMatch])).toEqual([
      ['PUT', recordVersion(www)],
      ['PUT', recordVersion(switched)],
    ]);
    expect(s.records).toMatchObject([{ disabled: true, ttl: 300 }]);
    expect(screen.queryByText('Someone else changed this record')).toBeNull();
  });

  it('starts from what is stored when the switch is refused', async () => {
    const s = recordService([www]);
    const { user, release } = await flipHeld(s);
    const theirs = s.meanwhile(www.id, { comment: 'theirs' });
    await user.click(screen.getByRole('button', { name: 'Edit h00000 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit A record' });

    release(); // refused: someone else changed the record before it arrived
    expect(await screen.findByText('Could not disable h00000 A 192.0.2.1')).toBeInTheDocument();
    const comment = await within(dialog).findByLabelText('Comment');
    expect(comment).toHaveValue('theirs');
    expect(within(dialog).getByRole('checkbox', { name: /Disabled/ })).not.toBeChecked();
    await user.type(comment, ' and mine');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.writes.at(-1)).toMatchObject({ method: 'PUT', ifMatch: recordVersion(theirs) });
    expect(s.records).toMatchObject([{ disabled: false, comment: 'theirs and mine' }]);
  });
});

describe('Delete opened while the value’s switch is being saved', () => {
  async function openDelete() {
    const s = recordService([www, testRecord(1)]);
    const { user, release } = await flipHeld(s);
    await user.click(screen.getByRole('button', { name: 'Delete h00000 A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the h00000 A record?' });
    const remove = within(dialog).getByRole('button', { name: 'Delete record' });
    return { s, user, release, dialog, remove };
  }

  it('says why it waits, with its Delete busy until the switch is saved', async () => {
    const { release, dialog, remove } = await openDelete();
    expect(within(dialog).getByRole('status')).toHaveTextContent(
      'Saving this value’s last change first; it can be deleted once that is saved',
    );
    expect(remove).toBeDisabled();
    expect(remove).toHaveAttribute('aria-busy', 'true');
    release();
    await waitFor(() => expect(remove).toBeEnabled());
    expect(remove).not.toHaveAttribute('aria-busy');
    expect(within(dialog).queryByRole('status')).toBeNull();
  });

  it('deletes the value as saved: no false conflict', async () => {
    const { s, user, release, dialog, remove } = await openDelete();
    await user.click(remove); // at once, while the switch is on its way
    release();
    await waitFor(() => expect(remove).toBeEnabled());
    expect(s.records).toMatchObject([{ disabled: true }, {}]);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(remove);
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.writes.map((w) => [w.method, w.ifMatch])).toEqual([
      ['PUT', recordVersion(www)],
      ['DELETE', recordVersion({ ...www, disabled: true })],
    ]);
    expect(s.records.map((r) => r.id)).toEqual(['rec_1']);
    expect(await screen.findByText('Deleted h00000 A 192.0.2.1')).toBeInTheDocument();
  });
});
