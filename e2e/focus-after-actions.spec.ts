// Keyboard users keep their place: after an action on the zone pages the focus stays on (or moves
// to) a control near it, instead of falling to the document's body, from where Tab starts again at
// the top of the page. Real Chromium: jsdom keeps the focus on a disabled button, browsers do not.
import { api, expect, queryDns, server, signInWithLink, test, uniqueZoneName } from './fixtures';

test('Turn on DNSSEC: the focus stays on the switch, now Turn off DNSSEC', async ({ page }) => {
  const zone = await api().createZone(uniqueZoneName('focus-dnssec'));
  await signInWithLink(page, undefined, `/zones/${zone.id}/dnssec`);
  const on = page.getByRole('button', { name: 'Turn on DNSSEC' });
  await on.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'DNSSEC is on' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off DNSSEC' })).toBeFocused();
});

test('Enable zone: the focus stays on the switch, now Disable zone', async ({ page }) => {
  const zone = await api().createZone(uniqueZoneName('focus-status'));
  const res = await fetch(`${server.url}/v1/zones/${zone.id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ status: 'disabled' }),
  });
  expect(res.status).toBe(200);
  await signInWithLink(page, undefined, `/zones/${zone.id}`);
  const status = page.getByRole('region', { name: 'Status' });
  await status.getByRole('button', { name: 'Enable zone' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`${zone.name} is active again`)).toBeVisible();
  await expect(status.getByRole('button', { name: 'Disable zone' })).toBeFocused();
});

test('Save TTL: once saved, the focus goes back to the TTL field', async ({ page }) => {
  const zone = await api().createZone(uniqueZoneName('focus-ttl'));
  await signInWithLink(page, undefined, `/zones/${zone.id}`);
  const ttl = page.getByRole('spinbutton', { name: 'TTL' });
  await ttl.fill('7200');
  await page.getByRole('button', { name: 'Save TTL' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Default TTL set to 7200 seconds')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save TTL' })).toBeDisabled();
  await expect(ttl).toBeFocused();
});

test('a usage preset keeps the focus on the preset pressed', async ({ page }) => {
  const zone = await api().createZone(uniqueZoneName('focus-usage'));
  await queryDns(zone.name, 'SOA');
  await signInWithLink(page, undefined, `/zones/${zone.id}/usage`);
  await expect(page.getByRole('heading', { name: /^Queries this month/ })).toBeVisible();
  const week = page.getByRole('button', { name: 'Last 7 days', exact: true });
  await week.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: /^Queries from/ })).toBeVisible();
  await expect(week).toHaveAttribute('aria-pressed', 'true');
  await expect(week).toBeFocused();
  // Show, after picking days by hand, keeps it too.
  const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('From (UTC)').fill(twoDaysAgo);
  await page.getByRole('button', { name: 'Show' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`from=${twoDaysAgo}`));
  await expect(week).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Show' })).toBeFocused();
});

test('a zone file the service refuses leaves the focus in the form, on Create zone', async ({
  page,
}) => {
  await signInWithLink(page);
  await page.getByRole('button', { name: 'Create zone' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create zone' });
  await dialog.getByText('Start from a zone file').click();
  const name = uniqueZoneName('focus-file');
  await dialog
    .getByRole('textbox', { name: /zone file/i })
    .fill(`$ORIGIN ${name}.\n@ IN A 192.0.2.999\n`);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create zone' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/The zone was not created/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Create zone' })).toBeFocused();
});
