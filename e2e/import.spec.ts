// Zone-file import against the real server in Chromium: an error seen on its line, fixed, the
// preview, Apply, the records in the table, Undo; a file dropped on the page or picked; the
// guard rail of a large replace; and a zone created from a zone file.
import { expect, signInWithLink, test, uniqueZoneName } from './fixtures';
import { callApi, newZone, openRecords, recordsApi, recordsKey, rrset } from './records-helpers';

/** What follows a preview, an apply or a create: generous, as other specs load the same server. */
const SERVER = { timeout: 20_000 };

const withError = (zone: string) =>
  [
    `$ORIGIN ${zone}.`,
    '$TTL 3600',
    `@ IN SOA ns1.example.net. hostmaster.example.net. 1 7200 3600 1209600 300`,
    'www 300 IN A 192.0.2.10',
    'api 300 IN A 300.1.1.1',
    '@ IN MX 10 mail.example.net.',
    '',
  ].join('\n');

test('paste a file with an error, fix it on its line, preview, apply, see the records, undo', async ({
  page,
}) => {
  const zone = await newZone('import');
  await openRecords(page, zone.id);
  await page.getByRole('link', { name: 'Import zone file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import zone file' });
  await expect(page).toHaveURL(/\/records\/import/);
  await dialog.getByLabel('Zone file').fill(withError(zone.name));
  await dialog.getByRole('button', { name: 'Preview' }).click();

  const errors = dialog.getByRole('region', { name: 'Errors by line' });
  await expect(errors).toContainText('Line 5', SERVER);
  await expect(errors).toContainText('api 300 IN A 300.1.1.1');
  await expect(errors).toContainText(/IPv4/);
  const apply = dialog.getByRole('button', { name: 'Apply import' });
  await expect(apply).toBeDisabled();
  await expect(dialog.getByRole('region', { name: 'Skipped lines' })).toContainText('Line 3');

  // "Line 5" selects the line in the text: typing replaces it.
  await errors.getByRole('button', { name: /Line 5/ }).click();
  await page.keyboard.type('api 300 IN A 192.0.2.20');
  await expect(dialog.getByText('The text or the mode changed since this preview.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Preview again' }).click();
  await expect(errors).toHaveCount(0, SERVER);
  const counts = dialog.getByLabel('RRsets and lines');
  await expect(counts).toContainText('added3');
  const diff = dialog.getByRole('region', { name: 'RRsets that change' });
  await expect(diff).toContainText('api');
  await expect(diff).toContainText('192.0.2.20');

  await apply.click();
  const toast = page
    .getByRole('listitem')
    .filter({ hasText: 'Imported: 3 added, 0 changed, 0 removed' });
  await expect(toast).toBeVisible(SERVER);
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/zones/${zone.id}/records$`));
  await expect(rrset(page, 'www A')).toContainText('192.0.2.10');
  await expect(rrset(page, 'api A')).toContainText('192.0.2.20');
  await expect(rrset(page, '@ MX')).toContainText('mail.example.net.');
  expect((await recordsApi.list(zone.id)).map((r) => r.content).sort()).toEqual([
    '10 mail.example.net.',
    '192.0.2.10',
    '192.0.2.20',
  ]);

  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone: Imported: 3 added')).toBeVisible(SERVER);
  await expect(page.getByText('No records yet')).toBeVisible();
  expect(await recordsApi.list(zone.id)).toEqual([]);
});

test('a file dropped on the records page opens the import with its text; a picked file replaces it', async ({
  page,
}) => {
  const zone = await newZone('import-drop');
  await recordsApi.create(zone.id, { name: 'keep', type: 'A', content: '192.0.2.1' });
  await openRecords(page, zone.id);
  const dropped = `www 300 IN A 192.0.2.7\n`;
  const transfer = await page.evaluateHandle((text) => {
    const dt = new DataTransfer();
    dt.items.add(new File([text], 'shop.zone', { type: 'text/plain' }));
    return dt;
  }, dropped);
  await page.dispatchEvent('section.records', 'dragenter', { dataTransfer: transfer });
  await expect(page.getByText('Drop the zone file to import it')).toBeVisible();
  await page.dispatchEvent('section.records', 'drop', { dataTransfer: transfer });
  const dialog = page.getByRole('dialog', { name: 'Import zone file' });
  await expect(dialog.getByLabel('Zone file')).toHaveValue(dropped);
  await expect(dialog.getByText('From shop.zone.')).toBeVisible();

  await dialog.locator('input[type=file]').setInputFiles({
    name: 'other.zone',
    mimeType: 'text/plain',
    buffer: Buffer.from('mail 300 IN A 192.0.2.8\n'),
  });
  await expect(dialog.getByLabel('Zone file')).toHaveValue('mail 300 IN A 192.0.2.8\n');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'backup.tgz',
    mimeType: 'application/gzip',
    buffer: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00]),
  });
  await expect(dialog.getByLabel('Zone file')).toHaveAccessibleDescription(
    /backup\.tgz is not a text file/,
  );
  await expect(dialog.getByLabel('Zone file')).toHaveValue('mail 300 IN A 192.0.2.8\n');

  // Merge keeps what the file does not name.
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByLabel('RRsets and lines')).toContainText('added1', SERVER);
  await dialog.getByRole('button', { name: 'Apply import' }).click();
  await expect(page.getByText('Imported: 1 added, 0 changed, 0 removed')).toBeVisible(SERVER);
  await expect(rrset(page, 'keep A')).toBeVisible();
  await expect(rrset(page, 'mail A')).toBeVisible();
});

test('a replace removing most of the zone needs its name typed', async ({ page }) => {
  const zone = await newZone('import-replace');
  const r = await callApi('POST', `/v1/zones/${zone.id}/records/batch`, {
    operations: ['a', 'b', 'c', 'd'].map((name) => ({
      op: 'create',
      name,
      type: 'A',
      content: '192.0.2.1',
      ttl: 300,
    })),
  });
  expect(r.status).toBe(200);
  await openRecords(page, zone.id);
  await page.getByRole('link', { name: 'Import zone file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import zone file' });
  await dialog.getByLabel('Zone file').fill('a 300 IN A 192.0.2.1\n');
  await dialog.getByRole('radio', { name: 'Replace' }).check();
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByText(/removes 3 of the zone’s 4 RRsets \(75 %\)/)).toBeVisible(SERVER);
  const apply = dialog.getByRole('button', { name: 'Apply import' });
  await expect(apply).toBeDisabled();
  await dialog.getByLabel(`Type ${zone.name} to confirm`).fill(zone.name);
  await apply.click();
  await expect(page.getByText('Imported: 0 added, 0 changed, 3 removed')).toBeVisible(SERVER);
  expect((await recordsApi.list(zone.id)).map((rec) => rec.name)).toEqual([`a.${zone.name}.`]);
});

test('create a zone from a zone file: an error shown on its line, fixed, the zone created with its records', async ({
  page,
}) => {
  const name = uniqueZoneName('fromfile');
  await signInWithLink(page, await recordsKey(), '/');
  await page.getByRole('button', { name: 'Create zone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create zone' });
  await dialog.getByRole('checkbox', { name: /Start from a zone file/ }).check();
  const box = dialog.getByRole('textbox', { name: 'Zone file' });
  await box.fill(withError(name));
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Create zone' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('The zone was not created', SERVER);
  await expect(alert).toContainText('Line 5');
  await expect(alert).toContainText('api 300 IN A 300.1.1.1');
  await expect(box).toHaveValue(withError(name));

  await box.fill(withError(name).replace('300.1.1.1', '192.0.2.20'));
  await dialog.getByRole('button', { name: 'Create zone' }).click();
  await expect(page.getByText(`Zone ${name} created from its file`)).toBeVisible(SERVER);
  // The toast can come a moment before the new zone's page opens.
  await page.waitForURL(/\/zones\/zone_[^/]+/, SERVER);
  const zoneId = /\/zones\/([^/]+)/.exec(page.url())?.[1];
  expect(zoneId).toBeTruthy();
  // The file's SOA line is not taken (the service makes the SOA): the new zone's page says so.
  const banner = page.getByRole('region', { name: /From your zone file/ });
  await expect(banner).toContainText('3 records read, 1 line left out', SERVER);
  await expect(banner.getByRole('region', { name: 'Skipped lines' })).toContainText('Line 3');
  await openRecords(page, zoneId!);
  await expect(rrset(page, 'api A')).toContainText('192.0.2.20');
  await expect(rrset(page, '@ MX')).toBeVisible();
});
