// Duplicate: the New record dialog filled in from a record of the list (type, value, TTL, comment,
// switch), its name selected to be typed over; the way to move a value to another name. Opened
// from a row's button, from the keyboard, or from the URL (?record=new&from=<id>).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { recordService } from '../../test/record-service';
import { testRecord } from '../../test/records';
import { renderRecordsPage } from '../../test/records-page';

const mx = testRecord(0, {
  name: 'mail.example.com.',
  type: 'MX',
  content: '10 mx1.example.net.',
  ttl: 900,
  comment: 'primary',
  disabled: true,
});
const web = testRecord(1, { name: 'web.example.com.' });

beforeEach(() => {
  // The saved row is scrolled to once the dialog closes; jsdom has no layout.
  Element.prototype.scrollIntoView = vi.fn();
});

const renderPage = renderRecordsPage;

describe('Duplicate', () => {
  it('opens New record filled in from the row, and saves the copy under the name typed', async () => {
    const s = recordService([mx, web]);
    const user = renderPage();
    await user.click(
      await screen.findByRole('button', { name: 'Duplicate mail MX 10 mx1.example.net.' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'New record' });
    expect(dialog).toHaveAccessibleDescription(
      /^A copy of mail MX: give it its name and save\. To move the value, delete the original afterwards\./,
    );
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('mail');
    // Focused with its text selected: typing replaces it.
    await waitFor(() => expect(name).toHaveFocus());
    expect([
      (name as HTMLInputElement).selectionStart,
      (name as HTMLInputElement).selectionEnd,
    ]).toEqual([0, 4]);
    expect(within(dialog).getByLabelText('Type')).toHaveValue('MX');
    expect(within(dialog).getByLabelText('Priority')).toHaveValue('10');
    expect(within(dialog).getByLabelText('Mail host')).toHaveValue('mx1.example.net.');
    expect(within(dialog).getByLabelText('TTL', { exact: true })).toHaveValue(900);
    expect(within(dialog).getByLabelText('Comment')).toHaveValue('primary');
    expect(within(dialog).getByRole('checkbox', { name: /Disabled/ })).toBeChecked();
    // Not "joins mail MX": it is the original's own RRset, and the name is what is left to give.
    expect(name).toHaveAccessibleDescription('Still the name of the original: type the new one.');
    expect(within(dialog).queryByTestId('rrset-note')).toBeNull();

    await user.keyboard('mail2{Enter}');
    await waitFor(() => expect(screen.getByText('Created mail2 MX record')).toBeVisible());
    expect(s.writes).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/zones/zone_1/records',
        ifMatch: null,
        body: {
          name: 'mail2.example.com.',
          type: 'MX',
          content: '10 mx1.example.net.',
          ttl: 900,
          disabled: true,
          comment: 'primary',
        },
      }),
    ]);
    // The original stays until the user deletes it.
    expect(s.records.map((r) => r.name)).toEqual([
      'mail.example.com.',
      'web.example.com.',
      'mail2.example.com.',
    ]);
  });

  it('opens from the URL (?record=new&from=<id>); an id no longer in the zone, empty', async () => {
    recordService([mx, web]);
    renderPage(`/zones/zone_1/records?record=new&from=${web.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'New record' });
    expect(dialog).toHaveAccessibleDescription(/^A copy of web A:/);
    expect(within(dialog).getByLabelText('Name')).toHaveValue('web');
    expect(within(dialog).getByLabelText('Content', { exact: true })).toHaveValue('192.0.2.1');
    cleanup();

    recordService([web]);
    renderPage('/zones/zone_1/records?record=new&from=rec_gone');
    const empty = await screen.findByRole('dialog', { name: 'New record' });
    expect(empty).toHaveAccessibleDescription(/^A value in example\.com\./);
    expect(within(empty).getByLabelText('Name')).toHaveValue('');
  });

  it('works from the keyboard, and Escape goes back to the button', async () => {
    recordService([web]);
    const user = renderPage();
    const button = await screen.findByRole('button', { name: 'Duplicate web A 192.0.2.1' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'New record' });
    await waitFor(() => expect(within(dialog).getByLabelText('Name')).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Duplicate web A 192.0.2.1' })).toHaveFocus(),
    );
    // "n" still opens an empty New record.
    await user.keyboard('n');
    const fresh = await screen.findByRole('dialog', { name: 'New record' });
    expect(within(fresh).getByLabelText('Name')).toHaveValue('');
  });

  it('is what the edit dialog points to for moving a value', async () => {
    recordService([web]);
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Edit web A 192.0.2.1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit A record' });
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      'Name and type stay. To move this value, Duplicate it in the list, save the copy under the new name, then delete this one.',
    );
  });
});
