// Traffic per RRset on the records page against the real server: queries sent with the real
// `dig` appear in the table's "Queries (30 d)" and "Last queried" columns; deleting a record
// queried 120 times shows its traffic in the dialog and waits for the extra confirmation; the
// "Not queried in 30 days" filter selects the unqueried RRsets, whose bulk delete is one change
// in History. axe on the page and the dialog. Screenshots with
// `SHOTS_TRAFFIC_DIR=/tmp/shots-traffic npx playwright test --project=e2e records-traffic`.
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, queryDns, test } from './fixtures';
import { changeItems, openHistory } from './history-helpers';
import { callApi, newZone, openRecords, rrset } from './records-helpers';

const shotsDir = process.env.SHOTS_TRAFFIC_DIR;

async function shot(page: Page, name: string) {
  if (shotsDir) await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: false });
}

async function seed(zoneId: string, records: [string, string, string][]) {
  const operations = records.map(([name, type, content]) => ({
    op: 'create',
    name,
    type,
    content,
  }));
  const r = await callApi('POST', `/v1/zones/${zoneId}/records/batch`, { operations });
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
}

/**
 * Sends `times` queries, one at a time, at most 10 a second: the server's response rate limit
 * (20 a second from one address) would drop some and dig would fail on them.
 */
async function ask(name: string, type: string, times: number) {
  for (let i = 0; i < times; i++) {
    const started = Date.now();
    expect(await queryDns(name, type)).toBe('NOERROR');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - started))));
  }
}

const cell = (page: Page, label: string, which: 'queries' | 'last') =>
  rrset(page, label).locator(`.cell-${which}`);

test('queries sent with dig show per RRset; a busy record needs one more confirmation to delete', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const zone = await newZone('traffic');
  await seed(zone.id, [
    ['www', 'A', '192.0.2.1'],
    ['api', 'A', '192.0.2.2'],
    ['old', 'TXT', 'nobody asks'],
  ]);
  await ask(`www.${zone.name}`, 'A', 120);
  await ask(`api.${zone.name}`, 'A', 3);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRecords(page, zone.id);

  await expect(cell(page, 'www A', 'queries')).toHaveText('120');
  await expect(cell(page, 'www A', 'last')).toHaveText(/^\d+(\.\d)? (s|min) ago$/);
  await expect(cell(page, 'api A', 'queries')).toHaveText('3');
  await expect(cell(page, 'old TXT', 'queries')).toHaveText('0');
  await expect(cell(page, 'old TXT', 'last')).toHaveText('Never');
  await expect(
    page.getByText(/cannot see answers that resolvers serve from their caches/),
  ).toBeVisible();
  await expectAccessible(page, 'records page with traffic');
  await shot(page, 'table');
  if (shotsDir) {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.screenshot({ path: `${shotsDir}/table-phone.png`, fullPage: true });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'table-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  }

  // Sorted by most queried: www, api, old.
  await page.getByLabel('Sort').selectOption('queries');
  await expect
    .poll(() =>
      page.locator('tbody.rrset').evaluateAll((b) => b.map((x) => x.getAttribute('data-rrset'))),
    )
    .toEqual(['www A', 'api A', 'old TXT']);
  await page.getByLabel('Sort').selectOption('name');

  // The edit dialog says what the record serves.
  await page.getByRole('button', { name: 'Edit api A 192.0.2.2' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit A record' });
  await expect(edit.getByText(/Queried 3 times in the last 7 days, last/)).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Delete www A 192.0.2.1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the www A record?' });
  await expect(
    dialog.getByText(/Queried 120 times in the last 7 days, last .* ago\./),
  ).toBeVisible();
  const remove = dialog.getByRole('button', { name: 'Delete record' });
  await expect(remove).toBeDisabled();
  const confirm = dialog.getByRole('checkbox', { name: /Delete www A although it is in use/ });
  await expectAccessible(page, 'delete dialog of a busy record');
  await shot(page, 'delete-busy');
  await confirm.check();
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(rrset(page, 'www A')).toHaveCount(0);
  const left = await callApi('GET', `/v1/zones/${zone.id}/records?limit=1000`);
  expect(
    (left.body.data as { records: { name: string }[] }).records.map((r) => r.name),
  ).not.toContain(`www.${zone.name}.`);

  // A record below the threshold is deleted without the checkbox.
  await page.getByRole('button', { name: 'Delete api A 192.0.2.2' }).click();
  const quiet = page.getByRole('dialog', { name: 'Delete the api A record?' });
  await expect(quiet.getByText(/Queried 3 times in the last 7 days/)).toBeVisible();
  await expect(quiet.getByRole('checkbox')).toHaveCount(0);
  await quiet.getByRole('button', { name: 'Cancel' }).click();
});

test('"Not queried in 30 days" selects the unqueried RRsets; their bulk delete is one change', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const zone = await newZone('unused');
  await seed(zone.id, [
    ['live1', 'A', '192.0.2.1'],
    ['live2', 'A', '192.0.2.2'],
    ['stale1', 'A', '192.0.2.3'],
    ['stale2', 'TXT', 'left over'],
    ['stale3', 'CNAME', 'live1'],
  ]);
  await ask(`live1.${zone.name}`, 'A', 2);
  await ask(`live2.${zone.name}`, 'A', 1);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRecords(page, zone.id);
  await expect(cell(page, 'live1 A', 'queries')).toHaveText('2');

  await page.getByLabel('Traffic').selectOption('30');
  await expect(page.locator('tbody.rrset')).toHaveCount(3);
  await expect(rrset(page, 'live1 A')).toHaveCount(0);
  await page.getByRole('button', { name: 'Select all 3 matching values' }).click();
  await shot(page, 'unused-selected');
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 3 records' });
  await dialog.getByRole('button', { name: 'Delete 3 records' }).click();
  await expect(page.getByText('Every RRset was queried in the last 30 days.')).toBeVisible();

  const r = await callApi('GET', `/v1/zones/${zone.id}/records?limit=1000`);
  const names = (r.body.data as { records: { name: string }[] }).records.map((x) => x.name);
  expect(names.sort()).toEqual([`live1.${zone.name}.`, `live2.${zone.name}.`]);

  await openHistory(page, zone.id);
  // The zone's creation, the seeding batch, and the one bulk delete.
  await expect(changeItems(page)).toHaveCount(3);
  await expect(changeItems(page).first()).toContainText('Batch of 3 operations: 3 deleted');
});

test('on a phone, Type, Sort and Traffic fold behind one button that counts those set', async ({
  page,
}) => {
  const zone = await newZone('phone-filters');
  await seed(zone.id, [
    ['www', 'A', '192.0.2.1'],
    ['mail', 'A', '192.0.2.2'],
    ['note', 'TXT', 'hello'],
  ]);
  await page.setViewportSize({ width: 360, height: 740 });
  await openRecords(page, zone.id);
  const toggle = page.getByRole('button', { name: /^Filters and sort/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Sort')).toBeHidden();
  // The first record's name and value are in view without scrolling (before the fold, the
  // first record began below 740 px).
  const first = rrset(page, 'mail A');
  await expect(first.locator('.cell-name')).toBeInViewport({ ratio: 1 });
  await expect(first.locator('.cell-content')).toBeInViewport({ ratio: 1 });
  await expectAccessible(page, 'records page on a phone, filters folded');
  await shot(page, 'phone-filters-folded');

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, 'records page on a phone, filters open');
  await page.getByRole('combobox', { name: /^Type/ }).selectOption('TXT');
  await expect(page.locator('tbody.rrset')).toHaveCount(1);
  await shot(page, 'phone-filters-open');
  // The button keeps its name (the state is aria-expanded's) and says that a filter is set.
  await expect(toggle).toHaveAccessibleName('Filters and sort (1 set)');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: /^Type/ })).toBeHidden();

  // On a wide screen the choices are in the toolbar's row and there is no button.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(page.getByLabel('Sort')).toBeVisible();
  await expect(page.getByRole('button', { name: /Filters and sort/ })).toBeHidden();
  await shot(page, 'desktop-filters');
});
