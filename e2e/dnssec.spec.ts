// The DNSSEC panel against the real server: turn it on, see the key and its DS records, copy
// them as a registrar needs them (compared with the API's own values), see the CDS the zone
// publishes and ask the parent to remove the DS (checked with dig), turn it off through the
// confirmation and see the panel empty.
import { dig } from '../src/server/test-support/dns-tools';
import { api, expect, server, signInWithLink, test, uniqueZoneName } from './fixtures';

async function get<T>(path: string): Promise<T> {
  const res = await fetch(server.url + path, {
    headers: { Authorization: `Bearer ${server.key}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

test('turns DNSSEC on, copies the DS three ways, and turns it off after confirming', async ({
  page,
}) => {
  const zone = await api().createZone(uniqueZoneName('dnssec'));
  await signInWithLink(page, undefined, `/zones/${zone.id}/dnssec`);
  const clipboard = () => page.evaluate(() => navigator.clipboard.readText());

  await expect(page.getByRole('heading', { name: 'DNSSEC is off' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No keys, no DS records' })).toBeVisible();
  await page.getByRole('button', { name: 'Turn on DNSSEC' }).click();
  await expect(page.getByRole('heading', { name: 'DNSSEC is on' })).toBeVisible();
  await expect(
    page.locator('.page-header .badge').getByText('DNSSEC', { exact: true }),
  ).toBeVisible();

  const { ds_records: ds } = await get<{ ds_records: string[] }>(`/v1/zones/${zone.id}/dnssec/ds`);
  const { cryptokeys } = await get<{ cryptokeys: Array<{ keytag: number; dnskey: string }> }>(
    `/v1/zones/${zone.id}/dnssec/cryptokeys`,
  );
  expect(ds).toHaveLength(2);
  expect(cryptokeys).toHaveLength(1);
  const key = cryptokeys[0]!;

  const keys = page.getByRole('region', { name: 'Signing keys' });
  await expect(keys.getByRole('row')).toHaveCount(2); // header and the one key
  await expect(keys.getByRole('row').nth(1)).toContainText(String(key.keytag));
  await expect(keys.getByRole('row').nth(1)).toContainText('13 (ECDSAP256SHA256)');

  const sha256 = ds.find((d) => d.split(' ')[2] === '2')!;
  const [keytag, , , digest] = sha256.split(' ');
  const card = page.getByRole('region', { name: 'DS record · SHA-256' });
  await expect(page.getByRole('region', { name: /^DS record · / })).toHaveCount(2);
  await expect(page.getByRole('region', { name: 'DS record · SHA-384' })).toBeVisible();
  await expect(card.getByRole('definition')).toHaveText([
    keytag!,
    '13ECDSAP256SHA256',
    '2SHA-256',
    digest!,
  ]);

  await card.getByRole('button', { name: 'Copy DS record (SHA-256)' }).click();
  await expect(card.getByRole('button', { name: 'Copy DS record (SHA-256)' })).toHaveText('Copied');
  await expect(card.getByRole('status').filter({ hasText: 'Copied DS record' })).toBeAttached();
  expect(await clipboard()).toBe(sha256);

  await card.getByRole('button', { name: 'Copy zone-file line (SHA-256)' }).click();
  expect(await clipboard()).toBe(`${zone.name}. IN DS ${sha256}`);

  await card.getByRole('button', { name: 'Copy SHA-256 digest' }).click();
  expect(await clipboard()).toBe(digest);

  await keys.getByRole('button', { name: `Copy DNSKEY of key ${key.keytag}` }).click();
  expect(await clipboard()).toBe(key.dnskey);

  // The CDS the zone publishes is the SHA-256 DS; asking the parent to remove the DS turns it
  // into RFC 8078's delete signal, which the DNS server answers at once, and DNSSEC stays on.
  const cds = page.getByRole('region', { name: 'Automatic DS updates (CDS)' });
  await expect(cds).toContainText(sha256);
  const answer = async () =>
    (await dig(Number(process.env.E2E_DNS_PORT), zone.name, 'CDS')).records.map((r) => r.data);
  expect(await answer()).toEqual([sha256]);
  await cds.getByRole('button', { name: 'Ask the parent to remove the DS' }).click();
  await expect(cds.getByText('Removal requested')).toBeVisible();
  await expect(cds).toContainText(`dig +short DS ${zone.name}`);
  expect(await answer()).toEqual(['0 0 0 00']);
  await expect(page.getByRole('heading', { name: 'DNSSEC is on' })).toBeVisible();

  await page.getByRole('button', { name: 'Turn off DNSSEC' }).click();
  const confirm = page.getByRole('dialog', { name: `Turn off DNSSEC for ${zone.name}?` });
  await expect(confirm).toContainText('The signing keys are deleted');
  await expect(confirm).toContainText('Remove the DS record at your registrar first');
  await expect(confirm).toContainText('This zone has asked its parent to remove the DS since');
  await expect(confirm).toContainText('new key and a new DS record');
  await confirm.getByRole('button', { name: 'Delete keys and turn off' }).click();
  await expect(confirm).toBeHidden();

  await expect(page.getByRole('heading', { name: 'DNSSEC is off' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No keys, no DS records' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^DS record/ })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Signing keys' })).toHaveCount(0);
  expect(await get(`/v1/zones/${zone.id}/dnssec/status`)).toMatchObject({
    enabled: false,
    key_count: 0,
  });
});

test('a zone below a signed zone of the account gets its DS from that zone, with no registrar', async ({
  page,
}) => {
  // ADR 0030: the parent, hosted here too, publishes the child's DS itself.
  const parent = await api().createZone(uniqueZoneName('dnssec-parent'));
  const child = await api().createZone(`dev.${parent.name}`);
  await api().setDnssec(parent.id, true);
  await signInWithLink(page, undefined, `/zones/${child.id}/dnssec`);
  await page.getByRole('button', { name: 'Turn on DNSSEC' }).click();
  await expect(
    page.getByRole('heading', { name: `DS record published by ${parent.name}` }),
  ).toBeVisible();
  await expect(page.getByText(`${parent.name} is signed: once its own DS`)).toBeVisible();
  await expect(page.getByText('Add one DS record, the SHA-256 one')).toHaveCount(0);

  // What the page says is what the DNS server answers: the parent serves the child's DS.
  const { ds_records: ds } = await get<{ ds_records: string[] }>(`/v1/zones/${child.id}/dnssec/ds`);
  const sha256 = ds.find((d) => d.split(' ')[2] === '2')!;
  const answer = await dig(Number(process.env.E2E_DNS_PORT), child.name, 'DS', '+dnssec');
  expect(answer.records.filter((r) => r.type === 'DS').map((r) => r.data)).toEqual([sha256]);
  expect(answer.records.find((r) => r.type === 'RRSIG')?.data.split(' ')[7]).toBe(
    `${parent.name}.`,
  );

  await page.getByRole('link', { name: parent.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/zones/${parent.id}/dnssec$`));
  await expect(page.getByRole('heading', { name: 'DS records for your registrar' })).toBeVisible();
});
