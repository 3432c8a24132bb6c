// The record editor against the real server: edits by the fitting route, RRset-wide TTL and
// comment, inline disable, deletes behind a confirmation, and errors beside their field.
import { expect, test } from './fixtures';
import {
  countWrites,
  newZone,
  openNewRecord,
  openRecords,
  recordsApi,
  rrset,
} from './records-helpers';

test('Edit clicked right after typing a search opens the dialog, and it stays open', async ({
  page,
}) => {
  const zone = await newZone('quick');
  await recordsApi.create(zone.id, { name: 'web', type: 'A', content: '192.0.2.1' });
  await recordsApi.create(zone.id, { name: 'api', type: 'A', content: '192.0.2.9' });
  await openRecords(page, zone.id);
  // The search text reaches the URL once typing pauses; the click comes before that.
  await page.getByLabel('Search', { exact: true }).fill('web');
  await page.getByRole('button', { name: 'Edit web A 192.0.2.1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit A record' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]q=web/);
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/[?&]record=/);
});

test('edits a content (new id, the row stays focused) and the TTL, by id', async ({ page }) => {
  const zone = await newZone('edit');
  const old = await recordsApi.create(zone.id, { name: 'web', type: 'A', content: '192.0.2.1' });
  await recordsApi.create(zone.id, { name: 'api', type: 'A', content: '192.0.2.9' });
  await openRecords(page, zone.id);

  await page.getByRole('button', { name: 'Edit web A 192.0.2.1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit A record' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue('web');
  await dialog.getByLabel('Content', { exact: true }).fill('192.0.2.2');
  await dialog.getByLabel('TTL', { exact: true }).fill('7200');
  const put = page.waitForRequest((r) => r.method() === 'PUT');
  await dialog.getByLabel('Content', { exact: true }).press('Enter');
  expect((await put).url()).toContain(`/records/${old.id}`);
  await expect(dialog).toBeHidden();

  const row = rrset(page, 'web A').locator('tr');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.rec-content')).toHaveText('192.0.2.2');
  await expect(rrset(page, 'web A').locator('.cell-ttl')).toHaveText('2 h');
  const newId = await row.getAttribute('data-record-id');
  expect(newId).toMatch(/^rec_/);
  expect(newId).not.toBe(old.id);
  // The table stays on the edited row: marked, and its Edit button has the focus.
  await expect(row).toHaveClass(/row-highlight/);
  await expect(page.getByRole('button', { name: 'Edit web A 192.0.2.2' })).toBeFocused();
  expect((await recordsApi.get(zone.id, old.id)).status).toBe(404);
  expect((await recordsApi.get(zone.id, newId!)).body.data).toMatchObject({
    record: { content: '192.0.2.2', ttl: 7200 },
  });
});

test('the TTL and comment of a 3-value RRset change together, by name with content=', async ({
  page,
}) => {
  const zone = await newZone('rrset');
  for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
    await recordsApi.create(zone.id, {
      name: 'pool',
      type: 'A',
      content: ip,
      ttl: 3600,
      comment: 'old',
    });
  await openRecords(page, zone.id);
  const set = rrset(page, 'pool A');
  await expect(set.locator('tr')).toHaveCount(3);

  await page.getByRole('button', { name: 'Edit pool A 192.0.2.2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit A record' });
  await expect(dialog.getByTestId('rrset-note')).toContainText('one of 3 values');
  await expect(dialog.getByTestId('rrset-note')).toContainText('applies to every value');
  await dialog.getByRole('button', { name: /TTL 5 min/ }).click();
  await dialog.getByLabel('Comment').fill('Web pool, three servers');
  const put = page.waitForRequest((r) => r.method() === 'PUT');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  const url = new URL((await put).url());
  expect(url.pathname).toMatch(/\/records\/by-name\/pool\.[^/]+\/A$/);
  expect(url.searchParams.get('content')).toBe('192.0.2.2');
  await expect(dialog).toBeHidden();
  await expect(page.getByText('now apply to all 3 values of pool A')).toBeVisible();

  await expect(set.locator('.cell-ttl')).toHaveText('5 min');
  await expect(set.locator('.cell-comment')).toHaveText('Web pool, three servers');
  const all = (await recordsApi.list(zone.id)).filter((r) => r.name.startsWith('pool.'));
  expect(all.map((r) => [r.ttl, r.comment])).toEqual(
    Array(3).fill([300, 'Web pool, three servers']),
  );
});

test('disables a value inline and enables it again', async ({ page }) => {
  const zone = await newZone('toggle');
  const rec = await recordsApi.create(zone.id, { name: 'www', type: 'A', content: '192.0.2.1' });
  await openRecords(page, zone.id);
  const served = page.getByRole('switch', { name: 'Served: www A 192.0.2.1' });
  await expect(served).toBeChecked();

  await served.focus();
  await page.keyboard.press('Space');
  await expect(served).not.toBeChecked();
  await expect(rrset(page, 'www A').getByText('Disabled')).toBeVisible();
  await expect(page.getByText('Disabled www A 192.0.2.1')).toBeVisible();
  await expect
    .poll(
      async () =>
        ((await recordsApi.get(zone.id, rec.id)).body.data as { record: { disabled: boolean } })
          .record.disabled,
    )
    .toBe(true);

  await served.click();
  await expect(served).toBeChecked();
  await expect
    .poll(
      async () =>
        ((await recordsApi.get(zone.id, rec.id)).body.data as { record: { disabled: boolean } })
          .record.disabled,
    )
    .toBe(false);
});

test('deletes one value of an RRset, then the whole RRset, each after confirming', async ({
  page,
}) => {
  const zone = await newZone('delete');
  for (const content of ['"one"', '"two"', '"three"'])
    await recordsApi.create(zone.id, { name: 'notes', type: 'TXT', content });
  await recordsApi.create(zone.id, { name: 'keep', type: 'A', content: '192.0.2.1' });
  await openRecords(page, zone.id);
  const set = rrset(page, 'notes TXT');

  await page.getByRole('button', { name: 'Delete notes TXT "two"' }).click();
  let confirm = page.getByRole('dialog', { name: 'Delete from notes TXT?' });
  await expect(confirm).toContainText('has 3 values');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(set.locator('tr')).toHaveCount(3);

  await page.getByRole('button', { name: 'Delete notes TXT "two"' }).click();
  confirm = page.getByRole('dialog', { name: 'Delete from notes TXT?' });
  await confirm.getByRole('button', { name: 'Delete this value' }).click();
  await expect(set.locator('tr')).toHaveCount(2);
  await expect(set).not.toContainText('"two"');
  await expect(page.getByText('Deleted notes TXT "two"')).toBeVisible();

  await page.getByRole('button', { name: 'Delete notes TXT "one"' }).click();
  confirm = page.getByRole('dialog', { name: 'Delete from notes TXT?' });
  await confirm.getByRole('button', { name: 'Delete all 2 values' }).click();
  await expect(set).toHaveCount(0);
  await expect(page.getByText('Deleted all 2 values of notes TXT')).toBeVisible();
  await expect.poll(async () => (await recordsApi.list(zone.id)).map((r) => r.type)).toEqual(['A']);
});

test('client-side errors: TTL bounds, a 501-character comment, a CNAME beside an A', async ({
  page,
}) => {
  const zone = await newZone('checks');
  await recordsApi.create(zone.id, { name: 'www', type: 'A', content: '192.0.2.1' });
  await openRecords(page, zone.id);
  const writes = countWrites(page);
  const dialog = await openNewRecord(page);
  const ttl = dialog.getByLabel('TTL', { exact: true });
  const comment = dialog.getByLabel('Comment');

  await dialog.getByLabel('Name', { exact: true }).fill('www');
  await dialog.getByLabel('Type', { exact: true }).selectOption('CNAME');
  await dialog.getByLabel('Content', { exact: true }).fill('target.example.net');
  await ttl.fill('299');
  await comment.fill('x'.repeat(501));
  await expect(dialog.getByText('501/500')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create record' }).click();

  await expect(dialog.getByText('TTL must be at least 300 seconds')).toBeVisible();
  await expect(ttl).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.getByText('Comment must be at most 500 characters')).toBeVisible();
  await expect(comment).toHaveAttribute('aria-invalid', 'true');
  await expect(
    dialog.getByText('www already has an A record; a CNAME must be alone at its name.'),
  ).toBeVisible();
  await expect(dialog.getByLabel('Type', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await ttl.fill('86401');
  await ttl.blur();
  await expect(dialog.getByText('TTL must be at most 86400 seconds')).toBeVisible();
  await dialog.getByRole('button', { name: /TTL 1 day/ }).click();
  await expect(dialog.getByText(/TTL must be/)).toHaveCount(0);
  expect(writes()).toBe(0);

  // Escape cancels: nothing was created.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(writes()).toBe(0);
});

test('a server-side error lands on its field (the same record, created meanwhile)', async ({
  page,
}) => {
  const zone = await newZone('server');
  await openRecords(page, zone.id);
  const dialog = await openNewRecord(page);
  // Created behind the dashboard's back: only the service can know.
  await recordsApi.create(zone.id, { name: 'dup', type: 'MX', content: '10 mx.example.com.' });

  await dialog.getByLabel('Name', { exact: true }).fill('dup');
  await dialog.getByLabel('Type', { exact: true }).selectOption('MX');
  await dialog.getByLabel('Priority').fill('10');
  await dialog.getByLabel('Mail host').fill('mx.example.com');
  await dialog.getByRole('button', { name: 'Create record' }).click();
  const error = dialog.getByRole('alert').filter({ hasText: 'already has the MX record' });
  await expect(error).toBeVisible();
  await expect(dialog.getByTestId('content-preview')).toHaveAttribute(
    'aria-describedby',
    (await error.getAttribute('id'))!,
  );
  // The dialog keeps what was typed; the list holds the one record, not a failed copy.
  await expect(dialog.getByLabel('Mail host')).toHaveValue('mx.example.com');
  await page.keyboard.press('Escape');
  await expect(rrset(page, 'dup MX').locator('tr')).toHaveCount(1);
});
