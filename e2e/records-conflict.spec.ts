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
