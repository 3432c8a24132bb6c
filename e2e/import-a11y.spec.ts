// axe on the import dialog with a preview (errors, the diff, skipped lines, the confirmation of a
// large replace) and on "Create zone" from a file with its errors: light and dark.
import { expectAccessible } from './axe';
import { expect, signInWithLink, test, uniqueZoneName } from './fixtures';
import { importFile, previewImport, zoneToImportInto } from './import-helpers';
import { recordsKey } from './records-helpers';

for (const scheme of ['light', 'dark'] as const) {
  test(`import preview, ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const zone = await zoneToImportInto(`axe-imp-${scheme}`);
    const dialog = await previewImport(page, zone, 'Replace');
    await expect(dialog.getByLabel(`Type ${zone.name} to confirm`)).toBeVisible();
    await expect(dialog.getByRole('region', { name: 'RRsets that change' })).toBeVisible();
    await expectAccessible(page, `import preview ${scheme}`);
  });
}

test('Create zone from a zone file with its errors by line', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInWithLink(page, await recordsKey(), '/');
  await page.getByRole('button', { name: 'Create zone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create zone' });
  await dialog.getByRole('checkbox', { name: /Start from a zone file/ }).check();
  const name = uniqueZoneName('axe-file');
  await dialog.getByRole('textbox', { name: 'Zone file' }).fill(importFile(name));
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await dialog.getByRole('button', { name: 'Create zone' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Line 12', { timeout: 20_000 });
  await expectAccessible(page, 'create zone from a file, refused');
});
