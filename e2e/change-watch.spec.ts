// The change watch in Chromium against the real server: a record answered under a `dig` loop is
// deleted in the UI; the banner names the change and what now fails, links to the change in
// History, and its Revert brings the answer back to dig. Screenshots with
// `SHOTS_WATCH_DIR=/tmp/shots-watch npx playwright test --project=e2e change-watch`.
import { dig } from '../src/server/test-support/dns-tools';
import { expectAccessible } from './axe';
import { expect, queryDns, test } from './fixtures';
import { callApi, newZone, openRecords, recordsApi } from './records-helpers';

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
    if (shots) await page.screenshot({ path: `${shots}/banner-records.png` });
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
