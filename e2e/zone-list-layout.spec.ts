// The zone list at a desktop width: a long zone name takes the room it needs, but the Created
// date keeps to one line ("Nov 28, 2026" had wrapped after "Nov 28," beside a half-empty row).
import type { Locator } from '@playwright/test';
import { api, expect, signInWithLink, test } from './fixtures';

/** How many lines the element's text is laid out on. */
function lineCount(el: Locator): Promise<number> {
  return el.evaluate((root) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const r = document.createRange();
      r.selectNodeContents(n);
      for (const rect of r.getClientRects()) if (rect.width > 0) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}

test('a zone row with a long name keeps its Created date on one line', async ({ page }) => {
  const rand = Math.random().toString(36).slice(2, 8);
  const name = `a-rather-long-subdomain-name-for-the-layout-${rand}.internal-services.example-corporation.example`;
  await api().createZone(name);
  await signInWithLink(page, undefined, `/?q=${rand}`);
  const row = page.getByRole('row', { name: new RegExp(rand) });
  await expect(row).toBeVisible();
  expect(await lineCount(row.getByRole('cell').last())).toBe(1);
});
