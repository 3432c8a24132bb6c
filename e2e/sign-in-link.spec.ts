// The server's #key= sign-in link: signs in when nobody is, says nothing for the same key, asks
// before another key replaces the current one, follows a link pasted into an open tab (a hash
// change, no reload), and takes the key out of the address bar at once in every case.
import type { Page } from '@playwright/test';
import { api, createKey, expect, server, signInWithLink, test, uniqueZoneName } from './fixtures';

const zonesHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Zones' });
const confirm = (page: Page) => page.getByRole('dialog', { name: 'Sign in with another key?' });
const storedKey = (page: Page) =>
  page.evaluate(() => {
    const raw =
      sessionStorage.getItem('zonedeck.session') ?? localStorage.getItem('zonedeck.session');
    return raw ? (JSON.parse(raw) as { key: string }).key : null;
  });
/** A link pasted into the address bar of this tab: same page, new hash, no reload. */
const pasteLink = (page: Page, key: string) =>
  page.evaluate((k) => {
    (window as { __sameDocument?: boolean }).__sameDocument = true;
    window.location.hash = `key=${encodeURIComponent(k)}`;
  }, key);
const notReloaded = (page: Page) =>
  page.evaluate(() => (window as { __sameDocument?: boolean }).__sameDocument === true);

/** A second customer with a zone of its own, to tell whose zones the page shows. */
async function otherCustomer(label: string) {
  const { key } = await createKey(`link-${label}-${Date.now().toString(36)}`, 'all');
  const zone = uniqueZoneName(`link-${label}`);
  await api(key).createZone(zone);
  return { key, zone };
}

test('a link with nobody signed in signs in, and the key leaves the address bar', async ({
  page,
}) => {
  await signInWithLink(page, server.key, '/?page=1');
  await expect(zonesHeading(page)).toBeVisible();
  expect(page.url()).toBe(`${server.url}/?page=1`);
  expect(await storedKey(page)).toBe(server.key);
  await expect(confirm(page)).toHaveCount(0);
});

test('the same key again signs in silently, from a new page load and from a hash change', async ({
  page,
}) => {
  await signInWithLink(page);
  await expect(zonesHeading(page)).toBeVisible();
  await page.reload();
  await signInWithLink(page);
  await expect(zonesHeading(page)).toBeVisible();
  await pasteLink(page, server.key);
  await expect.poll(() => page.url()).toBe(`${server.url}/`);
  expect(await notReloaded(page)).toBe(true);
  await expect(zonesHeading(page)).toBeVisible();
  await expect(confirm(page)).toHaveCount(0);
  expect(await storedKey(page)).toBe(server.key);
});

test('another key pasted into an open tab: asked, and Replace shows the other zones', async ({
  page,
}) => {
  const other = await otherCustomer('replace');
  await signInWithLink(page);
  await expect(zonesHeading(page)).toBeVisible();
  await expect(page.getByRole('link', { name: other.zone })).toHaveCount(0);

  await pasteLink(page, other.key);
  const dialog = confirm(page);
  await expect(dialog).toBeVisible();
  expect(await notReloaded(page)).toBe(true);
  expect(page.url()).toBe(`${server.url}/`); // gone while the question is open
  await expect(dialog).toContainText(`…${other.key.slice(-4)}`);
  await expect(dialog).toContainText(`…${server.key.slice(-4)}`);
  expect(await storedKey(page)).toBe(server.key);

  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toHaveCount(0);
  // The other customer has this one zone: its list is the page now.
  await expect(page.getByRole('link', { name: other.zone })).toBeVisible();
  await expect(page.getByRole('table').getByRole('link')).toHaveCount(1);
  expect(await storedKey(page)).toBe(other.key);
  // Back does not bring the key into the address bar again.
  await page.goBack();
  expect(page.url()).not.toContain('key=');
});

test('another key from a link opened in a new tab: Keep current key changes nothing', async ({
  page,
  context,
}) => {
  const other = await otherCustomer('keep');
  // Remembered on this device, so that a new tab starts signed in.
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill(server.key);
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(zonesHeading(page)).toBeVisible();

  const tab = await context.newPage();
  await signInWithLink(tab, other.key);
  const dialog = confirm(tab);
  await expect(dialog).toBeVisible();
  expect(tab.url()).toBe(`${server.url}/`);
  await dialog.getByRole('button', { name: 'Keep current key' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(zonesHeading(tab)).toBeVisible();
  await expect(tab.getByRole('link', { name: other.zone })).toHaveCount(0);
  expect(await storedKey(tab)).toBe(server.key);
  expect(tab.url()).not.toContain(other.key);
});

test('the question is a dialog for the keyboard too: Escape keeps the current key', async ({
  page,
}) => {
  const other = await otherCustomer('escape');
  await signInWithLink(page);
  await expect(zonesHeading(page)).toBeVisible();
  await pasteLink(page, other.key);
  const dialog = confirm(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect(await storedKey(page)).toBe(server.key);
});
