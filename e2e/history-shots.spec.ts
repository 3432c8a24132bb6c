// Screenshots of the History tab for people to look at, light and dark, desktop and a 360 px
// phone. Not a test: it declares nothing unless asked for, with
// `SHOTS_HISTORY_DIR=/tmp/shots-history npx playwright test --project=e2e history-shots`.
import { test } from './fixtures';
import { changeItems, openHistory, zoneWithHistory } from './history-helpers';
import { looksFor, wear } from './looks';

const dir = process.env.SHOTS_HISTORY_DIR;

for (const look of looksFor(dir)) {
  const { scheme, device } = look;
  test(`history, ${scheme} ${device}`, async ({ page }) => {
    await wear(page, look);
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
    // The revert's row names the change it undid, and links to that row.
    await page.getByRole('dialog').getByRole('button', { name: 'Revert', exact: true }).click();
    await changeItems(page)
      .first()
      .getByRole('link', { name: /^reverts the change of / })
      .click();
    await shot('reverted', false);
  });
}
