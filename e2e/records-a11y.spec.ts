// axe on the records page and the record form: no serious or critical violation, light and dark.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { newZone, openRecords, recordsApi } from './records-helpers';

for (const scheme of ['light', 'dark'] as const) {
  test(`records page and record form (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const zone = await newZone(`axe-rec-${scheme}`);
    for (const [name, type, content] of [
      ['@', 'MX', '10 mail.example.com.'],
      ['www', 'A', '192.0.2.1'],
      ['www', 'A', '192.0.2.2'],
      ['_443._tcp', 'TLSA', `3 1 1 ${'ab'.repeat(32)}`],
    ])
      await recordsApi.create(zone.id, { name, type, content, comment: 'axe' });
    await recordsApi.create(zone.id, {
      name: 'old',
      type: 'TXT',
      content: 'kept',
      disabled: true,
    });
    await openRecords(page, zone.id);
    await expectAccessible(page, 'records page');

    await page.getByRole('button', { name: 'Edit www A 192.0.2.2' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit A record' });
    await dialog.getByLabel('TTL', { exact: true }).fill('1');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog.getByText('TTL must be at least 300')).toBeVisible();
    await expectAccessible(page, 'edit form with an error');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'New record' }).click();
    const form = page.getByRole('dialog', { name: 'New record' });
    await form.getByLabel('Type', { exact: true }).selectOption('HTTPS');
    await form.getByRole('button', { name: 'Add parameter' }).click();
    await form.getByLabel('Priority').fill('x');
    await form.getByRole('button', { name: 'Create record' }).click();
    await expect(form.locator('.field-error').first()).toBeVisible();
    await expectAccessible(page, 'new HTTPS form with errors');
  });
}
