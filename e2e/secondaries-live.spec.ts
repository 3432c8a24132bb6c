// The Secondaries card against a server of its own whose DNS_NOTIFY names two fake secondaries
// (UDP sockets this test drives): in sync, behind by a change, unreachable, refused, and back in
// sync after Send NOTIFY, each seen by the page's own polling.
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import {
  fakeSecondary,
  startServerWithSecondaries,
  type FakeSecondary,
  type OwnServer,
} from './secondaries-helpers';

test.describe.configure({ mode: 'serial' });

let own: OwnServer;
let a: FakeSecondary;
let b: FakeSecondary;

test.beforeAll(async () => {
  [a, b] = await Promise.all([fakeSecondary(), fakeSecondary()]);
  own = await startServerWithSecondaries([`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`]);
});
test.afterAll(async () => {
  await own?.close();
  a?.close();
  b?.close();
});

/** Our serial, as the route reports it. */
async function ourSerial(zoneId: string): Promise<number> {
  const r = await own.api('GET', `/v1/zones/${zoneId}/secondaries`);
  expect(r.status).toBe(200);
  return (r.data as { serial: number }).serial;
}

test('states follow the secondaries while the page is open; Send NOTIFY', async ({ page }) => {
  test.setTimeout(90_000);
  const created = await own.api('POST', '/v1/zones', { name: 'propagate.example' });
  expect(created.status).toBe(201);
  const zoneId = (created.data as { id: string }).id;
  a.serial = b.serial = await ourSerial(zoneId);

  await page.goto(`${own.url}/zones/${zoneId}#key=${encodeURIComponent(own.key)}`);
  const card = page.getByRole('region', { name: 'Secondaries' });
  const row = (fake: FakeSecondary) =>
    card.getByRole('listitem').filter({ hasText: `:${fake.port}` });
  const summary = card.getByRole('status');
  const poll = { timeout: 15_000 }; // one 5 s poll, and a second in case the first raced

  await expect(summary).toHaveText(/^All 2 secondaries serve serial \d+\./);
  await expect(row(a)).toContainText('In sync');
  await expect(row(a)).toContainText(/Checked\d+ s ago/);

  // A change: a new serial that neither fake takes (they never transfer).
  const added = await own.api('POST', `/v1/zones/${zoneId}/records`, {
    name: 'www',
    type: 'A',
    content: '192.0.2.10',
  });
  expect(added.status).toBe(201);
  const next = await ourSerial(zoneId);
  await expect(row(a)).toContainText('Behind by 1 change', poll);
  await expect(row(a)).toContainText(`ours: ${next}`);
  await expect(summary).toContainText(`0 of 2 in sync with serial ${next}.`);
  // Both acknowledged the NOTIFY of the new serial.
  await expect(row(b)).toContainText(/Acknowledged \d+ s ago \(serial \d+\)/, poll);

  b.mode = 'down';
  a.mode = 'refuse';
  await expect(row(b)).toContainText('Unreachable', poll);
  await expect(row(a)).toContainText('Refused', poll);
  await expectAccessible(page, 'secondaries unreachable and refused');

  // Back, serving the new serial; Send NOTIFY by keyboard reads the states again at once.
  a.mode = b.mode = 'serve';
  a.serial = b.serial = next;
  const notifies = a.notifies;
  const send = card.getByRole('button', { name: 'Send NOTIFY' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`NOTIFY of serial ${next} sent to 2 secondaries`)).toBeVisible();
  await expect(summary).toHaveText(`All 2 secondaries serve serial ${next}.`);
  expect(a.notifies).toBeGreaterThan(notifies);
});
