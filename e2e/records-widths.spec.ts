// The records table between a phone and a wide screen: at 800 px the Content column was about
// 50 px wide (the fixed columns took the rest) and values were unreadable; below 960 px the
// RRsets are now cards. Screenshots with
// `SHOTS_WIDTHS_DIR=/tmp npx playwright test --project=e2e records-widths` (width-<px>.png).
import { expect, test } from './fixtures';
import { newZone, openRecords, recordsApi, rrset } from './records-helpers';

const shotsDir = process.env.SHOTS_WIDTHS_DIR;

test('Content keeps a readable width at medium widths; nothing sticks out', async ({ page }) => {
  const zone = await newZone('widths');
  await recordsApi.seed(zone.id, [
    { name: '@', type: 'A', content: '192.0.2.10', comment: 'web front' },
    { name: '@', type: 'MX', content: '10 mail.example.net.' },
    {
      name: 'mail._domainkey',
      type: 'TXT',
      content:
        '"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu5Wn0Vq2xkE8sYx7Pq3mR9TtZ4b1c"',
      comment: 'DKIM key of the mail provider',
    },
    { name: 'www', type: 'CNAME', content: `${zone.name}.` },
    { name: '_sip._tcp', type: 'SRV', content: '10 60 5060 sip.example.net.' },
  ]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await openRecords(page, zone.id);
  await expect(rrset(page, 'mail._domainkey TXT')).toBeVisible();

  const table = page.getByRole('table', { name: /Records/ });
  // The MX value's cell: a column of the table on a wide screen, a card's line below 960 px.
  const content = rrset(page, '@ MX').locator('.cell-content');
  for (const width of [1280, 1024, 900, 800, 768, 390]) {
    await page.setViewportSize({ width, height: 800 });
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/width-${width}.png` });
    // Nothing sticks out of the page sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
    if (width >= 768) {
      const box = (await content.boundingBox())!;
      expect.soft(box.width, `Content at ${width} px`).toBeGreaterThanOrEqual(160);
    }
    // The value's actions stay inside the table.
    const outer = (await table.boundingBox())!;
    const actions = (await rrset(page, '@ MX').locator('.cell-actions').boundingBox())!;
    expect(actions.x + actions.width).toBeLessThanOrEqual(outer.x + outer.width + 1);
  }
});
