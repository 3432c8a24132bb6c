// "Export zone file" on the records page downloads <zone>.zone with the zone's records.
import { readFile } from 'node:fs/promises';
import { expect, test } from './fixtures';
import { newZone, openRecords, recordsApi } from './records-helpers';

test('Export zone file downloads the zone file with its records', async ({ page }) => {
  const zone = await newZone('export');
  await recordsApi.create(zone.id, { name: 'web', type: 'A', content: '192.0.2.10' });
  await recordsApi.create(zone.id, { name: 'mail', type: 'MX', content: '10 mx.example.net.' });
  await openRecords(page, zone.id);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export zone file' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${zone.name}.zone`);
  const text = await readFile(await file.path(), 'utf8');
  expect(text).toContain(`$ORIGIN ${zone.name}.`);
  expect(text).toMatch(/^web\t\d+\tIN\tA\t192\.0\.2\.10$/m);
  expect(text).toMatch(/^mail\t\d+\tIN\tMX\t10 mx\.example\.net\.$/m);
});
