// The record form's delegation pre-check (src/shared/dns/delegation.ts on the loaded records): a
// record the service would refuse because a delegation hides it is said under Name as soon as
// name and type show it, and nothing is sent; while a large zone still loads, only what the loaded
// records show is said.
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DnsRecord } from '../../../shared/api/records';
import { recordService } from '../../test/record-service';
import { testRecord } from '../../test/records';
import { renderRecordsPage } from '../../test/records-page';

beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});

const rec = (i: number, name: string, type: string, content: string): DnsRecord =>
  testRecord(i, { name: `${name}.example.com.`, type, content });
const sub = rec(1, 'sub', 'NS', 'ns1.elsewhere.net.');
const glue = rec(2, 'sub', 'A', '192.0.2.53');
const mail = rec(3, 'mail', 'MX', '10 mx.example.net.');

async function openNew() {
  const user = renderRecordsPage('/zones/zone_1/records?record=new');
  const dialog = await screen.findByRole('dialog', { name: 'New record' });
  const name = within(dialog).getByLabelText('Name');
  const type = within(dialog).getByLabelText('Type');
  const content = within(dialog).getByLabelText('Content', { exact: true });
  return { user, dialog, name, type, content };
}

const BELOW =
  'www.sub.example.com lies below sub.example.com, which is delegated (it has NS records): only glue addresses (A, AAAA) are served below a delegation, so this TXT record would never be answered. Create it in the zone sub.example.com is delegated to, or delete the NS records of sub.example.com to end the delegation.';

describe('the record form, at or below a delegation', () => {
  it('says as name and type are chosen that the record would never be answered; sends nothing', async () => {
    const s = recordService([sub, glue, mail]);
    const { user, dialog, name, type, content } = await openNew();
    await user.type(name, 'www.sub');
    expect(name).not.toHaveAttribute('aria-invalid'); // an A is glue: it may live there
    await user.selectOptions(type, 'TXT');
    // Said at once (no blur, no submit), tied to the field.
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(expect.stringContaining(BELOW));
    expect(within(dialog).getByText(BELOW)).toBeInTheDocument();
    expect(type).toHaveAccessibleDescription(expect.stringContaining(BELOW));
    expect(type).not.toHaveAttribute('aria-invalid');

    await user.type(content, 'hello');
    await user.click(within(dialog).getByRole('button', { name: 'Create record' }));
    expect(name).toHaveFocus();
    expect(s.writes).toEqual([]);

    // The same name as glue is fine, and saved.
    await user.selectOptions(type, 'A');
    expect(within(dialog).queryByText(BELOW)).toBeNull();
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.clear(content);
    await user.type(content, '192.0.2.54');
    await user.click(within(dialog).getByRole('button', { name: 'Create record' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(s.writes).toMatchObject([
      { method: 'POST', body: { name: 'www.sub.example.com.', type: 'A' } },
    ]);
  });

  it('says NS records would hide what is at their name, and that NS at a wildcard is refused', async () => {
    recordService([sub, glue, mail]);
    const { user, name, type } = await openNew();
    await user.selectOptions(type, 'NS');
    await user.type(name, 'mail');
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining(
        'NS records at mail.example.com would delegate it and hide the MX record at mail.example.com: at and below a delegation only NS records and glue addresses (A, AAAA) are served. Delete or move that record first.',
      ),
    );
    await user.clear(name);
    await user.type(name, '*');
    expect(name).toHaveAccessibleDescription(
      expect.stringContaining('NS records at the wildcard name *.example.com would delegate'),
    );
    await user.clear(name);
    await user.type(name, 'other');
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('says it when editing a record that a delegation hides (made before the rule)', async () => {
    recordService([sub, rec(4, 'www.sub', 'TXT', '"old"')]);
    const user = renderRecordsPage();
    await user.click(await screen.findByRole('button', { name: 'Edit www.sub TXT "old"' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit TXT record' });
    expect(within(dialog).getByLabelText('Name')).toHaveAccessibleDescription(
      expect.stringContaining('www.sub.example.com lies below sub.example.com'),
    );
  });

  it('while the zone still loads, says only what the loaded records show', async () => {
    // Pages of 3: the delegation is only in the second page, held back.
    const all = [rec(1, 'a', 'A', '192.0.2.1'), rec(2, 'b', 'A', '192.0.2.1')];
    const s = recordService([...all, rec(3, 'c', 'A', '192.0.2.1'), sub, glue], { pageSize: 3 });
    const page = s.hold('GET', /offset=2/);
    const { user, dialog, name, type } = await openNew();
    await page.sent;
    await user.type(name, 'www.sub');
    await user.selectOptions(type, 'TXT');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText(/delegat/)).toBeNull();

    page.release(); // the rest of the zone arrives while the form is open
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(within(dialog).getByText(BELOW)).toBeInTheDocument();
  });
});
