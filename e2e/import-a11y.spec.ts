// axe on the import dialog with a preview (errors, the diff, skipped lines, the confirmation of a
// large replace) and on "Create zone" from a file with its errors: light and dark.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { previewImport, zoneToImportInto } from './import-helpers';

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
