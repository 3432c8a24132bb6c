// Each of the 14 record types created through its structured fields, shown in canonical form; and
// a malformed value of each type refused beside its field before anything is sent.
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { countWrites, newZone, openNewRecord, openRecords, rrset } from './records-helpers';

interface TypeCase {
  type: string;
  name: string;
  /** Labelled controls to fill (select → option value) in the dialog. */
  fill: Array<[string, string]>;
  params?: Array<[string, string]>;
  canonical: string;
}

const HEX32 = 'AB'.repeat(32);
const CASES: TypeCase[] = [
  { type: 'A', name: 'a1', fill: [['Content', '192.0.2.10']], canonical: '192.0.2.10' },
  { type: 'AAAA', name: 'v6', fill: [['Content', '2001:DB8:0:0::1']], canonical: '2001:db8::1' },
  {
    type: 'CNAME',
    name: 'alias-c',
    fill: [['Content', 'Target.Example.NET']],
    canonical: 'target.example.net.',
  },
  {
    type: 'MX',
    name: '@',
    fill: [
      ['Priority', '010'],
      ['Mail host', 'Mail.Example.com'],
    ],
    canonical: '10 mail.example.com.',
  },
  { type: 'TXT', name: 'txt1', fill: [['Content', 'v=spf1 -all']], canonical: 'v=spf1 -all' },
  {
    type: 'NS',
    name: 'sub',
    fill: [['Content', 'ns1.example.net']],
    canonical: 'ns1.example.net.',
  },
  {
    type: 'SRV',
    name: '_sip._tcp',
    fill: [
      ['Priority', '10'],
      ['Weight', '60'],
      ['Port', '5060'],
      ['Target', 'sip.example.com'],
    ],
    canonical: '10 60 5060 sip.example.com.',
  },
  {
    type: 'PTR',
    name: 'ptr1',
    fill: [['Content', 'host.example.com']],
    canonical: 'host.example.com.',
  },
  {
    type: 'CAA',
    name: '@',
    fill: [
      ['Flags', '0'],
      ['Tag', 'issuewild'],
      ['Value', 'letsencrypt.org'],
    ],
    canonical: '0 issuewild "letsencrypt.org"',
  },
  {
    type: 'TLSA',
    name: '_443._tcp',
    fill: [
      ['Usage', '3'],
      ['Selector', '1'],
      ['Matching type', '1'],
      ['Certificate data (hex)', HEX32],
    ],
    canonical: `3 1 1 ${HEX32.toLowerCase()}`,
  },
  {
    type: 'SSHFP',
    name: 'ssh',
    fill: [
      ['Algorithm', '4'],
      ['Fingerprint type', '2'],
      ['Fingerprint (hex)', '12'.repeat(32)],
    ],
    canonical: `4 2 ${'12'.repeat(32)}`,
  },
  {
    type: 'HTTPS',
    name: 'web',
    fill: [
      ['Priority', '1'],
      ['Target', '.'],
    ],
    params: [['alpn', 'h3,h2']],
    canonical: '1 . alpn=h3,h2',
  },
  {
    type: 'SVCB',
    name: '_dns',
    fill: [
      ['Priority', '1'],
      ['Target', 'dns.example.net'],
    ],
    params: [
      ['port', '853'],
      ['alpn', 'dot'],
    ],
    canonical: '1 dns.example.net. alpn=dot port=853',
  },
  {
    type: 'ALIAS',
    name: 'lb',
    fill: [['Content', 'LB.example.net.']],
    canonical: 'lb.example.net.',
  },
];

async function fillControl(dialog: Locator, label: string, value: string) {
  const control = dialog.getByLabel(label, { exact: true });
  if ((await control.evaluate((el) => el.tagName)) === 'SELECT') await control.selectOption(value);
  else await control.fill(value);
}

async function fillCase(dialog: Locator, c: Pick<TypeCase, 'type' | 'fill' | 'params'>) {
  await dialog.getByLabel('Type', { exact: true }).selectOption(c.type);
  for (const [label, value] of c.fill) await fillControl(dialog, label, value);
  for (const [i, [key, value]] of (c.params ?? []).entries()) {
    await dialog.getByRole('button', { name: 'Add parameter' }).click();
    await dialog.getByLabel(`Parameter ${i + 1} key`).selectOption(key);
    await dialog.getByLabel(`Parameter ${i + 1} value`).fill(value);
  }
}

// Two halves, so that the two workers share the 14 types.
for (const [half, cases] of [
  ['first', CASES.slice(0, 7)],
  ['second', CASES.slice(7)],
] as const) {
  test(`creates ${cases.map((c) => c.type).join(', ')} through their fields, shown canonical (${half} half)`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const zone = await newZone(`types-${half}`);
    await openRecords(page, zone.id);
    for (const c of cases) {
      const dialog = await openNewRecord(page);
      await dialog.getByLabel('Name', { exact: true }).fill(c.name);
      await fillCase(dialog, c);
      if (c.fill[0]?.[0] !== 'Content')
        await expect(dialog.getByTestId('content-preview')).toHaveText(c.canonical);
      // Enter saves (and a click could land on a stack of toasts from the earlier records).
      await dialog.getByLabel('Name', { exact: true }).press('Enter');
      await expect(dialog).toBeHidden();
      const set = rrset(page, `${c.name} ${c.type}`);
      await expect(set.locator('.rec-content')).toHaveText(c.canonical);
      await expect(set.getByText('Saving…')).toHaveCount(0);
    }
    await expect(page.getByText(`${cases.length} RRsets`)).toBeVisible();
  });
}

const MALFORMED: Array<{
  type: string;
  fill: Array<[string, string]>;
  params?: Array<[string, string]>;
  /** The control that gets the error, and the error. */
  at: string;
  error: RegExp;
}> = [
  { type: 'A', fill: [['Content', '192.0.2.300']], at: 'Content', error: /not an IPv4 address/ },
  { type: 'AAAA', fill: [['Content', '2001:db8::g']], at: 'Content', error: /not an IPv6 address/ },
  { type: 'CNAME', fill: [['Content', 'two words']], at: 'Content', error: /one host name/ },
  {
    type: 'MX',
    fill: [
      ['Priority', '70000'],
      ['Mail host', 'mail.example.com'],
    ],
    at: 'Priority',
    error: /MX priority must be an integer from 0 to 65535/,
  },
  { type: 'TXT', fill: [['Content', '"unbalanced']], at: 'Content', error: /unbalanced quote/ },
  { type: 'NS', fill: [['Content', '192.0.2.1']], at: 'Content', error: /is an IP address/ },
  {
    type: 'SRV',
    fill: [
      ['Priority', '1'],
      ['Weight', '1'],
      ['Port', '99999'],
      ['Target', 'sip.example.com'],
    ],
    at: 'Port',
    error: /SRV port must be an integer/,
  },
  { type: 'PTR', fill: [['Content', 'bad..name']], at: 'Content', error: /empty label/ },
  {
    type: 'CAA',
    fill: [['Value', 'not a domain!']],
    at: 'Value',
    error: /is not a domain name/,
  },
  {
    type: 'TLSA',
    fill: [['Certificate data (hex)', 'abcd']],
    at: 'Certificate data (hex)',
    error: /must be 32 bytes/,
  },
  {
    type: 'SSHFP',
    fill: [['Fingerprint (hex)', 'xyz']],
    at: 'Fingerprint (hex)',
    error: /must be hexadecimal digits/,
  },
  {
    type: 'HTTPS',
    fill: [
      ['Priority', '0'],
      ['Target', '.'],
    ],
    params: [['alpn', 'h2']],
    at: 'Priority',
    error: /alias mode\) takes no parameters/,
  },
  {
    type: 'SVCB',
    fill: [
      ['Priority', '1'],
      ['Target', 'svc.example.net'],
    ],
    params: [['port', 'https']],
    at: 'Parameter 1 value',
    error: /port must be an integer from 0 to 65535/,
  },
  { type: 'ALIAS', fill: [['Content', 'lb.example.net..']], at: 'Content', error: /empty label/ },
];

test('refuses a malformed value of each type beside its field, sending nothing', async ({
  page,
}) => {
  const zone = await newZone('malformed');
  await openRecords(page, zone.id);
  const writes = countWrites(page);
  const dialog = await openNewRecord(page);
  await dialog.getByLabel('Name', { exact: true }).fill('bad');
  for (const m of MALFORMED) {
    await fillCase(dialog, m);
    await dialog.getByLabel('Name', { exact: true }).press('Enter');
    const errorText = dialog.locator('.field-error').filter({ hasText: m.error });
    await expect(errorText, m.type).toBeVisible();
    if (m.at.startsWith('Parameter')) {
      await expect(dialog.getByRole('group', { name: 'Parameters' })).toContainText(m.error);
    } else {
      await expect(dialog.getByLabel(m.at, { exact: true }), m.type).toHaveAttribute(
        'aria-invalid',
        'true',
      );
    }
  }
  expect(writes()).toBe(0);
});
