// The History tab against the real server: an edit shows up as a change with its diff, Revert
// previews and then puts the old value back (records table, API); a conflict is explained and
// "Revert anyway" overwrites the later edit.
import { api, expect, test } from './fixtures';
import { changeItems, openHistory } from './history-helpers';
import { newZone, openRecords, recordsApi, recordsKey, rrset } from './records-helpers';

test('edit a record, see it in History, revert it: the old value is back', async ({ page }) => {
  const zone = await newZone('hist');
  await recordsApi.create(zone.id, { name: 'web', type: 'A', content: '192.0.2.1' });
  const tab = (name: string) =>
    page.getByRole('navigation', { name: 'Zone sections' }).getByRole('link', { name }).click();
  // History seen before the edit: coming back must not show the page remembered from then.
  await openHistory(page, zone.id);
  await expect(changeItems(page)).toHaveCount(2); // the zone's creation, the record's
  await expect(changeItems(page).last()).toContainText(`Zone ${zone.name} created`);
  await tab('Records');

  await page.getByRole('button', { name: 'Edit web A 192.0.2.1' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit A record' });
  await edit.getByLabel('Content', { exact: true }).fill('192.0.2.2');
  await edit.getByLabel('Content', { exact: true }).press('Enter');
  await expect(edit).toBeHidden();
  await expect(rrset(page, 'web A').locator('.rec-content')).toHaveText('192.0.2.2');

  await tab('History');
  await expect(changeItems(page)).toHaveCount(3); // the zone, the create, then the edit
  const edited = changeItems(page).first();
  await expect(edited).toContainText('Records');
  await edited.locator('.change-toggle').click();
  const diff = edited.getByRole('region', { name: `web.${zone.name}. A` });
  await expect(diff.getByRole('list', { name: 'Before: values' })).toContainText(
    '192.0.2.1removed',
  );
  await expect(diff.getByRole('list', { name: 'After: values' })).toContainText('192.0.2.2added');

  await edited.getByRole('button', { name: 'Revert…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revert this change?' });
  const preview = dialog.getByRole('region', { name: `web.${zone.name}. A` });
  await expect(preview.getByRole('list', { name: 'After: values' })).toContainText(
    '192.0.2.1added',
  );
  await expect(dialog).toContainText('Reverting changes (1 added, 1 removed)');
  // The preview wrote nothing.
  expect((await recordsApi.list(zone.id)).map((r) => r.content)).toEqual(['192.0.2.2']);

  await dialog.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').getByText(/^Reverted: /)).toBeVisible();
  await expect(changeItems(page)).toHaveCount(4);
  await expect(changeItems(page).first()).toContainText('Revert');

  await tab('Records');
  await expect(rrset(page, 'web A').locator('.rec-content')).toHaveText('192.0.2.1');
  expect((await recordsApi.list(zone.id)).map((r) => r.content)).toEqual(['192.0.2.1']);
});

test('a revert over a later edit is explained; "Revert anyway" overwrites it', async ({ page }) => {
  const zone = await newZone('histc');
  await recordsApi.create(zone.id, { name: 'api', type: 'A', content: '192.0.2.1' });
  await recordsApi.create(zone.id, { name: 'api', type: 'A', content: '192.0.2.7' });
  await openRecords(page, zone.id);
  await page
    .getByRole('navigation', { name: 'Zone sections' })
    .getByRole('link', { name: 'History' })
    .click();
  await expect(changeItems(page)).toHaveCount(3);

  // The first change (the create of .1) is the older one: .7 was added to its RRset since.
  await changeItems(page).nth(1).getByRole('button', { name: 'Revert…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revert this change?' });
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Changed since');
  await expect(alert).toContainText(`api.${zone.name}. A`);
  await expect(alert).toContainText('This change leftTTL 1 h: 192.0.2.1');
  await expect(alert).toContainText('Now');
  await expect(alert).toContainText('192.0.2.7');
  await expect(dialog).toContainText('Reverting anyway changes');
  await expect(dialog.getByRole('button', { name: 'Revert', exact: true })).toHaveCount(0);
  expect(await recordsApi.list(zone.id)).toHaveLength(2);

  await dialog.getByRole('button', { name: 'Revert anyway' }).click();
  await expect(dialog).toBeHidden();
  await expect(changeItems(page)).toHaveCount(4);
  // Forced: the RRset goes back to before the create, which is no RRset at all.
  expect(await recordsApi.list(zone.id)).toEqual([]);
});

test('a DNSSEC switch is listed with why it cannot be reverted, not a Revert button', async ({
  page,
}) => {
  const zone = await newZone('histd');
  await api(await recordsKey()).setDnssec(zone.id, true);
  await openHistory(page, zone.id);
  const item = changeItems(page).first();
  await expect(item).toContainText('DNSSEC');
  await expect(item).toContainText('Not revertible (DNSSEC switch)');
  await expect(item.getByRole('button', { name: 'Revert…' })).toHaveCount(0);
  await item.locator('.change-toggle').click();
  await expect(item).toContainText('needs a new DS record at your registrar');
  await expect(item.getByRole('row', { name: /DNSSEC/ })).toContainText('offon');
});
