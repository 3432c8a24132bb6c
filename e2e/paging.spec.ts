// Paging through an account of 25 zones (its own customer, so other tests' zones do not count).
import { api, createKey, expect, signInWithLink, test } from './fixtures';

test('pages through 25 zones, 10 per page; reload and Back keep the page', async ({ page }) => {
  const customer = `paging-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const { key } = await createKey(customer, 'all');
  const names = Array.from(
    { length: 25 },
    (_, i) => `p${String(i + 1).padStart(2, '0')}-${customer}.example`,
  );
  await Promise.all(names.map((n) => api(key).createZone(n)));

  await signInWithLink(page, key);
  const rows = page.getByRole('table').getByRole('row');
  const summary = page.locator('.pager-summary');
  await expect(summary).toContainText('1–10 of 25 zones');

  await page.getByLabel('Per page').selectOption('25');
  await expect(summary).toContainText('1–25 of 25 zones');
  await expect(rows).toHaveCount(26); // with the header row
  await page.getByLabel('Per page').selectOption('10');
  await expect(summary).toContainText('1–10 of 25 zones');
  await expect(rows).toHaveCount(11);

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(summary).toContainText('11–20 of 25 zones');
  await expect(rows.nth(1)).toContainText(names[10]!);

  await page.reload();
  await expect(summary).toContainText('11–20 of 25 zones');
  await expect(rows.nth(1)).toContainText(names[10]!);
  await expect(rows.nth(10)).toContainText(names[19]!);

  await page.getByRole('link', { name: 'Next' }).click();
  await expect(summary).toContainText('21–25 of 25 zones');
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.goBack();
  await expect(page).toHaveURL(/[?&]page=2\b/);
  await expect(summary).toContainText('11–20 of 25 zones');
});
