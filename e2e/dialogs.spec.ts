// The shared dialog in the real browser: one click on Cancel or × closes it even when leaving a
// field would show an error (which once grew the dialog under the pointer), and the keyboard
// focus goes back to the button that opened it, or to the page's content when nothing did.
import { api, expect, signInWithLink, test, uniqueZoneName } from './fixtures';
import { newZone, openRecords } from './records-helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('New record: one click on Cancel or × closes it, with no error for the untouched name', async ({
  page,
}) => {
  const zone = await newZone('cancel');
  await openRecords(page, zone.id);
  const open = async () => {
    await page.getByRole('button', { name: 'Add the first record' }).click();
    const dialog = page.getByRole('dialog', { name: 'New record' });
    await expect(dialog.getByLabel('Name', { exact: true })).toBeFocused();
    return dialog;
  };

  let dialog = await open();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Record name must not be empty')).toHaveCount(0);

  dialog = await open();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // A name the user typed and emptied is still checked when left.
  dialog = await open();
  const name = dialog.getByLabel('Name', { exact: true });
  await name.fill('www');
  await name.fill('');
  await dialog.getByLabel('Type', { exact: true }).focus();
  await expect(dialog.getByText('Record name must not be empty')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('focus goes back to the button that opened the dialog: Disable zone, Delete zone', async ({
  page,
}) => {
  const zone = await api().createZone(uniqueZoneName('focus'));
  await signInWithLink(page, undefined, `/zones/${zone.id}`);

  const disable = page.getByRole('button', { name: 'Disable zone' });
  // By keyboard, closed with Escape.
  await disable.focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: `Disable ${zone.name}?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(disable).toBeFocused();

  // By mouse, closed with Cancel.
  const del = page.getByRole('button', { name: 'Delete zone' });
  await del.click();
  const deleting = page.getByRole('dialog', { name: `Delete ${zone.name}?` });
  await expect(deleting.getByLabel('Zone name')).toBeFocused();
  await deleting.getByRole('button', { name: 'Cancel' }).click();
  await expect(deleting).toBeHidden();
  await expect(del).toBeFocused();
});

test('focus goes back to Create zone and to Import zone file (a dialog of its own route)', async ({
  page,
}) => {
  await signInWithLink(page);
  const create = page.getByRole('button', { name: 'Create zone' });
  await create.click();
  const dialog = page.getByRole('dialog', { name: 'Create zone' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(create).toBeFocused();

  const zone = await api().createZone(uniqueZoneName('importfocus'));
  await page.goto(`/zones/${zone.id}/records`);
  const importLink = page.getByRole('link', { name: 'Import zone file' });
  await importLink.click();
  const importing = page.getByRole('dialog', { name: /Import/ });
  await expect(importing).toBeVisible();
  await importing.getByRole('button', { name: 'Cancel' }).click();
  await expect(importing).toBeHidden();
  await expect(importLink).toBeFocused();
});

test('a dialog opened with the page (its state in the URL) leaves the focus on the content', async ({
  page,
}) => {
  const zone = await api().createZone(uniqueZoneName('reload'));
  await signInWithLink(page, undefined, `/zones/${zone.id}?dialog=disable-zone`);
  const confirm = page.getByRole('dialog', { name: `Disable ${zone.name}?` });
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(page.locator('main')).toBeFocused();
  // Tab goes on from the page's content, not from the top of the document.
  await page.keyboard.press('Tab');
  await expect(page.locator('main :focus')).toHaveCount(1);
});
