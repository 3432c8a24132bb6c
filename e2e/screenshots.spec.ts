// Screenshots of the main views for people to look at: `npm run shots`. Light and dark, desktop
// and a 360 px phone, into /tmp/shots (or SHOTS_DIR).
import fs from 'node:fs';
import { api, createKey, signInWithLink, test, uniqueZoneName } from './fixtures';

const dir = process.env.SHOTS_DIR ?? '/tmp/shots';
fs.mkdirSync(dir, { recursive: true });

for (const scheme of ['light', 'dark'] as const) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const) {
    test(`${scheme} ${device}`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme });
      const shot = (name: string) =>
        page.screenshot({ path: `${dir}/${name}-${scheme}-${device}.png`, fullPage: true });

      await page.goto('/sign-in');
      await page.getByLabel('API key').waitFor();
      await shot('sign-in');

      await page.goto('/#key=zd_not-valid');
      await page.getByText('Please sign in again').waitFor();
      await shot('sign-in-rejected');

      const { key } = await createKey(`shots-${scheme}-${device}`, 'all');
      await signInWithLink(page, key);
      await page.getByText('No zones yet').waitFor();
      await shot('zones-empty');

      const zones = [];
      for (const label of [
        'shop',
        'blog',
        'mail',
        'docs',
        'status',
        'api',
        'cdn',
        'www',
        'beta',
        'intern',
        'dev',
        'test',
      ]) {
        zones.push(await api(key).createZone(uniqueZoneName(label)));
      }
      await page.reload();
      await page.getByRole('link', { name: zones[0]!.name }).waitFor();
      await shot('zones-list');

      await page.getByRole('button', { name: 'Create zone' }).first().click();
      await page.getByLabel('Name').fill('not a domain');
      await page.getByLabel('TTL').fill('20');
      await page.getByLabel('TTL').blur();
      await page.getByText('at least 300').waitFor();
      await shot('create-dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: zones[0]!.name }).click();
      await page.getByRole('heading', { name: 'Nameservers' }).waitFor();
      await shot('zone-detail');

      await page.getByRole('button', { name: 'Delete zone' }).click();
      await page.getByRole('dialog').waitFor();
      await shot('delete-dialog');
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Records' }).click();
      await page
        .getByRole('button', { name: /New record|Add the first record/ })
        .first()
        .waitFor();
      await shot('records-page');

      await page.goto('/zones/zone_doesnotexist');
      await page.getByText('Zone not found').waitFor();
      await shot('zone-not-found');

      // The loading state, held open by delaying the list answer (screenshots only).
      await page.route('**/v1/zones?*', async (route) => {
        await new Promise((r) => setTimeout(r, 1500));
        await route.continue();
      });
      await page.goto('/?size=25');
      await page.getByRole('status', { name: 'Loading zones' }).waitFor();
      await shot('zones-loading');
    });
  }
}

// The question a sign-in link with another key asks, on a page with zones behind it.
for (const scheme of ['light', 'dark'] as const) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const) {
    test(`sign-in link dialog, ${scheme} ${device}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const mine = await createKey(`shots-link-${scheme}-${device}`, 'all');
      await api(mine.key).createZone(uniqueZoneName('shop'));
      const other = await createKey(`shots-link-other-${scheme}-${device}`, 'all');
      await signInWithLink(page, mine.key);
      await page.getByRole('table').waitFor();
      await page.evaluate((k) => (window.location.hash = `key=${k}`), other.key);
      await page.getByRole('dialog', { name: 'Sign in with another key?' }).waitFor();
      await page.screenshot({ path: `${dir}/sign-in-link-dialog-${scheme}-${device}.png` });
    });
  }
}
