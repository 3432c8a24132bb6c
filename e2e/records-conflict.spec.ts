// Two editors of one record against the real server (ADR 0028): a change saved through the API
// while the dashboard's edit dialog is open is not overwritten by the dialog's save; the dialog
// shows it, keeps what the user typed, and lets the user save theirs anyway or take the other.
// Screenshots of the conflict with
// `SHOTS_CONFLICT_DIR=/tmp npx playwright test --project=e2e records-conflict`.
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import {
  callApi,
  newZone,
  openRecords,
  recordsApi,
  rrset,
  type ApiRecord,
} from './records-helpers';

const shots = process.env.SHOTS_CONFLICT_DIR;

/** A zone with `web A 192.0.2.1` and its edit dialog open, then someone else's TTL and comment. */
async function conflictOpen(page: Page) {
  const zone = await newZone('conflict');
  const rec = await recordsApi.create(zone.id, {
    name: 'web',
    type: 'A',
    content: '192.0.2.1',
    ttl: 3600,
    comment: 'ours',
  });
  await openRecords(page, zone.id);
  await page.getByRole('button', { name: 'Edit web A 192.0.2.1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit A record' });
  await expect(dialog.getByLabel('Content', { exact: true })).toHaveValue('192.0.2.1');

  // Someone else (another tab, a script) saves the same record meanwhile.
  const other = await callApi('PUT', `/v1/zones/${zone.id}/records/${rec.id}`, {
    name: 'web',
    type: 'A',
    content: '192.0.2.1',
    ttl: 300,
    comment: 'changed by the deploy script',
  });
  expect(other.status, JSON.stringify(other.body)).toBe(200);

  const content = dialog.getByLabel('Content', { exact: true });
  await content.fill('192.0.2.2');
  const put = page.waitForResponse((r) => r.request().method() === 'PUT');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  expect((await put).status()).toBe(412);
  return { zone, dialog, content };
}

const stored = async (zoneId: string): Promise<ApiRecord[]> =>
  (await recordsApi.list(zoneId)).filter((r) => r.name.startsWith('web.'));

test('a save over a change made meanwhile shows it, keeps the input, and "Save mine anyway" saves', async ({
  page,
}) => {
  const { zone, dialog, content } = await conflictOpen(page);
  const notice = dialog.getByRole('alert');
  await expect(notice).toContainText('Someone else changed this record');
  await expect(notice).toContainText('changed by the deploy script');
  await expect(notice).toContainText('5 min');
  await expect(notice).toBeFocused();
  await expect(content).toHaveValue('192.0.2.2');
  // Nothing of the dialog's was written; the table behind shows the other change.
  expect(await stored(zone.id)).toMatchObject([
    { content: '192.0.2.1', ttl: 300, comment: 'changed by the deploy script' },
  ]);
  await expect(rrset(page, 'web A').locator('.cell-comment')).toHaveText(
    'changed by the deploy script',
  );
  await expect(rrset(page, 'web A').locator('.cell-ttl')).toHaveText('5 min');
  await expectAccessible(page, 'the edit dialog with a conflict');

  if (shots) {
    await page.screenshot({ path: `${shots}/conflict-edit-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await notice.focus();
    await page.screenshot({ path: `${shots}/conflict-edit-phone.png` });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: `${shots}/conflict-edit-phone-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  await dialog.getByRole('button', { name: 'Save mine anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(rrset(page, 'web A').locator('.rec-content')).toHaveText('192.0.2.2');
  await expect(rrset(page, 'web A').locator('.cell-comment')).toHaveText('ours');
  expect(await stored(zone.id)).toMatchObject([
    { content: '192.0.2.2', ttl: 3600, comment: 'ours' },
  ]);
});

test('"Use theirs" puts the values saved meanwhile in the form and saves nothing', async ({
  page,
}) => {
  const { zone, dialog, content } = await conflictOpen(page);
  await dialog.getByRole('button', { name: 'Use theirs' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(content).toHaveValue('192.0.2.1');
  await expect(content).toBeFocused();
  await expect(dialog.getByLabel('TTL', { exact: true })).toHaveValue('300');
  await expect(dialog.getByLabel('Comment')).toHaveValue('changed by the deploy script');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(rrset(page, 'web A').locator('.cell-comment')).toHaveText(
    'changed by the deploy script',
  );
  expect(await stored(zone.id)).toMatchObject([
    { content: '192.0.2.1', ttl: 300, comment: 'changed by the deploy script' },
  ]);
});

test('a delete of a record changed meanwhile deletes nothing until "Delete anyway"', async ({
  page,
}) => {
  const zone = await newZone('conflict-del');
  const rec = await recordsApi.create(zone.id, { name: 'web', type: 'A', content: '192.0.2.1' });
  await openRecords(page, zone.id);
  await page.getByRole('button', { name: 'Delete web A 192.0.2.1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete the web A record?' });
  await expect(dialog).toBeVisible();
  const other = await callApi('PUT', `/v1/zones/${zone.id}/records/${rec.id}`, {
    name: 'web',
    type: 'A',
    content: '192.0.2.1',
    ttl: 3600,
    comment: 'still needed',
  });
  expect(other.status).toBe(200);
  await dialog.getByRole('button', { name: 'Delete record' }).click();
  const notice = dialog.getByRole('alert');
  await expect(notice).toContainText('Nothing was deleted');
  await expect(notice).toContainText('still needed');
  expect(await stored(zone.id)).toHaveLength(1);
  await expectAccessible(page, 'the delete dialog with a conflict');
  if (shots) {
    await page.screenshot({ path: `${shots}/conflict-delete-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${shots}/conflict-delete-phone.png` });
    await page.setViewportSize({ width: 1280, height: 800 });
  }
  await dialog.getByRole('button', { name: 'Delete anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(rrset(page, 'web A')).toHaveCount(0);
  expect(await stored(zone.id)).toEqual([]);
});

/** Holds the page's next PUT to the zone's records on its way to the server until released. */
async function holdNextPut(page: Page, zoneId: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let sent!: () => void;
  const arrived = new Promise<void>((r) => (sent = r));
  let held = false;
  await page.route(`**/v1/zones/${zoneId}/records/**`, async (route) => {
    if (route.request().method() === 'PUT' && !held) {
      held = true;
      sent();
      await released;
    }
    await route.continue();
  });
  return { arrived, release };
}

test('Edit and Delete opened while a switch is being saved wait for it: no false conflict', async ({
  page,
}) => {
  const zone = await newZone('conflict-switch');
  await recordsApi.create(zone.id, { name: 'web', type: 'A', content: '192.0.2.1', ttl: 3600 });
  await openRecords(page, zone.id);
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.status() === 412) refused.push(`${r.request().method()} ${r.url()}`);
  });

  // The switch is flipped, and its write is slow to reach the server.
  let put = await holdNextPut(page, zone.id);
  await page.getByRole('switch', { name: 'Served: web A 192.0.2.1' }).click();
  await put.arrived;
  await page.getByRole('button', { name: 'Edit web A 192.0.2.1' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit A record' });
  await expect(edit.getByRole('status')).toContainText('Saving this value’s last change first');
  await expect(edit.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
  await expectAccessible(page, 'the edit dialog waiting for a switch');
  if (shots) await page.screenshot({ path: `${shots}/conflict-switch-edit-waits.png` });
  put.release();
  await expect(edit.getByRole('checkbox', { name: /Disabled/ })).toBeChecked();
  await edit.getByLabel('TTL', { exact: true }).fill('300');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(edit).toBeHidden();
  expect(await stored(zone.id)).toMatchObject([{ disabled: true, ttl: 300 }]);

  // Flipped back, and Delete clicked at once.
  await page.unrouteAll({ behavior: 'wait' });
  put = await holdNextPut(page, zone.id);
  await page.getByRole('switch', { name: 'Served: web A 192.0.2.1' }).click();
  await put.arrived;
  await page.getByRole('button', { name: 'Delete web A 192.0.2.1' }).click();
  const del = page.getByRole('dialog', { name: 'Delete the web A record?' });
  const remove = del.getByRole('button', { name: 'Delete record' });
  await expect(del.getByRole('status')).toContainText('Saving this value’s last change first');
  await expect(remove).toBeDisabled();
  if (shots) await page.screenshot({ path: `${shots}/conflict-switch-delete-waits.png` });
  put.release();
  await expect(remove).toBeEnabled();
  await remove.click();
  await expect(del).toBeHidden();
  await expect(rrset(page, 'web A')).toHaveCount(0);
  expect(await stored(zone.id)).toEqual([]);
  expect(refused).toEqual([]);
});
