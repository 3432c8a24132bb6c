// Zone management against the real server: create, list, open, copy, disable, TTL, delete.
import { expectAccessible } from './axe';
import { api, expect, server, signInWithLink, test, uniqueZoneName } from './fixtures';

test.beforeEach(async ({ page }) => {
  await signInWithLink(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Zones' })).toBeVisible();
});

test('creates a zone, which opens, and is then in the list', async ({ page }) => {
  const name = uniqueZoneName('created');
  await page.getByRole('button', { name: 'Create zone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create zone' });
  await dialog.getByLabel('Name').fill(name.toUpperCase() + '.');
  await dialog.getByLabel('EU', { exact: true }).check();
  await dialog.getByLabel('TTL').fill('7200');
  await dialog.getByRole('button', { name: 'Create zone' }).click();

  await expect(page).toHaveURL(/\/zones\/zone_\w+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(`Zone ${name} created`)).toBeVisible();
  const facts = page.getByRole('region', { name: 'Details' });
  await expect(facts).toContainText('European Union anycast ASN only');
  await expect(facts).toContainText('7,200 s (2 hours)');
  await expect(page.getByText('ns1.eu.zonedeck.example')).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Zones' })
    .click();
  await page.getByLabel('Filter').fill(name.slice(0, 14));
  await expect(page.getByRole('link', { name })).toBeVisible();
});

test("the filter is the service's: its matches come paged, found whatever page they are on", async ({
  page,
}) => {
  const tag = uniqueZoneName('filter').replace(/\.example$/, '');
  for (let i = 0; i < 12; i++)
    await api().createZone(`${tag}-${String(i).padStart(2, '0')}.example`);
  await page.reload(); // the list read before these zones existed
  const asked: URLSearchParams[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/v1/zones') asked.push(url.searchParams);
  });
  await page.getByLabel('Filter').fill(tag.toUpperCase());
  await expect(
    page.getByText(new RegExp(`^12 of [\\d,]+ zones match “${tag.toUpperCase()}”$`)),
  ).toBeVisible();
  await expect(page.getByText(/1–10 of 12 matching zones/)).toBeVisible();
  await expect(page.getByRole('link', { name: `${tag}-09.example` })).toBeVisible();
  await page.getByRole('link', { name: /Next/ }).click();
  await expect(page.getByRole('link', { name: `${tag}-11.example` })).toBeVisible();
  await expect(page.getByRole('link', { name: `${tag}-09.example` })).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]page=2/);
  // Asked by name, never by reading the account's every zone.
  expect(asked.some((p) => p.get('name') === tag.toUpperCase())).toBe(true);
  expect(asked.filter((p) => p.get('limit') === '100')).toEqual([]);
});

test('the create form shows errors beside the field, before and after submitting', async ({
  page,
}) => {
  const taken = await api().createZone(uniqueZoneName('taken'));
  await page.getByRole('button', { name: 'Create zone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create zone' });
  const nameField = dialog.getByLabel('Name');

  await nameField.fill('no-dot');
  await nameField.blur();
  await expect(dialog.getByText('needs at least two labels')).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('TTL').fill('100000');
  await dialog.getByLabel('TTL').blur();
  await expect(dialog.getByText('TTL must be at most 86400 seconds')).toBeVisible();

  await nameField.fill(taken.name);
  await dialog.getByLabel('TTL').fill('3600');
  await dialog.getByRole('button', { name: 'Create zone' }).click();
  await expect(dialog.getByText(`The zone ${taken.name} is already hosted here`)).toBeVisible();
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(nameField).toBeFocused();
});

test('copies a nameserver for the registrar', async ({ page }) => {
  const zone = await api().createZone(uniqueZoneName('copy'), { region: 'GLOBAL' });
  await page.goto(`/zones/${zone.id}`);
  const ns = zone.nameservers[0]!;
  await page.getByRole('button', { name: `Copy nameserver ${ns}` }).click();
  await expect(page.getByText(`Copied ${ns}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ns);
});

test('disables a zone after confirming, and enables it again', async ({ page }) => {
  const zone = await api().createZone(uniqueZoneName('toggle'));
  const made = await fetch(`${server.url}/v1/zones/${zone.id}/records`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: 'www', type: 'A', content: '192.0.2.1' }),
  });
  expect(made.status).toBe(201);
  await page.goto(`/zones/${zone.id}`);
  const header = page.locator('.page-header');
  await expect(header.getByText('Active')).toBeVisible();

  await page.getByRole('button', { name: 'Disable zone' }).click();
  const confirm = page.getByRole('dialog', { name: `Disable ${zone.name}?` });
  await expect(confirm).toContainText('answer REFUSED');
  await confirm.getByRole('button', { name: 'Disable zone' }).click();
  await expect(confirm).toBeHidden();
  await expect(header.getByText('Disabled')).toBeVisible();
  expect(((await api().getZone(zone.id)).body.data as { status: string }).status).toBe('disabled');

  // Every tab of the disabled zone says that nothing of it is served, the records' switches too,
  // and its banner enables the zone.
  const banner = page.getByRole('region', {
    name: 'This zone is disabled: nothing of it is served',
  });
  await expect(banner).toBeVisible();
  await page.getByRole('link', { name: 'Records' }).click();
  await expect(banner).toBeVisible();
  await expect(page.getByRole('switch').first()).toHaveAccessibleName(
    /^Zone disabled, not served: /,
  );
  await expectAccessible(page, 'records of a disabled zone, with its banner');
  await banner.getByRole('button', { name: 'Enable zone' }).click();
  await expect(header.getByText('Active')).toBeVisible();
  await expect(banner).toBeHidden();
  await expect(page.getByRole('switch').first()).toHaveAccessibleName(/^Served: /);
  expect(((await api().getZone(zone.id)).body.data as { status: string }).status).toBe('active');
});

test('changes the default TTL', async ({ page }) => {
  const zone = await api().createZone(uniqueZoneName('ttl'));
  await page.goto(`/zones/${zone.id}`);
  const card = page.getByRole('region', { name: 'Default TTL' });
  await card.getByLabel('TTL').fill('600');
  await card.getByRole('button', { name: 'Save TTL' }).click();
  await expect(page.getByText('Default TTL set to 600 seconds')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('600 s (10 minutes)');
  expect(((await api().getZone(zone.id)).body.data as { ttl: number }).ttl).toBe(600);
});

test('deletes a zone once its name is typed: "deletion started", gone from the list', async ({
  page,
}) => {
  const zone = await api().createZone(uniqueZoneName('gone'));
  await page.goto(`/zones/${zone.id}`);
  await page.getByRole('button', { name: 'Delete zone' }).click();
  const dialog = page.getByRole('dialog', { name: `Delete ${zone.name}?` });
  const submit = dialog.getByRole('button', { name: 'Delete zone' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Zone name').fill('something-else.example');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Zone name').fill(zone.name);
  await submit.click();

  await expect(page.getByText('Deletion started')).toBeVisible();
  await expect(page).toHaveURL(`${server.url}/`);
  await page.getByLabel('Filter').fill(zone.name);
  await expect(page.getByRole('link', { name: zone.name })).toHaveCount(0);
  expect((await api().getZone(zone.id)).status).toBe(404);
});

test('an unknown zone id shows "Zone not found" with a way back', async ({ page }) => {
  await page.goto('/zones/zone_doesnotexist');
  await expect(page.getByRole('alert')).toContainText('Zone not found');
  await page.getByRole('link', { name: 'Back to zones' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zones' })).toBeVisible();
});
