// Signing in and out: the form, the server's #key= link, rejected and revoked keys.
import type { Page } from '@playwright/test';
import {
  createKey,
  expect,
  revokeKey,
  server,
  signInWithLink,
  test,
  uniqueZoneName,
} from './fixtures';

const zonesHeading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Zones' });

test('signs in with a key typed into the form, for this tab only', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('API key').fill(server.key);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(zonesHeading(page)).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const [tab, device] = await page.evaluate(() => [
    sessionStorage.getItem('zonedeck.session'),
    localStorage.getItem('zonedeck.session'),
  ]);
  expect(tab).toContain(server.key);
  expect(device).toBeNull();
});

test('"Remember on this device" keeps the key for new tabs', async ({ page, context }) => {
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill(server.key);
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(zonesHeading(page)).toBeVisible();
  const other = await context.newPage();
  await other.goto('/');
  await expect(zonesHeading(other)).toBeVisible();
});

test('signs in with the #key= link and takes the key out of the address bar', async ({ page }) => {
  await signInWithLink(page);
  await expect(zonesHeading(page)).toBeVisible();
  expect(page.url()).not.toContain(server.key);
  expect(new URL(page.url()).hash).toBe('');
});

test('a bad key typed into the form is refused with a reason', async ({ page }) => {
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill('zd_not-a-real-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('This API key was not accepted')).toBeVisible();
  await expect(page.getByLabel('API key')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('a bad key from a link returns to sign-in with a message', async ({ page }) => {
  await signInWithLink(page, 'zd_revoked-or-mistyped');
  await expect(page).toHaveURL(/\/sign-in/);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Please sign in again');
  await expect(alert).toContainText(/unknown or has been revoked/);
  expect(page.url()).not.toContain('zd_revoked-or-mistyped');
});

test('a key revoked mid-form sends the user to sign in, and the form keeps its input', async ({
  page,
}) => {
  const { id, key } = await createKey(`revoked-${Date.now().toString(36)}`, 'all');
  await signInWithLink(page, key);
  await expect(zonesHeading(page)).toBeVisible();
  const name = uniqueZoneName('kept');
  await page.getByRole('button', { name: 'Create zone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create zone' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('TTL').fill('7200');
  await revokeKey(id);
  await dialog.getByRole('button', { name: 'Create zone' }).click();

  await expect(page).toHaveURL(/\/sign-in\?next=/);
  await expect(page.getByRole('alert')).toContainText(/revoked/);
  await page.getByLabel('API key').fill(server.key);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const again = page.getByRole('dialog', { name: 'Create zone' });
  await expect(again).toBeVisible();
  await expect(again.getByLabel('Name')).toHaveValue(name);
  await expect(again.getByLabel('TTL')).toHaveValue('7200');
});

test('signs out, and the pages need a key again', async ({ page }) => {
  await signInWithLink(page);
  await expect(zonesHeading(page)).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('status').filter({ hasText: 'Signed out' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/sign-in$/);
});

test('the theme follows the system until the toggle fixes one', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/sign-in');
  const html = page.locator('html');
  await expect(html).not.toHaveAttribute('data-theme', /./);
  await expect(page.getByRole('button', { name: 'System theme' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.getByRole('button', { name: 'Light theme' }).click();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(html).toHaveAttribute('data-theme', 'light');
  await expect(page.getByRole('button', { name: 'Light theme' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
