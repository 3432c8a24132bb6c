// Bulk edits against the real server: in a 5,000-record zone, the 500 records a search matches
// are selected at once (far more than the table draws), their TTL set in one batch, checked
// through the API, then undone from the toast and checked again. Then screenshots of the
// selection and the preview, light and dark, desktop and 360 px, for people to look at, and the
// keyboard (Space, Shift+Space) in the real browser.
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { callApi, newZone, openRecords, recordsApi, type ApiRecord } from './records-helpers';

const COUNT = 5_000;
/** Every tenth record carries this comment: 500 match a search for it. */
const MARK = 'bulk-pick';
const shots = process.env.SHOTS_DIR ?? '/tmp/shots';

/** The zone's records seeded in one batch (one request rather than 5,000). */
async function seed(zoneId: string) {
  const operations = Array.from({ length: COUNT }, (_, i) => ({
    op: 'create',
    name: `h${String(i).padStart(5, '0')}`,
    type: 'A',
    content: `10.0.${i >> 8}.${i & 255}`,
    ttl: 3600,
    comment: i % 10 === 3 ? MARK : null,
  }));
  const r = await callApi('POST', `/v1/zones/${zoneId}/records/batch`, { operations });
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
}

/** Every record of the zone, page by page. */
async function allRecords(zoneId: string): Promise<ApiRecord[]> {
  const out: ApiRecord[] = [];
  for (let offset = 0; ; offset += 1000) {
    const r = await callApi('GET', `/v1/zones/${zoneId}/records?limit=1000&offset=${offset}`);
    expect(r.status).toBe(200);
    const page = (r.body.data as { records: ApiRecord[] }).records;
    out.push(...page);
    if (page.length < 1000) return out;
  }
}

/** TTLs of the marked records and of the others, as the API says. */
async function ttls(zoneId: string) {
  const records = await allRecords(zoneId);
  expect(records).toHaveLength(COUNT);
  const of = (marked: boolean) =>
    new Set(records.filter((r) => (r.comment === MARK) === marked).map((r) => r.ttl));
  return { marked: [...of(true)], others: [...of(false)] };
}

test('500 of 5,000 records selected by search, their TTL set in one batch, then undone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const zone = await newZone('bulk');
  await seed(zone.id);
  await openRecords(page, zone.id);
  const section = page.locator('section.records');
  await expect(section).toHaveAttribute('data-load-state', 'complete', { timeout: 30_000 });

  await page.getByLabel('Search', { exact: true }).fill(MARK);
  await page.getByRole('button', { name: 'Select all 500 matching values' }).click();
  await expect(page.getByText('500 records selected')).toBeVisible();
  // Far fewer rows are drawn than are selected: the selection is the zone's, not the DOM's.
  expect(await section.locator('tbody.rrset').count()).toBeLessThan(200);

  const batches: string[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && req.url().includes('/records/batch')) batches.push(req.url());
  });
  await page.getByRole('button', { name: 'Set TTL' }).click();
  const dialog = page.getByRole('dialog', { name: 'Set TTL of 500 records' });
  await dialog.getByLabel('New TTL').fill('600');
  await expect(dialog.getByText('500 records in 500 RRsets will change.')).toBeVisible();
  await expect(dialog.getByText('and 400 more')).toBeVisible();
  const applyStart = Date.now();
  await dialog.getByRole('button', { name: 'Set TTL of 500 records' }).click();

  const toast = page.getByRole('listitem').filter({ hasText: 'Changed TTL of 500 records' });
  await expect(toast).toBeVisible({ timeout: 15_000 });
  const applied = Date.now() - applyStart;
  expect(batches).toHaveLength(1);
  await expect(page.getByText('500 records selected')).toHaveCount(0);
  await expect(section.locator('tbody.rrset').first().locator('.cell-ttl')).toHaveText('10 min');
  expect(await ttls(zone.id)).toEqual({ marked: [600], others: [3600] });

  const undoStart = Date.now();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Undone: Changed TTL of 500 records')).toBeVisible({
    timeout: 15_000,
  });
  console.log(
    `[records bulk] 500 of ${COUNT} records: TTL applied in ${applied} ms, undone in ${Date.now() - undoStart} ms (click to toast)`,
  );
  expect(await ttls(zone.id)).toEqual({ marked: [3600], others: [3600] });
  await expect(section.locator('tbody.rrset').first().locator('.cell-ttl')).toHaveText('1 h', {
    timeout: 15_000,
  });
});

test('a search selects only the values it found: 3 SPF values of a 12-value TXT, and deletes them', async ({
  page,
}) => {
  const zone = await newZone('bulkspf');
  const contents = Array.from({ length: 12 }, (_, i) =>
    i % 4 === 1 ? `v=spf1 ip4:192.0.2.${i} -all` : `site-verification=${i}`,
  );
  const r = await callApi('POST', `/v1/zones/${zone.id}/records/batch`, {
    operations: contents.map((content) => ({ op: 'create', name: '@', type: 'TXT', content })),
  });
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(200);
  await openRecords(page, zone.id);
  await page.getByLabel('Search', { exact: true }).fill('spf1');
  // The RRset is shown whole, but only its 3 matching values are taken.
  await expect(
    page.getByRole('checkbox', { name: /Select @ TXT "?site-verification=0/ }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Select all 3 matching values' }).click();
  await expect(page.getByText('3 records selected')).toBeVisible();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete 3 records' });
  const lines = dialog.getByRole('list', { name: 'What will change' }).getByRole('listitem');
  await expect(lines).toHaveCount(3);
  for (const line of await lines.allTextContents()) expect(line).toContain('v=spf1');
  await dialog.getByRole('button', { name: 'Delete 3 records' }).click();
  // The table is left empty by the search: the toast and its Undo still come.
  const toast = page.getByRole('listitem').filter({ hasText: 'Deleted 3 records' });
  await expect(toast.getByRole('button', { name: 'Undo' })).toBeVisible();
  const left = (await recordsApi.list(zone.id)).filter((x) => x.type === 'TXT');
  expect(left.map((x) => x.content).filter((c) => c.includes('spf1'))).toEqual([]);
  expect(left).toHaveLength(9);
});

test('screenshots: selection and preview, light and dark, desktop and 360 px', async ({ page }) => {
  test.setTimeout(90_000);
  fs.mkdirSync(shots, { recursive: true });
  const zone = await newZone('bulkshot');
  const r = await callApi('POST', `/v1/zones/${zone.id}/records/batch`, {
    operations: [
      ...['192.0.2.10', '192.0.2.11', '192.0.2.12'].map((content) => ({
        op: 'create',
        name: 'api',
        type: 'A',
        content,
        ttl: 300,
      })),
      ...Array.from({ length: 12 }, (_, i) => ({
        op: 'create',
        name: `host${i}`,
        type: 'A',
        content: `198.51.100.${i}`,
        ttl: 3600,
        comment: i % 3 === 0 ? 'legacy' : null,
      })),
    ],
  });
  expect(r.status).toBe(200);
  for (const scheme of ['light', 'dark'] as const) {
    for (const [device, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 360, height: 740 }],
    ] as const) {
      await page.setViewportSize(viewport);
      // Reduced motion: the dialog is shot open, not half faded in.
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      // A fresh page each time: the selection of the last round must not carry over.
      await page.goto('about:blank');
      await openRecords(page, zone.id);
      await page.getByRole('checkbox', { name: 'Select api A 192.0.2.11' }).check();
      await page.getByRole('checkbox', { name: 'Select host1 A 198.51.100.1' }).check();
      await page.keyboard.down('Shift');
      await page.getByRole('checkbox', { name: 'Select host4 A 198.51.100.4' }).click();
      await page.keyboard.up('Shift');
      await expect(page.getByText('5 records selected')).toBeVisible();
      await page.screenshot({ path: `${shots}/bulk-select-${scheme}-${device}.png` });
      await page.getByRole('button', { name: 'Set TTL' }).click();
      await page.getByRole('dialog').getByLabel('New TTL').fill('900');
      await page.screenshot({ path: `${shots}/bulk-preview-${scheme}-${device}.png` });
      await page.keyboard.press('Escape');
    }
  }
});

test('keyboard: Space selects one record, Shift+Space extends to the focused one', async ({
  page,
}) => {
  const zone = await newZone('bulkkeys');
  const r = await callApi('POST', `/v1/zones/${zone.id}/records/batch`, {
    operations: Array.from({ length: 6 }, (_, i) => ({
      op: 'create',
      name: `k${i}`,
      type: 'A',
      content: `203.0.113.${i}`,
    })),
  });
  expect(r.status).toBe(200);
  await openRecords(page, zone.id);
  const box = (i: number) => page.getByRole('checkbox', { name: `Select k${i} A 203.0.113.${i}` });
  await box(1).focus();
  await page.keyboard.press('Space');
  await expect(box(1)).toBeChecked();
  await box(4).focus();
  await page.keyboard.press('Shift+Space');
  await expect(page.getByText('4 records selected')).toBeVisible();
  for (const i of [1, 2, 3, 4]) await expect(box(i)).toBeChecked();
  for (const i of [0, 5]) await expect(box(i)).not.toBeChecked();
  // Space alone on a selected one takes it out again.
  await page.keyboard.press('Space');
  await expect(box(4)).not.toBeChecked();
  await expect(page.getByText('3 records selected')).toBeVisible();
});
