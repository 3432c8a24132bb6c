// Bulk edits against the real server when someone else changes a record meanwhile (ADR 0028): the
// batch carries each record's version as previewed, a record changed since refuses it whole, the
// dialog names the record and shows it now, the table shows what is stored, and "Preview again"
// applies from that. The Undo of a bulk edit does not overwrite a later change either.
// Screenshots with `SHOTS_RECORDS_DIR=/tmp npx playwright test --project=e2e records-bulk-conflict`.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { callApi, newZone, openRecords, recordsApi, rrset } from './records-helpers';

const shots = process.env.SHOTS_RECORDS_DIR;

/** A zone of web1, web2, web3 (A 192.0.2.1–3). */
async function zoneOfThree(label: string) {
  const zone = await newZone(label);
  const r = await callApi('POST', `/v1/zones/${zone.id}/records/batch`, {
    operations: [1, 2, 3].map((i) => ({
      op: 'create',
      name: `web${i}`,
      type: 'A',
      content: `192.0.2.${i}`,
      ttl: 3600,
    })),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { zone, records: await recordsApi.list(zone.id) };
}

test('a bulk edit over a record changed since its preview changes nothing, says which, and previews again', async ({
  page,
}) => {
  const { zone, records } = await zoneOfThree('bulkconflict');
  await openRecords(page, zone.id);
  await page.getByRole('button', { name: 'Select all 3 values' }).click();
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Disable 3 records' });
  await expect(dialog.getByText('3 records in 3 RRsets will change.')).toBeVisible();

  // Someone else (another tab, a script) changes web2 meanwhile.
  const web2 = records.find((r) => r.name.startsWith('web2.'))!;
  const other = await callApi('PUT', `/v1/zones/${zone.id}/records/${web2.id}`, {
    name: 'web2',
    type: 'A',
    content: '192.0.2.2',
    ttl: 300,
    comment: 'changed by the deploy script',
  });
  expect(other.status, JSON.stringify(other.body)).toBe(200);

  const sent = page.waitForRequest((r) => r.url().endsWith('/records/batch'));
  const answer = page.waitForResponse((r) => r.url().endsWith('/records/batch'));
  await dialog.getByRole('button', { name: 'Disable 3 records' }).click();
  const ops = ((await sent).postDataJSON() as { operations: { id: string; if_match?: string }[] })
    .operations;
  expect(ops.map((o) => o.id).sort()).toEqual(records.map((r) => r.id).sort());
  for (const o of ops) expect(o.if_match).toMatch(/^"[0-9a-f]{16}"$/);
  expect((await answer).status()).toBe(412);

  const notice = dialog.getByRole('alert');
  await expect(notice).toContainText('Someone else changed web2 A 192.0.2.2');
  await expect(notice).toContainText('Nothing was changed.');
  await expect(notice).toContainText('changed by the deploy script');
  await expect(notice).toBeFocused();
  await expect(dialog.getByRole('button', { name: 'Disable 3 records' })).toHaveCount(0);
  // Nothing was written; the table behind shows the other change.
  expect((await recordsApi.list(zone.id)).map((r) => r.disabled)).toEqual([false, false, false]);
  await expect(rrset(page, 'web2 A').locator('.cell-comment')).toHaveText(
    'changed by the deploy script',
  );
  await expect(rrset(page, 'web2 A').locator('.cell-ttl')).toHaveText('5 min');
  await expectAccessible(page, 'the bulk dialog with a conflict');

  if (shots) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.screenshot({ path: `${shots}/bulk-conflict-desktop.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await notice.focus();
    await page.screenshot({ path: `${shots}/bulk-conflict-phone.png` });
    await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
    await page.screenshot({ path: `${shots}/bulk-conflict-phone-dark.png` });
    await page.emulateMedia({ colorScheme: 'light' });
  }

  await dialog.getByRole('button', { name: 'Preview again' }).click();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await expect(dialog.getByText('3 records in 3 RRsets will change.')).toBeVisible();
  if (shots) await page.screenshot({ path: `${shots}/bulk-preview-again-phone.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Disable 3 records' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Disabled 3 records' })).toBeVisible();
  // Disabled, and theirs kept.
  const after = await recordsApi.list(zone.id);
  expect(after.map((r) => r.disabled)).toEqual([true, true, true]);
  expect(after.find((r) => r.id === web2.id)).toMatchObject({
    ttl: 300,
    comment: 'changed by the deploy script',
  });
});

test('Undo of a bulk edit does not overwrite a later change, and points to History', async ({
  page,
}) => {
  const { zone, records } = await zoneOfThree('bulkundo');
  await openRecords(page, zone.id);
  await page.getByRole('button', { name: 'Select all 3 values' }).click();
  await page.getByRole('button', { name: 'Set TTL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set TTL of 3 records' });
  await dialog.getByLabel('New TTL').fill('900');
  await dialog.getByRole('button', { name: 'Set TTL of 3 records' }).click();
  const done = page.getByRole('listitem').filter({ hasText: 'Changed TTL of 3 records' });
  await expect(done).toBeVisible();

  const web3 = records.find((r) => r.name.startsWith('web3.'))!;
  const other = await callApi('PUT', `/v1/zones/${zone.id}/records/${web3.id}`, {
    name: 'web3',
    type: 'A',
    content: '192.0.2.3',
    ttl: 900,
    comment: 'keep me',
  });
  expect(other.status, JSON.stringify(other.body)).toBe(200);
  await done.getByRole('button', { name: 'Undo' }).click();

  const failed = page
    .getByRole('listitem')
    .filter({ hasText: 'Not undone: Changed TTL of 3 records' });
  await expect(failed).toContainText(
    'web3 A was changed again since, and undoing would overwrite that: nothing was changed.',
  );
  await expect(rrset(page, 'web3 A').locator('.cell-comment')).toHaveText('keep me');
  const stored = await recordsApi.list(zone.id);
  expect(stored.map((r) => r.ttl)).toEqual([900, 900, 900]);
  expect(stored.find((r) => r.id === web3.id)?.comment).toBe('keep me');
  if (shots) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.screenshot({ path: `${shots}/bulk-undo-conflict-desktop.png` });
  }
  await failed.getByRole('button', { name: 'Open History' }).click();
  await expect(page).toHaveURL(new RegExp(`/zones/${zone.id}/history`));
});
