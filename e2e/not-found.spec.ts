// Addresses that lead nowhere: the page says so in a level-one heading, with a way on; a section a
// zone does not have stays inside that zone (its name and tabs), not on the app's bare 404.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { api, expect, signInWithLink, test, uniqueZoneName } from './fixtures';

/** The page's headings and landmarks, which expectAccessible (serious and critical) lets pass. */
async function expectStructure(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .withRules(['page-has-heading-one', 'region', 'landmark-one-main'])
    .analyze();
  const report = violations.map((v) => `${v.id}: ${v.help}`);
  expect(report, what).toEqual([]);
}

test('an unknown address: "Page not found" as the page heading, and a way to the zones', async ({
  page,
}) => {
  await signInWithLink(page, undefined, '/no/such/page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'All zones', exact: true })).toBeVisible();
  await expectStructure(page, 'not found');
});

test('an unknown zone: a level-one heading above "Zone not found"', async ({ page }) => {
  await signInWithLink(page, undefined, '/zones/zone_doesnotexist');
  await expect(page.getByText('This zone does not exist')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Zone not found');
  await expectStructure(page, 'zone not found');
});

test('a section the zone does not have is shown inside the zone, with a way to its overview', async ({
  page,
}) => {
  const zone = await api().createZone(uniqueZoneName('no-tab'));
  await signInWithLink(page, undefined, `/zones/${zone.id}/settings`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(zone.name);
  await expect(page.getByRole('navigation', { name: 'Zone sections' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No such section' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Overview' }).click();
  await expect(page).toHaveURL(new RegExp(`/zones/${zone.id}$`));
  await expect(page.getByRole('region', { name: 'Details' })).toBeVisible();
});

test('the sign-in page keeps its logo and theme switch in a landmark', async ({ page }) => {
  await page.goto('/sign-in');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Zonedeck');
  await expectStructure(page, 'sign in');
});
