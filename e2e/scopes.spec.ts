// A read-only key: browsing works; writing explains the missing scope and stays retryable.
import { api, createKey, expect, signInWithLink, test, uniqueZoneName } from './fixtures';

test('a read-only key browses zones and is told which scope creating needs', async ({ page }) => {
  const customer = `readonly-${Date.now().toString(36)}`;
  const writer = await createKey(customer, 'all');
  const reader = await createKey(customer, 'zones:read');
  const zone = await api(writer.key).createZone(uniqueZoneName('ro'));

  await signInWithLink(page, reader.key);
  await page.getByRole('link', { name: zone.name }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zone.name);
  await page.getByRole('link', { name: 'Zones', exact: true }).first().click();

  const name = uniqueZoneName('denied');
  await page.getByRole('button', { name: 'Create zone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create zone' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create zone' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Missing permission');
  await expect(alert).toContainText(
    'This needs the zones:write scope, which your API key does not have',
  );
  await expect(dialog.getByLabel('Name')).toHaveValue(name);
  await expect(dialog.getByRole('button', { name: 'Create zone' })).toBeEnabled();
});
