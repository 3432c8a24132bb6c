// The usage page against the real server: a fresh zone is honestly empty (with the dig hint for
// this service's DNS server); after real queries sent with dig, the chart and the table show
// exactly those counts, per type, per day (stacked chart and its table), by outcome and in the
// day's top names (asked, and NXDOMAIN); a range picked in the page is the range the API
// counts. A key without usage:read is told which scope it lacks.
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

  const table = card.getByRole('table', { name: 'Queries by record type' });
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

  // Today's row of the daily series and the outcomes: 10 answers, then 2 NXDOMAIN.
  expect(await queryDns(`nope.${zone.name}`, 'A', 2)).toBe('NXDOMAIN');
  await card.getByRole('button', { name: 'Refresh usage' }).click();
  await expect(card.locator('.usage-total')).toHaveText('12');
  const daily = card.getByRole('img', { name: /^Stacked bar chart of queries per day/ });
  await expect(daily).toHaveAccessibleName(/12 in all/);
  await expect(daily.locator('.usage-legend li')).toHaveText(['A', 'MX', 'TXT']);
  await card.getByText('Numbers per day').click();
  const today = new Date().toISOString().slice(0, 10);
  const dayRow = card
    .getByRole('table', { name: 'Queries per day by record type' })
    .getByRole('row', { name: new RegExp(`^${today}`) });
  await expect(dayRow).toHaveText(new RegExp(`${today}\\s*7\\s*3\\s*2\\s*12`));
  const outcomes = card.getByRole('table', { name: 'Queries by outcome' });
  await expect(outcomes.getByRole('row', { name: /^Answered/ })).toContainText('10');
  await expect(outcomes.getByRole('row', { name: /^NXDOMAIN/ })).toContainText('2');

  // Today's top names (the range's last day): the apex 10 times, the missing name twice, and
  // only the missing name among those that got NXDOMAIN; exact counts, no "at least".
  const rowsOf = async (name: string) =>
    (await card.getByRole('table', { name }).locator('tbody tr').allInnerTexts()).map((t) =>
      t.split(/\s+/).join(' '),
    );
  await expect
    .poll(() => rowsOf(`Most asked names on ${today} (UTC)`))
    .toEqual([`${zone.name}. 10`, `nope.${zone.name}. 2`]);
  expect(await rowsOf(`Names that got NXDOMAIN on ${today} (UTC)`)).toEqual([
    `nope.${zone.name}. 2`,
  ]);
  await expect(card.getByText(/at least/)).toHaveCount(0);

  // A range that ends yesterday holds none of today's queries.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await card.getByLabel('From (UTC)').fill(yesterday);
  await card.getByLabel('To (UTC)').fill(yesterday);
  await card.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${yesterday}&to=${yesterday}`));
  await expect(
    page.getByText('No queries were answered for this zone in this range.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'This month' }).click();
  await expect(page.locator('.usage-total')).toHaveText('12');

  expect(
    (await fetch(`${server.url}/v1/zones/${zone.id}/usage`, {
      headers: { Authorization: `Bearer ${server.key}` },
    }).then((r) => r.json())) as unknown,
  ).toMatchObject({
    data: {
      queries: 12,
      queries_by_type: { A: 7, MX: 3, TXT: 2 },
      by_outcome: { answer: 10, nxdomain: 2, nodata: 0, referral: 0, refused: 0 },
    },
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
