// The usage page against the real server: a fresh zone is honestly empty (with the dig hint for
// this service's DNS server); after real queries sent with dig, the chart and the table show
// exactly those counts. A key without usage:read is told which scope it lacks.
import {
  api,
  createKey,
  expect,
  queryDns,
  server,
  signInWithLink,
  test,
  uniqueZoneName,
} from './fixtures';

const dnsPort = () => {
  const port = process.env.E2E_DNS_PORT;
  if (!port || port === 'NaN') throw new Error('E2E_DNS_PORT is not set by global-setup.ts');
  return port;
};

/** Sends `times` real queries to the service's DNS server, one try each (no resends counted). */
async function dig(name: string, type: string, times: number) {
  for (let i = 0; i < times; i++) {
    expect(await queryDns(name, type), `dig ${name} ${type}`).toBe('NOERROR');
  }
}

async function addRecord(zoneId: string, record: { name: string; type: string; content: string }) {
  const res = await fetch(`${server.url}/v1/zones/${zoneId}/records`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${server.key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(record),
  });
  expect(res.status, await res.text()).toBe(201);
}

test('a fresh zone shows the empty state; after real queries, the exact counts', async ({
  page,
}) => {
  const zone = await api().createZone(uniqueZoneName('usage'));
  await signInWithLink(page, undefined, `/zones/${zone.id}/usage`);

  const card = page.getByRole('region', { name: /Queries this month/ });
  await expect(card.getByRole('heading', { name: 'No queries this month' })).toBeVisible();
  await expect(card.locator('.usage-total')).toHaveText('0');
  await expect(card.getByText(`dig @127.0.0.1 -p ${dnsPort()} ${zone.name}`)).toBeVisible();
  await expect(page.locator('.recharts-wrapper')).toHaveCount(0);

  await addRecord(zone.id, { name: '@', type: 'A', content: '192.0.2.10' });
  await addRecord(zone.id, { name: '@', type: 'MX', content: `10 mail.${zone.name}` });
  await addRecord(zone.id, { name: '@', type: 'TXT', content: 'v=spf1 -all' });
  await Promise.all([dig(zone.name, 'A', 5), dig(zone.name, 'MX', 3), dig(zone.name, 'TXT', 2)]);

  await card.getByRole('button', { name: 'Refresh usage' }).click();
  await expect(card.locator('.usage-total')).toHaveText('10');

  const table = card.getByRole('table');
  const cells = async () =>
    (await table.locator('tbody tr').allInnerTexts()).map((t) => t.split(/\s+/).join(' '));
  await expect.poll(cells).toEqual(['A 5 50.0%', 'MX 3 30.0%', 'TXT 2 20.0%']);
  await expect(table.locator('tfoot')).toContainText('10');

  const chart = card.getByRole('img', { name: /^Bar chart of queries by type/ });
  await expect(chart).toHaveAccessibleName('Bar chart of queries by type: A 5, MX 3, TXT 2');
  await expect(
    chart.locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value'),
  ).toHaveText(['A', 'MX', 'TXT']);
  await expect(chart.locator('.usage-bar-label')).toHaveText(['5', '3', '2']);
  await chart.locator('.recharts-bar-rectangle').nth(1).hover();
  await expect(chart.locator('.usage-tooltip')).toHaveText(/MX\s*3 queries · 30\.0\s?%/);

  expect(
    (await fetch(`${server.url}/v1/zones/${zone.id}/usage`, {
      headers: { Authorization: `Bearer ${server.key}` },
    }).then((r) => r.json())) as unknown,
  ).toMatchObject({
    data: { queries: 10, queries_by_type: { A: 5, MX: 3, TXT: 2 } },
  });
});

test('a key without usage:read is told so, with no chart', async ({ page }) => {
  const { key } = await createKey(`nousage-${Date.now().toString(36)}`, 'zones:read,zones:write');
  const zone = await api(key).createZone(uniqueZoneName('nousage'));
  await signInWithLink(page, key, `/zones/${zone.id}/usage`);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Missing permission');
  await expect(alert).toContainText('This needs the usage:read scope');
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.locator('.usage-total')).toHaveCount(0);
});
