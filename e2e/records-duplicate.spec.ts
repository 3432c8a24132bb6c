// Duplicate against the real server: a value moved to another name is Duplicate, type the new
// name, save, then delete the original. The New record dialog opens filled in from the row (and
// from its URL after a reload), on a desktop and on a phone, where the rows are cards.
// Screenshots with `SHOTS_RECORDS_DIR=/tmp npx playwright test --project=e2e records-duplicate`.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { newZone, openRecords, recordsApi, rrset } from './records-helpers';

const shots = process.env.SHOTS_RECORDS_DIR;

const MX = { type: 'MX', content: '10 mx1.example.net.', ttl: 900, comment: 'primary' };

test('moves a value to another name: Duplicate, type the name, save, delete the original', async ({
  page,
}) => {
  const zone = await newZone('dup');
  await recordsApi.create(zone.id, { name: 'mail', ...MX });
  await recordsApi.create(zone.id, { name: 'www', type: 'A', content: '192.0.2.1' });
  await openRecords(page, zone.id);
  if (shots) {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Duplicate mail MX 10 mx1.example.net.' }).hover();
    await page.screenshot({ path: `${shots}/dup-row-desktop.png` });
  }

  await page.getByRole('button', { name: 'Duplicate mail MX 10 mx1.example.net.' }).click();
  const dialog = page.getByRole('dialog', { name: 'New record' });
  await expect(dialog).toContainText('A copy of mail MX');
  await expect(page).toHaveURL(/[?&]record=new&from=rec_/);
  const name = dialog.getByLabel('Name', { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveValue('mail');
  await expect(dialog.getByLabel('Type')).toHaveValue('MX');
  await expect(dialog.getByLabel('Mail host')).toHaveValue('mx1.example.net.');
  await expect(dialog.getByLabel('TTL', { exact: true })).toHaveValue('900');
  await expect(dialog.getByLabel('Comment')).toHaveValue('primary');
  await expectAccessible(page, 'the New record dialog as a duplicate');
  if (shots) await page.screenshot({ path: `${shots}/dup-dialog-desktop.png` });

  // The reloaded page opens the same dialog from its URL.
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(name).toHaveValue('mail');
  await expect(name).toBeFocused();
  // Its text is selected: what is typed replaces it.
  await page.keyboard.type('mx-new');
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).not.toHaveURL(/[?&](record|from)=/);
  await expect(rrset(page, 'mx-new MX')).toBeVisible();
  expect((await recordsApi.list(zone.id)).filter((r) => r.type === 'MX')).toMatchObject([
    { name: `mail.${zone.name}.`, ...MX },
    { name: `mx-new.${zone.name}.`, ...MX },
  ]);

  await page.getByRole('button', { name: 'Delete mail MX 10 mx1.example.net.' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the mail MX record?' });
  await confirm.getByRole('button', { name: 'Delete record' }).click();
  // The row goes at once; the dialog stays until the service has answered.
  await expect(rrset(page, 'mail MX')).toHaveCount(0);
  await expect(confirm).toBeHidden();
  expect((await recordsApi.list(zone.id)).filter((r) => r.type === 'MX')).toMatchObject([
    { name: `mx-new.${zone.name}.`, ...MX },
  ]);
});

test('on a phone, Duplicate is in each card and opens the filled-in dialog', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const zone = await newZone('dupphone');
  await recordsApi.create(zone.id, { name: 'mail', ...MX });
  for (const ip of ['192.0.2.1', '192.0.2.2'])
    await recordsApi.create(zone.id, { name: 'www', type: 'A', content: ip, ttl: 300 });
  await openRecords(page, zone.id);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const button = page.getByRole('button', { name: 'Duplicate www A 192.0.2.2' });
  await button.scrollIntoViewIfNeeded();
  // In the card, not pushed past the screen's edge.
  const box = (await button.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390 - 12);
  if (shots) await page.screenshot({ path: `${shots}/dup-row-phone.png` });
  await button.click();
  const dialog = page.getByRole('dialog', { name: 'New record' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('www');
  await expect(dialog.getByLabel('Content', { exact: true })).toHaveValue('192.0.2.2');
  await expect(dialog.getByLabel('TTL', { exact: true })).toHaveValue('300');
  if (shots) await page.screenshot({ path: `${shots}/dup-dialog-phone.png` });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});
