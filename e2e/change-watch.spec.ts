// The change watch in Chromium against the real server: a record answered under a `dig` loop is
// deleted in the UI; the banner names the change and what now fails, links to the change in
// History, and its Revert brings the answer back to dig. The journal's changes are marked on the
// usage chart (days and hours) and link to History. Screenshots with
// `SHOTS_WATCH_DIR=/tmp/shots-watch npx playwright test --project=e2e change-watch`.
import { dig } from '../src/server/test-support/dns-tools';
import { expectAccessible } from './axe';
import { expect, queryDns, signInWithLink, test } from './fixtures';
import { callApi, newZone, openRecords, recordsApi, recordsKey } from './records-helpers';

const shots = process.env.SHOTS_WATCH_DIR;

/**
 * Asks `name` A with dig until stopped: at most 600 queries, 120 s. Five a second or fewer: the
 * server's response rate limit (10 errors a second per source) must not drop the NXDOMAINs.
 */
function digLoop(name: string) {
  let stop = false;
  const statuses: string[] = [];
  const done = (async () => {
    const until = Date.now() + 120_000;
    for (let i = 0; i < 600 && !stop && Date.now() < until; i++) {
      statuses.push(await queryDns(name, 'A').catch(() => 'no answer'));
      await new Promise((r) => setTimeout(r, 200));
    }
  })();
  return {
    statuses,
    stop: async () => {
      stop = true;
      await done;
    },
  };
}

test('a delete that turns answers into NXDOMAIN brings up the banner; its Revert restores them', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const zone = await newZone('watch');
  const www = `www.${zone.name}`;
  await recordsApi.create(zone.id, { name: 'www', type: 'A', content: '192.0.2.10' });
  await recordsApi.create(zone.id, { name: 'keep', type: 'A', content: '192.0.2.11' });
  expect(await queryDns(www, 'A')).toBe('NOERROR');
  const loop = digLoop(www);
  try {
    await openRecords(page, zone.id);
    await page.getByRole('button', { name: 'Delete www A 192.0.2.10' }).click();
    await page
      .getByRole('dialog', { name: 'Delete the www A record?' })
      .getByRole('button', { name: 'Delete record' })
      .click();
    await expect(page.getByText(/Deleted www A/)).toBeVisible();

    // Ten failures of a name answered before, then the next poll: a few seconds.
    const banner = page.locator('.watch-banner');
    await expect(banner.getByRole('alert')).toHaveText(/Queries fail since the change “.*www/, {
      timeout: 30_000,
    });
    await expect(banner).toContainText(
      new RegExp(`\\d+ queries for ${www.replace(/\./g, '\\.')}\\. got NXDOMAIN`),
    );
    await expect(banner).toContainText('Before the change they were answered.');
    expect(loop.statuses).toContain('NXDOMAIN');
    if (shots) {
      await page.screenshot({ path: `${shots}/banner-records.png` });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.setViewportSize({ width: 360, height: 740 });
      await page.screenshot({ path: `${shots}/banner-phone-dark.png` });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 1280, height: 800 });
    }
    await expectAccessible(page, 'records page with the change watch banner');

    // The link opens the change in History, where the banner stays.
    await banner.getByRole('link', { name: 'See it in History' }).click();
    await expect(page).toHaveURL(/\/history#chg_/);
    const target = page.locator('.change-item[data-targeted]');
    await expect(target).toContainText(/www/);
    await expect(target.locator('.change-toggle')).toHaveAttribute('aria-expanded', 'true');
    await expect(banner).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/banner-history.png`, fullPage: true });

    await banner.getByRole('button', { name: 'Revert this change…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revert this change?' });
    await expect(dialog).toContainText('192.0.2.10');
    if (shots) await page.screenshot({ path: `${shots}/banner-revert.png` });
    await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(banner).toHaveCount(0);
    const answer = await dig(Number(process.env.E2E_DNS_PORT), www, 'A');
    expect(answer.status).toBe('NOERROR');
    expect(answer.records.map((r) => r.data)).toEqual(['192.0.2.10']);
    await expect.poll(() => loop.statuses.at(-1)).toBe('NOERROR');
  } finally {
    await loop.stop();
  }
});

test('the banner is dismissed with the keyboard', async ({ page }) => {
  test.setTimeout(60_000);
  const zone = await newZone('watch-dismiss');
  const www = `www.${zone.name}`;
  const rec = await recordsApi.create(zone.id, { name: 'www', type: 'A', content: '192.0.2.20' });
  expect(await queryDns(www, 'A')).toBe('NOERROR');
  expect((await callApi('DELETE', `/v1/zones/${zone.id}/records/${rec.id}`)).status).toBe(200);
  for (let i = 0; i < 12; i++) {
    expect(await queryDns(www, 'A')).toBe('NXDOMAIN');
    await new Promise((r) => setTimeout(r, 200)); // under the rate limit of errors
  }
  await openRecords(page, zone.id);
  const close = page.getByRole('button', { name: /^Dismiss the warning about/ });
  await expect(close).toBeVisible();
  await close.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.watch-banner')).toHaveCount(0);
});

test('changes are marked on the usage chart, by day and by hour, and link to History', async ({
  page,
}) => {
  const zone = await newZone('markers');
  await recordsApi.create(zone.id, { name: 'www', type: 'A', content: '192.0.2.30' });
  expect(await queryDns(`www.${zone.name}`, 'A', 3)).toBe('NOERROR');
  await signInWithLink(page, await recordsKey(), `/zones/${zone.id}/usage`);
  const card = page.getByRole('region', { name: /Queries this month/ });
  const daily = card.getByRole('img', { name: /^Stacked bar chart of queries per day/ });
  // The zone's creation and the record: two changes today, one line on the axis.
  await expect(daily).toHaveAccessibleName(/2 changes marked/);
  await expect(daily.locator('.usage-marker-label')).toHaveText('1, 2');
  const list = card.getByRole('list', { name: 'Changes on the chart' });
  await expect(list.getByRole('link')).toHaveText([
    `Zone ${zone.name} created`,
    `Created A www.${zone.name}. 192.0.2.30`,
  ]);
  if (shots) await page.screenshot({ path: `${shots}/usage-days.png`, fullPage: true });

  await card.getByRole('button', { name: 'Last 7 days by hour' }).click();
  await expect(page).toHaveURL(/by=hour/);
  const hourly = page
    .getByRole('region', { name: /last 7 days \(UTC\), by hour/ })
    .getByRole('img', { name: /^Stacked bar chart of queries per hour/ });
  await expect(hourly).toHaveAccessibleName(/3 in all.*2 changes marked/);
  await expect(hourly.locator('.usage-marker-label')).toHaveText('1, 2');
  if (shots) await page.screenshot({ path: `${shots}/usage-hours.png`, fullPage: true });
  await expectAccessible(page, 'usage page by hour with change markers');

  await page
    .getByRole('list', { name: 'Changes on the chart' })
    .getByRole('link', { name: `Created A www.${zone.name}. 192.0.2.30` })
    .click();
  await expect(page).toHaveURL(/\/history#chg_/);
  await expect(page.locator('.change-item[data-targeted]')).toContainText(`www.${zone.name}`);
});
