// The record form's delegation pre-check against the real server: a record a delegation would
// hide is said under Name as name and type are chosen, from the records the page has loaded, and
// nothing is sent; a delegation the page could not know of (made behind its back) is still
// refused by the service (409 delegation_conflict), its message on the same field. A screenshot
// of the message with `SHOTS_DELEGATION_DIR=/tmp npx playwright test records-delegation`.
import { expect, test } from './fixtures';
import { countWrites, newZone, openNewRecord, openRecords, recordsApi } from './records-helpers';

const shots = process.env.SHOTS_DELEGATION_DIR;

test('a TXT below a delegation is said under Name as it is typed, and nothing is sent', async ({
  page,
}) => {
  const zone = await newZone('cut');
  await recordsApi.create(zone.id, { name: 'sub', type: 'NS', content: 'ns1.elsewhere.net.' });
  await recordsApi.create(zone.id, { name: 'sub', type: 'A', content: '192.0.2.53' });
  await openRecords(page, zone.id);
  const writes = countWrites(page);
  const dialog = await openNewRecord(page);
  const name = dialog.getByLabel('Name', { exact: true });
  const type = dialog.getByLabel('Type', { exact: true });

  await name.fill('www.sub');
  await type.selectOption('TXT');
  const message = dialog.getByText(
    `www.sub.${zone.name} lies below sub.${zone.name}, which is delegated (it has NS records)`,
  );
  await expect(message).toBeVisible();
  await expect(message).toContainText(
    `Create it in the zone sub.${zone.name} is delegated to, or delete the NS records of sub.${zone.name} to end the delegation.`,
  );
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAttribute(
    'aria-describedby',
    new RegExp(`\\b${await message.getAttribute('id')}\\b`),
  );
  await dialog.getByLabel('Content', { exact: true }).fill('v=hidden');
  if (shots) await dialog.screenshot({ path: `${shots}/delegation-precheck.png` });
  await dialog.getByRole('button', { name: 'Create record' }).click();
  await expect(name).toBeFocused();
  expect(writes()).toBe(0);

  // Glue may live there: the same name as an A is saved.
  await type.selectOption('A');
  await expect(message).toBeHidden();
  await dialog.getByLabel('Content', { exact: true }).fill('192.0.2.54');
  await dialog.getByRole('button', { name: 'Create record' }).click();
  await expect(dialog).toBeHidden();
  expect((await recordsApi.list(zone.id)).map((r) => `${r.name} ${r.type}`)).toContain(
    `www.sub.${zone.name}. A`,
  );
});

test('a delegation made behind the page’s back is refused by the service, on Name', async ({
  page,
}) => {
  const zone = await newZone('cut-late');
  await openRecords(page, zone.id);
  const dialog = await openNewRecord(page);
  // Only the service can know: the page's list was read before.
  await recordsApi.create(zone.id, { name: 'sub', type: 'NS', content: 'ns1.elsewhere.net.' });

  const name = dialog.getByLabel('Name', { exact: true });
  await name.fill('www.sub');
  await dialog.getByLabel('Type', { exact: true }).selectOption('TXT');
  await expect(name).not.toHaveAttribute('aria-invalid');
  await dialog.getByLabel('Content', { exact: true }).fill('v=hidden');
  const post = page.waitForResponse((r) => r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Create record' }).click();
  expect((await post).status()).toBe(409);
  // The service's message on Name; then, once the list read again after the refusal shows the
  // delegation, the form's own instead: said once either way.
  const said = dialog.getByText(/^(⚠ )?www\.sub\.\S+ lies below sub\.\S+, which is delegated/);
  await expect(said).toHaveCount(1);
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(
    dialog.getByText(`www.sub.${zone.name} lies below sub.${zone.name}, which is delegated`),
  ).toBeVisible();
  await expect(said).toHaveCount(1);
  expect((await recordsApi.list(zone.id)).map((r) => r.type)).toEqual(['NS']);
});
