// Screenshots of the History tab for people to look at, light and dark, desktop and a 360 px
// phone. Not a test: it declares nothing unless asked for, with
// `SHOTS_HISTORY_DIR=/tmp/shots-history npx playwright test --project=e2e history-shots`.
import { test } from './fixtures';
import { changeItems, openHistory, zoneWithHistory } from './history-helpers';

const dir = process.env.SHOTS_HISTORY_DIR;

const schemes = dir ? (['light', 'dark'] as const) : [];
for (const scheme of schemes) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const) {
    test(`history, ${scheme} ${device}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const shot = async (name: string, fullPage = true) => {
        await page.evaluate(() => window.scrollTo(0, 0)); // the sticky top bar stays on top
        await page.screenshot({ path: `${dir}/${name}-${scheme}-${device}.png`, fullPage });
      };
      const { zone } = await zoneWithHistory('shop');
      await openHistory(page, zone.id);
      await shot('list');
      const newest = changeItems(page).first();
      await newest.locator('.change-toggle').click();
      await newest.getByRole('region', { name: `www.${zone.name}. A` }).waitFor();
      const settings = changeItems(page).nth(3);
      await settings.locator('.change-toggle').click();
      await settings.getByRole('table').waitFor();
      await shot('open');
      await changeItems(page).nth(2).getByRole('button', { name: 'Revert…' }).click();
      await page.getByRole('dialog').getByRole('alert').waitFor();
      await page.screenshot({ path: `${dir}/conflict-${scheme}-${device}.png` });
      await page.getByRole('button', { name: 'Cancel' }).click();
      await newest.getByRole('button', { name: 'Revert…' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revert', exact: true }).waitFor();
      await page.screenshot({ path: `${dir}/revert-${scheme}-${device}.png` });
    });
  }
}
