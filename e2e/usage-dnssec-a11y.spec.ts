// axe on the usage page (with a chart from real queries) and on the DNSSEC panel (on, and its
// turn-off confirmation): no serious or critical violation, in the light and the dark theme.
import { expectAccessible } from './axe';
import { api, expect, queryDns, signInWithLink, test, uniqueZoneName } from './fixtures';

for (const scheme of ['light', 'dark'] as const) {
  test.describe(`${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    });

    test('usage page, empty and with a chart', async ({ page }) => {
      const zone = await api().createZone(uniqueZoneName(`axe-usage-${scheme}`));
      await signInWithLink(page, undefined, `/zones/${zone.id}/usage`);
      await expect(page.getByRole('heading', { name: 'No queries this month' })).toBeVisible();
      await expectAccessible(page, 'usage, empty');

      for (const type of ['SOA', 'NS', 'NS', 'A']) await queryDns(zone.name, type);
      await page.getByRole('button', { name: 'Refresh usage' }).click();
      await expect(page.locator('.usage-bar-label')).toHaveCount(3);
      await expectAccessible(page, 'usage with chart');
    });

    test('DNSSEC panel, on, and the turn-off confirmation', async ({ page }) => {
      const zone = await api().createZone(uniqueZoneName(`axe-dnssec-${scheme}`));
      await api().setDnssec(zone.id, true);
      await signInWithLink(page, undefined, `/zones/${zone.id}/dnssec`);
      await expect(page.getByRole('region', { name: 'DS record · SHA-256' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Signing keys' })).toBeVisible();
      await expectAccessible(page, 'DNSSEC on');
      await page.getByRole('button', { name: 'Turn off DNSSEC' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, 'turn-off confirmation');
    });
  });
}
