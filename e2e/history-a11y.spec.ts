// axe on the History tab, light and dark: the timeline with a change opened, and the revert
// dialog explaining a conflict. No serious or critical violation.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { changeItems, openHistory, zoneWithHistory } from './history-helpers';

for (const scheme of ['light', 'dark'] as const) {
  test(`History tab and revert dialog, ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
    const { zone } = await zoneWithHistory(`axe-hist-${scheme}`);
    await openHistory(page, zone.id);
    const newest = changeItems(page).first();
    await newest.locator('.change-toggle').click();
    await expect(newest.getByRole('region', { name: `www.${zone.name}. A` })).toBeVisible();
    await expectAccessible(page, `history ${scheme}`);

    // The create of api A 192.0.2.20 (third newest) has a later value beside it: a conflict.
    await changeItems(page).nth(2).getByRole('button', { name: 'Revert…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revert this change?' });
    await expect(dialog.getByRole('alert')).toContainText('Changed since');
    await expectAccessible(page, `revert dialog ${scheme}`);
  });
}
