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
  });
}
