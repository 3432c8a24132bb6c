// The import dialog with the real client and parsers, fetch answering as the service would.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportResult } from '../../../shared/api/zone-file';
import { importResult } from '../../test/import';
import { answerFetch, errorBody, renderApp, type FetchHandler } from '../../test/render';
import { ImportDialog } from './import-dialog';

const FILE = '$ORIGIN example.com.\nwww 300 IN A 192.0.2.1\nbad 300 IN A 300.1.1.1\n';
const withError = importResult({
  errors: [{ line: 3, message: 'A record content must be an IPv4 address.', field: 'content' }],
  skipped: [
    {
      line: 9,
      reason: 'soa',
      name: 'example.com.',
      type: 'SOA',
      message: 'The SOA is the service’s own; not imported.',
    },
  ],
});

beforeEach(() => {
  // jsdom lays nothing out: the virtualised lists get a box to draw their items in.
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(600);
  Element.prototype.scrollIntoView = vi.fn();
});

const ok = (data: ImportResult) => ({ status: 200, body: { status: 'success', data } });

function setup(handler: FetchHandler) {
  const fetch = answerFetch(handler);
  const onApplied = vi.fn();
  const onClose = vi.fn();
  renderApp(
    <ImportDialog
      zoneId="zone_1"
      zoneName="example.com"
      dropped={null}
      onApplied={onApplied}
      onClose={onClose}
    />,
  );
  const user = userEvent.setup();
  const dialog = screen.getByRole('dialog', { name: 'Import zone file' });
  const box = within(dialog).getByLabelText('Zone file');
  const paste = async (text: string) => {
    await user.click(box);
    await user.paste(text);
  };
  const preview = () => user.click(within(dialog).getByRole('button', { name: /^Preview/ }));
  const apply = within(dialog).getByRole('button', { name: 'Apply import' });
  const bodies = () =>
    fetch.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { fetch, onApplied, onClose, user, dialog, box, paste, preview, apply, bodies };
}

describe('import dialog', () => {
  it('asks for a file before previewing, and sends nothing', async () => {
    const t = setup(() => ok(importResult()));
    await t.preview();
    expect(t.box).toHaveAccessibleDescription(/Paste the text of a zone file/);
    expect(t.fetch).not.toHaveBeenCalled();
    expect(t.apply).toBeDisabled();
  });

  it('shows an error on its line with the line’s text; Apply waits until the line is left out', async () => {
    const t = setup(({ body }) =>
      ok(
        (body as { dry_run: boolean }).dry_run
          ? withError
          : { ...withError, dry_run: false, change_id: 'chg_1' },
      ),
    );
    await t.paste(FILE);
    await t.preview();
    const errors = await within(t.dialog).findByRole('region', { name: 'Errors by line' });
    // The preview takes the focus, so that it is read out.
    expect(within(t.dialog).getByRole('heading', { name: /^Preview: merge/ })).toHaveFocus();
    expect(errors).toHaveTextContent('Line 3');
    expect(errors).toHaveTextContent('bad 300 IN A 300.1.1.1');
    expect(errors).toHaveTextContent('A record content must be an IPv4 address.');
    expect(within(t.dialog).getByRole('region', { name: 'Skipped lines' })).toHaveTextContent(
      'The SOA is the service’s own',
    );
    expect(t.apply).toBeDisabled();
    expect(t.apply).toHaveAccessibleDescription(
      /Fix the line with an error and preview again, or leave it out/,
    );

    await t.user.click(within(t.dialog).getByLabelText(/Leave out the line with an error/));
    expect(t.apply).toBeEnabled();
    await t.user.click(t.apply);
    await waitFor(() => expect(t.onApplied).toHaveBeenCalled());
    expect(t.bodies()).toEqual([
      { zone_file: FILE, mode: 'merge', dry_run: true },
      { zone_file: FILE, mode: 'merge', dry_run: false, exclude_lines: [3] },
    ]);
  });

  it('"Leave out the lines with errors" stays ticked on Preview again, for the new preview’s errors', async () => {
    const twoErrors = importResult({
      errors: [
        { line: 3, message: 'A record content must be an IPv4 address.', field: 'content' },
        { line: 4, message: 'A record content must be an IPv4 address.', field: 'content' },
      ],
    });
    const t = setup(({ body }) => {
      const { dry_run, zone_file } = body as { dry_run: boolean; zone_file: string };
      const result = zone_file.includes('worse') ? twoErrors : withError;
      return ok(dry_run ? result : { ...result, dry_run: false, change_id: 'chg_1' });
    });
    await t.paste(FILE);
    await t.preview();
    await t.user.click(await within(t.dialog).findByLabelText(/Leave out the line with an error/));
    expect(t.apply).toBeEnabled();

    await t.preview();
    await waitFor(() => expect(t.bodies()).toHaveLength(2));
    expect(within(t.dialog).getByLabelText(/Leave out the line with an error/)).toBeChecked();
    expect(t.apply).toBeEnabled();

    // The file changed: its new errors are the ones left out.
    await t.paste('worse 300 IN A 300.2.2.2\n');
    await t.preview();
    const box = await within(t.dialog).findByLabelText(/Leave out the 2 lines with errors/);
    expect(box).toBeChecked();
    await waitFor(() => expect(t.apply).toBeEnabled());
    await t.user.click(t.apply);
    await waitFor(() => expect(t.onApplied).toHaveBeenCalled());
    expect(t.bodies().at(-1)).toMatchObject({ dry_run: false, exclude_lines: [3, 4] });
  });

  it('"Line 3" puts the caret on that line of the text', async () => {
    const t = setup(() => ok(withError));
    await t.paste(FILE);
    await t.preview();
    await t.user.click(
      await within(t.dialog).findByRole('button', { name: /Line 3: go to the line/ }),
    );
    const box = t.box as HTMLTextAreaElement;
    expect(box).toHaveFocus();
    expect(box.value.slice(box.selectionStart, box.selectionEnd)).toBe('bad 300 IN A 300.1.1.1');
  });

  it('a text changed after the preview must be previewed again', async () => {
    const t = setup(() => ok(importResult()));
    await t.paste('www 300 IN A 192.0.2.1');
    await t.preview();
    await waitFor(() => expect(t.apply).toBeEnabled());
    await t.paste('\nmore 300 IN A 192.0.2.2');
    expect(t.apply).toBeDisabled();
    expect(t.apply).toHaveAccessibleDescription(/changed since the preview/);
    await t.user.click(within(t.dialog).getByRole('radio', { name: 'Replace' }));
    await t.preview();
    await waitFor(() => expect(t.apply).toBeEnabled());
    expect(t.bodies().at(-1)).toMatchObject({ mode: 'replace', dry_run: true });
  });

  it('draws the diff: added with +, removed struck with −, changed before → after', async () => {
    const s = (ttl: number, ...c: string[]) => ({
      ttl,
      comment: null,
      values: c.map((content) => ({ content, disabled: false })),
    });
    const t = setup(() =>
      ok(
        importResult({
          rrset_counts: { added: 1, changed: 1, removed: 1, unchanged: 4 },
          rrsets: [
            { name: 'new.example.com.', type: 'A', before: null, after: s(300, '192.0.2.9') },
            { name: 'old.example.com.', type: 'TXT', before: s(300, '"bye"'), after: null },
            {
              name: 'example.com.',
              type: 'MX',
              before: s(3600, '10 a.example.net.'),
              after: s(300, '10 b.example.net.'),
            },
          ],
        }),
      ),
    );
    await t.paste('x');
    await t.preview();
    const diff = await within(t.dialog).findByRole('region', { name: 'RRsets that change' });
    const items = within(diff)
      .getAllByRole('listitem')
      .filter((li) => li.classList.contains('vlist-item'));
    expect(items.map((li) => li.querySelector('.idiff-head')?.textContent)).toEqual([
      '+AddednewATTL 5 min',
      '−RemovedoldTXTTTL 5 min',
      '~Changed@MXTTL 1 h → 5 min',
    ]);
    expect(items[2]).toHaveTextContent('removed: 10 a.example.net.');
    expect(items[2]).toHaveTextContent('added: 10 b.example.net.');
    expect(within(t.dialog).getByLabelText('RRsets and lines')).toHaveTextContent(
      '+added1~changed1−removed1=unchanged4',
    );
  });

  it('a replace removing more than 30 % needs the zone’s name typed', async () => {
    const t = setup(() =>
      ok(
        importResult({
          mode: 'replace',
          large_delete: { removed: 4, total: 10, confirmation_required: true },
        }),
      ),
    );
    await t.paste('x');
    await t.user.click(within(t.dialog).getByRole('radio', { name: 'Replace' }));
    await t.preview();
    const confirm = await within(t.dialog).findByLabelText('Type example.com to confirm');
    expect(within(t.dialog).getByText(/removes 4 of the zone’s 10 RRsets \(40 %\)/)).toBeVisible();
    expect(t.apply).toBeDisabled();
    await t.user.type(confirm, 'example.org');
    expect(t.apply).toBeDisabled();
    await t.user.clear(confirm);
    await t.user.type(confirm, 'Example.com.');
    await t.user.click(t.apply);
    await waitFor(() => expect(t.bodies()).toHaveLength(2));
    expect(t.bodies()[1]).toMatchObject({ mode: 'replace', confirm_large_delete: true });
  });

  it('a refused apply (400 zone_file_invalid) shows the errors by line and keeps the text', async () => {
    const t = setup(({ body }) =>
      (body as { dry_run: boolean }).dry_run
        ? ok(importResult())
        : {
            status: 400,
            body: errorBody('zone_file_invalid', 'The zone file has 1 error.', {
              errors: [{ line: 2, message: 'CNAME and other data at www.example.com.' }],
            }),
          },
    );
    await t.paste(FILE);
    await t.preview();
    await waitFor(() => expect(t.apply).toBeEnabled());
    await t.user.click(t.apply);
    expect(await within(t.dialog).findByText(/The service refused the file/)).toBeVisible();
    const errors = within(t.dialog).getByRole('region', { name: 'Errors by line' });
    expect(errors).toHaveTextContent('www 300 IN A 192.0.2.1');
    expect(errors).toHaveTextContent('CNAME and other data');
    expect(t.box).toHaveValue(FILE);
    expect(t.onApplied).not.toHaveBeenCalled();
  });

  it('a 409 large_delete_unconfirmed on apply (the zone changed since) asks for the name, then applies', async () => {
    let applies = 0;
    const t = setup(({ body }) => {
      if ((body as { dry_run: boolean }).dry_run) return ok(importResult({ mode: 'replace' }));
      applies++;
      return applies === 1
        ? {
            status: 409,
            body: errorBody(
              'large_delete_unconfirmed',
              'This replace would remove 4 of the zone’s 10 RRsets (40 %), more than 30 %.',
              { removed: 4, total: 10, share: 0.4 },
            ),
          }
        : ok(importResult({ mode: 'replace', dry_run: false, change_id: 'chg_2' }));
    });
    await t.paste(FILE);
    await t.user.click(within(t.dialog).getByRole('radio', { name: 'Replace' }));
    await t.preview();
    await waitFor(() => expect(t.apply).toBeEnabled());
    await t.user.click(t.apply);
    expect(
      await within(t.dialog).findByText(/would remove 4 of the zone’s 10 RRsets/),
    ).toBeVisible();
    expect(t.apply).toBeDisabled();
    await t.user.type(
      within(t.dialog).getByLabelText('Type example.com to confirm'),
      'example.com',
    );
    await t.user.click(t.apply);
    await waitFor(() => expect(t.onApplied).toHaveBeenCalled());
    expect(t.bodies().at(-1)).toMatchObject({ dry_run: false, confirm_large_delete: true });
    expect(t.box).toHaveValue(FILE);
  });

  it('a failed preview says why, offers Retry, and keeps the text', async () => {
    const t = setup(() => ({ status: 500, body: errorBody('internal_error', 'Boom; try again.') }));
    await t.paste(FILE);
    await t.preview();
    const alert = await within(t.dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Boom; try again.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeEnabled();
    expect(t.box).toHaveValue(FILE);
  });

  it('keeps the text and mode in a draft: after a sign-in (a remount) they are back', async () => {
    const t = setup(() => ok(importResult()));
    await t.paste(FILE);
    await t.user.click(within(t.dialog).getByRole('radio', { name: 'Replace' }));
    await waitFor(() =>
      expect(sessionStorage.getItem('zonedeck.draft.import-zone_1')).toContain('replace'),
    );
    cleanup();
    const again = setup(() => ok(importResult()));
    expect(again.box).toHaveValue(FILE);
    expect(within(again.dialog).getByRole('radio', { name: 'Replace' })).toBeChecked();
  });

  it('nothing to change: says so, and Apply stays off', async () => {
    const t = setup(() =>
      ok(
        importResult({
          rrsets: [],
          rrset_counts: { added: 0, changed: 0, removed: 0, unchanged: 3 },
        }),
      ),
    );
    await t.paste('x');
    await t.preview();
    expect(await within(t.dialog).findAllByText(/Nothing to change/)).not.toHaveLength(0);
    expect(t.apply).toBeDisabled();
  });
});
