// A 20,000-record zone: every page streamed in (the load state and the progress the page shows),
// the table virtualised while the window scrolls to its last RRset (never more than 200 rows in
// the DOM), then one record found by search, edited through the dialog and confirmed by the API.
import { expect, test } from './fixtures';
import { newZone, openRecords, recordsApi, rrset } from './records-helpers';

const COUNT = 20_000;
/** More rows than this in the DOM means the table is not virtualised. */
const MAX_ROWS = 200;
/** The one record the search finds: a TXT among the A records, the only one saying `needle`. */
const NEEDLE = 7777;
const NEEDLE_NAME = `h${String(NEEDLE).padStart(5, '0')}`;

/** `h00000`..`h19999`: sorted label by label they come in this order. Every tenth is a TXT. */
function seedRecords() {
  return Array.from({ length: COUNT }, (_, i) => {
    const name = `h${String(i).padStart(5, '0')}`;
    if (i === NEEDLE) return { name, type: 'TXT', content: `needle-${i}` };
    return i % 10 === 9
      ? { name, type: 'TXT', content: `note ${i}` }
      : { name, type: 'A', content: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
  });
}

test('20,000 records: streamed in, virtualised to the last RRset, one found and edited', async ({
  page,
}) => {
  // Generous: the whole spec takes about 25 s on an idle 2-core machine, and a loaded one has
  // taken four times as long.
  test.setTimeout(180_000);
  const zone = await newZone('huge');
  const records = seedRecords();
  const lastRecord = records.at(-1)!;
  const last = `${lastRecord.name} ${lastRecord.type}`;
  const seedStart = Date.now();
  await recordsApi.seed(zone.id, records);
  console.log(
    `[records large] ${COUNT} records seeded through the API in ${Date.now() - seedStart} ms`,
  );

  // Watches the page from its first paint (a snapshot between polls could miss a moment): the
  // most rows ever in the records table, the load states and the progress it showed.
  await page.addInitScript(() => {
    const seen = { maxRows: 0, states: [] as string[], progress: [] as string[] };
    (window as unknown as { __seen: typeof seen }).__seen = seen;
    const note = (list: string[], value: string | null | undefined) => {
      if (value && list.at(-1) !== value) list.push(value);
    };
    new MutationObserver(() => {
      const section = document.querySelector('section.records');
      seen.maxRows = Math.max(seen.maxRows, section?.querySelectorAll('tr').length ?? 0);
      note(seen.states, section?.getAttribute('data-load-state'));
      const bar = section?.querySelector('[role=progressbar][aria-valuemax]');
      if (bar)
        note(
          seen.progress,
          `${bar.getAttribute('aria-valuenow')}/${bar.getAttribute('aria-valuemax')}`,
        );
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const seen = () =>
    page.evaluate(
      () =>
        (window as unknown as { __seen: { maxRows: number; states: string[]; progress: string[] } })
          .__seen,
    );

  // (1) Every record loaded: the state says so, the summary counts them all, the progress is gone.
  const loadStart = Date.now();
  await openRecords(page, zone.id);
  const section = page.locator('section.records');
  await expect(section).toHaveAttribute('data-load-state', 'complete', { timeout: 60_000 });
  const loaded = Date.now() - loadStart;
  const summary = (text: string) => section.getByText(text, { exact: true });
  await expect(summary('20,000 RRsets · 20,000 values')).toBeVisible();
  await expect(section.getByRole('progressbar')).toHaveCount(0);
  const { states, progress } = await seen();
  // Loading, then complete, and no other state; any progress shown counted up to this zone's size.
  expect(states.at(-1)).toBe('complete');
  expect(states.filter((s) => s !== 'loading' && s !== 'complete')).toEqual([]);
  for (const p of progress) {
    const [now, max] = p.split('/').map(Number);
    expect(max, p).toBe(COUNT);
    expect(now, p).toBeLessThanOrEqual(COUNT);
  }
  const rows = section.locator('tr');
  expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS);

  // (2) Through the middle to the end, scrolling the window: rows are drawn wherever it stops,
  // never more than MAX_ROWS at once. The total height may grow as rows get measured, so the
  // bottom is reached by scrolling until the last RRset shows.
  const scrollTo = (fraction: number) =>
    page.evaluate((f) => {
      const el = document.scrollingElement ?? document.documentElement;
      window.scrollTo(0, Math.round((el.scrollHeight - window.innerHeight) * f));
    }, fraction);
  const inView = () =>
    section.locator('tbody.rrset').evaluateAll((sets) =>
      sets
        .filter((s) => {
          const r = s.getBoundingClientRect();
          return r.bottom > 0 && r.top < window.innerHeight;
        })
        .map((s) => s.getAttribute('data-rrset')),
    );
  for (const fraction of [0.25, 0.5, 0.75]) {
    await scrollTo(fraction);
    await expect.poll(inView, { message: `rows drawn at ${fraction * 100}%` }).not.toEqual([]);
    expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS);
  }
  const lastSet = rrset(page, last);
  for (let step = 0; step < 40 && !(await lastSet.isVisible()); step++) {
    await scrollTo(1);
    await page.waitForTimeout(150);
    expect(await rows.count()).toBeLessThanOrEqual(MAX_ROWS);
  }
  await expect(lastSet).toBeInViewport();
  await expect(lastSet.locator('.rec-content')).toHaveText(lastRecord.content);
  expect((await seen()).maxRows).toBeLessThanOrEqual(MAX_ROWS);

  // (3) Search finds the one record, wherever it is in the zone.
  const search = page.getByLabel('Search', { exact: true });
  await search.fill('needle');
  await expect(section.locator('tbody.rrset')).toHaveCount(1);
  const set = rrset(page, `${NEEDLE_NAME} TXT`);
  await expect(set.locator('.rec-content')).toHaveText(`needle-${NEEDLE}`);
  await expect(summary('1 of 20,000 RRsets shown · 20,000 values in all')).toBeVisible();
  const oldId = await set.locator('tr[data-record-id]').getAttribute('data-record-id');
  expect(oldId).toMatch(/^rec_/);

  // (4) Edit it through the dialog: a new content and TTL.
  await page.getByRole('button', { name: `Edit ${NEEDLE_NAME} TXT needle-${NEEDLE}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit TXT record' });
  await expect(dialog.getByLabel('Name', { exact: true })).toHaveValue(NEEDLE_NAME);
  await dialog.getByLabel('Content', { exact: true }).fill(`needle-${NEEDLE}-found`);
  await dialog.getByLabel('TTL', { exact: true }).fill('7200');
  const put = page.waitForRequest((r) => r.method() === 'PUT');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  expect((await put).url()).toContain(`/records/${oldId}`);
  await expect(dialog).toBeHidden();

  // (5) Saved: the toast, the row, and the service.
  await expect(page.getByText(`Saved ${NEEDLE_NAME} TXT record`)).toBeVisible();
  const row = set.locator('tr[data-record-id]');
  await expect(row).toHaveCount(1);
  await expect(row.locator('.rec-content')).toHaveText(`needle-${NEEDLE}-found`);
  await expect(set.locator('.cell-ttl')).toHaveText('2 h');
  const newId = await row.getAttribute('data-record-id');
  expect(newId).toMatch(/^rec_/);
  expect((await recordsApi.get(zone.id, newId!)).body.data).toMatchObject({
    record: {
      name: `${NEEDLE_NAME}.${zone.name}.`,
      type: 'TXT',
      content: `needle-${NEEDLE}-found`,
      ttl: 7200,
    },
  });
  // A new content is a new record: the old id is gone, and the zone still holds 20,000.
  expect((await recordsApi.get(zone.id, oldId!)).status).toBe(404);
  await expect(summary('1 of 20,000 RRsets shown · 20,000 values in all')).toBeVisible();

  const { maxRows } = await seen();
  console.log(
    `[records large] loaded in ${loaded} ms; load states ${states.join(' → ')}; ` +
      `progress ${progress.join(' ') || 'not seen'}; at most ${maxRows} rows in the DOM`,
  );
});
