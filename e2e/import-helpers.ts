// The import specs' zone: a few RRsets, and a file that adds, changes and removes some of them,
// with one error, skipped lines (SOA, apex NS, DNSSEC, another zone) and a replace over 30 %.
import type { Page } from '@playwright/test';
import { expect } from './fixtures';
import { callApi, newZone, openRecords } from './records-helpers';

export async function zoneToImportInto(label: string) {
  const zone = await newZone(label);
  const r = await callApi('POST', `/v1/zones/${zone.id}/records/batch`, {
    operations: [
      ['www', 'A', '192.0.2.1', 3600],
      ['www', 'A', '192.0.2.2', 3600],
      ['mail', 'A', '192.0.2.25', 3600],
      ['old', 'CNAME', 'www', 3600],
      ['legacy', 'TXT', '"v=spf1 -all"', 3600],
      ['ftp', 'A', '192.0.2.21', 3600],
    ].map(([name, type, content, ttl]) => ({ op: 'create', name, type, content, ttl })),
  });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  return zone;
}

export const importFile = (zone: string) =>
  [
    `$ORIGIN ${zone}.`,
    '$TTL 3600',
    '@ IN SOA ns1.example.net. hostmaster.example.net. ( 2026112401 7200 3600 1209600 300 )',
    '@ IN NS ns1.example.net.',
    'www 300 IN A 192.0.2.1',
    'www 300 IN A 192.0.2.3',
    'mail IN A 192.0.2.25',
    '@ IN MX 10 mail',
    '@ IN TXT "v=spf1 mx -all"',
    'api IN AAAA 2001:db8::1',
    'shop IN CNAME shops.example.net.',
    'broken IN A 192.0.2.300',
    '@ IN DNSKEY 257 3 13 AwEAAc3c',
    'elsewhere.example.org. IN A 192.0.2.9',
    '',
  ].join('\n');

/** Opens the import on the records page, pastes the file and previews it. */
export async function previewImport(
  page: Page,
  zone: { id: string; name: string },
  mode = 'Merge',
  /** Runs on the records page before the import opens (a screenshot of the toolbar). */
  beforeOpen?: () => Promise<unknown>,
) {
  await openRecords(page, zone.id);
  await beforeOpen?.();
  await page.getByRole('link', { name: 'Import zone file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import zone file' });
  await dialog.getByLabel('Zone file').fill(importFile(zone.name));
  await dialog.getByRole('radio', { name: mode }).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('region', { name: 'Errors by line' })).toBeVisible();
  return dialog;
}
