// The Overview and History against a real Knot secondary (knotd from Debian's `knot`), on a server
// of the spec's own that transfers to it by TSIG and lists its zones in a catalog: in sync, then
// unreachable and behind by the change made while it is stopped, then in sync again after its
// restart and Send NOTIFY; History says when Knot picked the change up.
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test, uniqueZoneName } from './fixtures';
import { openNewRecord } from './records-helpers';
import { startServerWithSecondaries, type OwnServer } from './secondaries-helpers';
import { startSecondary, type Secondary } from '../src/server/test-support/secondaries';
import { freePort } from '../src/server/test-support/secondary-daemon';
import type { TsigKey } from '../src/server/test-support/secondary';

test.describe.configure({ mode: 'serial' });

const KEY: TsigKey = {
  name: 'zonedeck-xfr',
  algorithm: 'hmac-sha256',
  secret: randomBytes(32).toString('base64'),
};
const CATALOG = 'catalog.zonedeck.internal';
// Generous for a loaded CI machine: the catalog, then the zone, reach Knot by NOTIFY in about a
// second on an idle one; the page polls every 5 s.
const SLOW = { timeout: 45_000 };

let own: OwnServer | undefined;
let knot: Secondary | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Knot first (our NOTIFY target is fixed when the server starts), on our future DNS port.
  const dnsPort = await freePort();
  knot = await startSecondary('knot', {
    primary: { host: '127.0.0.1', port: dnsPort },
    zones: [],
    tsig: KEY,
    catalog: CATALOG,
  });
  own = await startServerWithSecondaries([`127.0.0.1:${knot.port}@${KEY.name}`], {
    DNS_PORT: String(dnsPort),
    DNS_TSIG_KEYS: `${KEY.name}:${KEY.algorithm}:${KEY.secret}`,
    DNS_TRANSFER_ALLOW: `key:${KEY.name}`,
    DNS_CATALOG_ZONE: CATALOG,
  });
  // Started again now that its primary answers, as an operator would: no wait for a retry.
  await knot.restart();
});

test.afterAll(async () => {
  await own?.close();
  await knot?.destroy();
});

/** Knot's log on the report when a step fails: what it transferred, or why not. */
async function withKnotLog(body: () => Promise<void>) {
  try {
    await body();
  } catch (e) {
    await test.info().attach('knot.log', { body: knot?.log() ?? '', contentType: 'text/plain' });
    throw e;
  }
}

test('a Knot secondary: in sync, behind while stopped, in sync after restart and Send NOTIFY', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await withKnotLog(() => knotScenario(page));
});

async function knotScenario(page: Page) {
  const server = own!;
  const secondary = knot!;
  const zone = uniqueZoneName('knot');
  const created = await server.api('POST', '/v1/zones', { name: zone });
  expect(created.status).toBe(201);
  const zoneId = (created.data as { id: string }).id;
  const target = `127.0.0.1:${secondary.port}`;

  await page.goto(`${server.url}/zones/${zoneId}#key=${encodeURIComponent(server.key)}`);
  const card = page.getByRole('region', { name: 'Secondaries' });
  const row = card.getByRole('listitem').filter({ hasText: target });
  const tab = (name: string) =>
    page.getByRole('navigation', { name: 'Zone sections' }).getByRole('link', { name }).click();

  // The catalog brings the zone to Knot, which transfers it: in sync.
  await expect(row).toContainText('In sync', SLOW);
  await expect(card.getByRole('status')).toHaveText(/^The secondary serves serial \d+\./);
  const synced = Number(/Serves(\d+)/.exec((await row.textContent()) ?? '')?.[1]);
  expect(synced).toBeGreaterThan(0);

  // Knot stops; a record is added in the UI.
  await secondary.stop();
  await tab('Records');
  const dialog = await openNewRecord(page);
  await dialog.getByLabel('Name', { exact: true }).fill('www');
  await dialog.getByLabel('Type', { exact: true }).selectOption('A');
  await dialog.getByLabel('Content', { exact: true }).fill('192.0.2.80');
  await dialog.getByRole('button', { name: 'Create record' }).click();
  await expect(dialog).toBeHidden();

  // Unreachable, and what it was last seen serving: one change behind ours.
  await tab('Overview');
  await expect(row).toContainText('Unreachable', SLOW);
  await expect(row).toContainText(
    new RegExp(`Last seenserving ${synced} \\d+ (s|min) ago, behind by 1 change`),
  );
  await expect(card.getByRole('status')).toContainText('0 of 1 in sync');
  // The record's toast, still fading in or out, is no part of what is checked here.
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, 'a Knot secondary unreachable, last seen behind');

  // Back, with the serial it had; Send NOTIFY makes it take the change at once.
  await secondary.restart();
  await card.getByRole('button', { name: 'Send NOTIFY' }).click();
  await expect(page.getByText(/NOTIFY of serial \d+ sent to 1 secondary/)).toBeVisible();
  await expect(row).toContainText('In sync', SLOW);
  const ours = Number(
    /serves serial (\d+)/.exec((await card.getByRole('status').textContent())!)?.[1],
  );
  expect(ours).not.toBe(synced);
  await expect.poll(() => secondary.serialOf(zone), SLOW).toBe(ours);
  await expect(row).toContainText(`Serves${ours}Last changearrived`);

  // History: the change made while Knot was down shows when Knot picked it up.
  await tab('History');
  const changes = page.getByRole('list', { name: 'Changes, newest first' }).locator(':scope > li');
  const added = changes.filter({ hasText: 'www' }).first();
  await expect(added).toContainText(`serial ${ours}`, SLOW);
  const where = added.getByRole('list', { name: 'Where this change has arrived' });
  await expect(where).toContainText(
    new RegExp(`${target.replace(/\./g, '\\.')} at \\d{1,2}:\\d\\d:\\d\\d.*, \\+\\d`),
    SLOW,
  );
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectAccessible(page, 'History with where each change has arrived');
}
