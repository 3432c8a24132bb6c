// Screenshots of the import for people to look at, light and dark, desktop and a 360 px phone.
// Not a test: it declares nothing unless asked for, with
// `SHOTS_IMPORT_DIR=/tmp/shots-import npx playwright test --project=e2e import-shots`.
import { expect, signInWithLink, test, uniqueZoneName } from './fixtures';
import { importFile, previewImport, zoneToImportInto } from './import-helpers';
import { recordsKey } from './records-helpers';
import { looksFor, wear } from './looks';

const dir = process.env.SHOTS_IMPORT_DIR;

for (const look of looksFor(dir)) {
  const { scheme, device } = look;
  test(`import, ${scheme} ${device}`, async ({ page }) => {
    await wear(page, look);
    const shot = (name: string) =>
      page.screenshot({ path: `${dir}/${name}-${scheme}-${device}.png` });
    const zone = await zoneToImportInto('shots');
    await page.goto('about:blank');
    const dialog = await previewImport(page, zone, 'Replace', () => shot('records-toolbar'));
    await shot('preview-top');
    await dialog.getByRole('heading', { name: 'Changes' }).scrollIntoViewIfNeeded();
    await shot('preview-diff');
    await dialog.getByLabel(`Type ${zone.name} to confirm`).scrollIntoViewIfNeeded();
    await shot('preview-confirm');
    await dialog.getByRole('heading', { name: /Skipped/ }).scrollIntoViewIfNeeded();
    await shot('preview-skipped');
    await page.keyboard.press('Escape');

    await signInWithLink(page, await recordsKey(), '/');
    await page.getByRole('button', { name: 'Create zone' }).click();
    const create = page.getByRole('dialog', { name: 'Create zone' });
    await create.getByRole('checkbox', { name: /Start from a zone file/ }).check();
    const name = uniqueZoneName('shotfile');
    await create.getByRole('textbox', { name: 'Zone file' }).fill(importFile(name));
    await expect(create.getByLabel('Name')).toHaveValue(name);
    await create.getByRole('button', { name: 'Create zone' }).click();
    await create.getByRole('alert').waitFor();
    await shot('create-refused');

    // Created: what the file's lines left out are, over the new zone's tabs.
    await create
      .getByRole('textbox', { name: 'Zone file' })
      .fill(
        [
          `$ORIGIN ${name}.`,
          '@ 3600 IN SOA ns1.example.net. hostmaster.example.net. 1 7200 3600 1209600 300',
          '@ 3600 IN NS ns1.example.net.',
          'www 300 IN A 192.0.2.10',
          'old 300 IN HINFO "PDP-11" "RSX-11M"',
          '',
        ].join('\n'),
      );
    await create.getByRole('button', { name: 'Create zone' }).click();
    await page.getByRole('region', { name: /From your zone file/ }).waitFor();
    await shot('created-from-file');
  });
}
