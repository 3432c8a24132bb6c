// axe: no serious or critical violation on the main views, in the light and the dark theme.
import { expectAccessible } from './axe';
import { api, expect, signInWithLink, test, uniqueZoneName } from './fixtures';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    });

    test('sign-in page', async ({ page }) => {
      await page.goto('/sign-in');
      await expect(page.getByLabel('API key')).toBeVisible();
      await expectAccessible(page, 'sign-in');
    });

    test('zone list and create dialog', async ({ page }) => {
      await api().createZone(uniqueZoneName(`axe-${scheme}`));
      await signInWithLink(page);
      await expect(page.getByRole('table')).toBeVisible();
      await expectAccessible(page, 'zone list');
      await page.getByRole('button', { name: 'Create zone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create zone' });
      await dialog.getByLabel('Name').fill('bad name');
      await dialog.getByLabel('TTL').fill('1');
      await dialog.getByRole('button', { name: 'Create zone' }).click();
      await expect(dialog.getByText('TTL must be at least 300')).toBeVisible();
      await expectAccessible(page, 'create dialog');
    });

    test('zone detail', async ({ page }) => {
      const zone = await api().createZone(uniqueZoneName(`axe-${scheme}`));
      await signInWithLink(page, undefined, `/zones/${zone.id}`);
      await expect(page.getByRole('heading', { name: 'Nameservers' })).toBeVisible();
      await expectAccessible(page, 'zone detail');
    });
  });
}
