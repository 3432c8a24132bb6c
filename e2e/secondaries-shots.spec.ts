// Screenshots of the Secondaries card for people to look at, light and dark, desktop and a
// 360 px phone: four fake secondaries (in sync, behind by 3 changes, unreachable, refused) on a
// server of its own, the History page of the same zone (where each change has arrived), and
// the empty state on the shared server. Not a test: it declares nothing
// unless asked for, with
// `SHOTS_SECONDARIES_DIR=/tmp/shots-secondaries npx playwright test --project=e2e secondaries-shots`.
import type { Page } from '@playwright/test';
import { api, expect, signInWithLink, test, uniqueZoneName } from './fixtures';
import {
  fakeSecondary,
  startServerWithSecondaries,
  type FakeSecondary,
  type OwnServer,
} from './secondaries-helpers';
import { looksFor, wear } from './looks';

const dir = process.env.SHOTS_SECONDARIES_DIR;

test.describe.configure({ mode: 'serial' });

let own: OwnServer | undefined;
let fakes: FakeSecondary[] = [];
let zoneId = '';

/** A zone whose four secondaries are in each state, the first two acknowledged NOTIFY. */
async function setUp() {
  fakes = await Promise.all([1, 2, 3, 4].map(() => fakeSecondary()));
  const server = await startServerWithSecondaries(fakes.map((f) => `127.0.0.1:${f.port}`));
  own = server;
  const z = await server.api('POST', '/v1/zones', { name: 'shop.example' });
  zoneId = (z.data as { id: string }).id;
  const serial = async () =>
    ((await server.api('GET', `/v1/zones/${zoneId}/secondaries`)).data as { serial: number })
      .serial;
  for (const f of fakes) f.serial = await serial();
  for (const last of [10, 11, 12]) {
    await server.api('POST', `/v1/zones/${zoneId}/records`, {
      name: 'www',
      type: 'A',
      content: `192.0.2.${last}`,
    });
  }
  fakes[0]!.serial = await serial();
  fakes[2]!.mode = 'down';
  fakes[3]!.mode = 'refuse';
}

if (dir) {
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    await setUp();
  });
  test.afterAll(async () => {
    await own?.close();
    for (const f of fakes) f.close();
  });
}

async function shoot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}-page.png`, fullPage: true });
  await page
    .getByRole('region', { name: 'Secondaries' })
    .screenshot({ path: `${dir}/${name}-card.png` });
}

for (const look of looksFor(dir)) {
  const { scheme, device } = look;
  test(`secondaries, ${scheme} ${device}`, async ({ page }) => {
    test.setTimeout(60_000);
    await wear(page, look);
    await page.goto(`${own!.url}/zones/${zoneId}#key=${encodeURIComponent(own!.key)}`);
    const card = page.getByRole('region', { name: 'Secondaries' });
    await expect(card.getByText('Behind by 3 changes', { exact: true })).toBeVisible({
      timeout: 15_000,
    });
    await expect(card.getByText('Unreachable', { exact: true })).toBeVisible();
    await shoot(page, `secondaries-${scheme}-${device}`);

    // History: where each change has arrived (one in sync, one behind, one unreachable, one refused).
    await page.goto(`${own!.url}/zones/${zoneId}/history`);
    await expect(
      page.getByRole('list', { name: 'Where this change has arrived' }).first(),
    ).toBeVisible({
      timeout: 15_000,
    });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({
      path: `${dir}/secondaries-history-${scheme}-${device}.png`,
      fullPage: true,
    });

    const zone = await api().createZone(uniqueZoneName('no-secondaries'));
    await signInWithLink(page, undefined, `/zones/${zone.id}`);
    await card.getByRole('heading', { name: 'No secondaries configured' }).waitFor();
    await shoot(page, `secondaries-empty-${scheme}-${device}`);
  });
}
