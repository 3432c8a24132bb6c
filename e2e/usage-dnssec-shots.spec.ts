// Screenshots of the usage page and the DNSSEC panel for people to look at, light and dark,
// desktop and a 360 px phone. Not a test: it declares nothing unless asked for, with
// `SHOTS_USAGE_DIR=/tmp/shots-usage npx playwright test --project=e2e usage-dnssec-shots`.
import { dig as digWith } from '../src/server/test-support/dns-tools';
import { api, queryDns, signInWithLink, test, uniqueZoneName } from './fixtures';

const dir = process.env.SHOTS_USAGE_DIR;

const dig = queryDns;

const schemes = dir ? (['light', 'dark'] as const) : [];
for (const scheme of schemes) {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 360, height: 740 }],
  ] as const) {
    test(`usage and DNSSEC, ${scheme} ${device}`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      const shot = async (name: string) => {
        await page.evaluate(() => window.scrollTo(0, 0)); // the sticky top bar stays on top
        await page.screenshot({ path: `${dir}/${name}-${scheme}-${device}.png`, fullPage: true });
      };
      /** One region alone, readable at full size even from a long phone page. */
      const part = (name: string, region: string) =>
        page
          .getByRole('region', { name: region })
          .screenshot({ path: `${dir}/${name}-${scheme}-${device}.png` });

      const zone = await api().createZone(uniqueZoneName('shop'));
      await signInWithLink(page, undefined, `/zones/${zone.id}/usage`);
      await page.getByRole('heading', { name: 'No queries this month' }).waitFor();
      await page.locator('.usage-dig').waitFor();
      await shot('usage-empty');

      await Promise.all([
        dig(zone.name, 'A', 42),
        dig(zone.name, 'AAAA', 17),
        dig(zone.name, 'MX', 9),
        dig(zone.name, 'TXT', 6),
        dig(`www.${zone.name}`, 'HTTPS', 4),
        dig(zone.name, 'NS', 2),
        dig(zone.name, 'SOA', 1),
        dig(`nope.${zone.name}`, 'A', 5),
      ]);
      await page.getByRole('button', { name: 'Refresh usage' }).click();
      await page.locator('.usage-total', { hasText: /^86$/ }).waitFor();
      await page.locator('.usage-bar-label').first().waitFor();
      await shot('usage-chart');
      await page.locator('.recharts-bar-rectangle').nth(1).hover();
      await page.locator('.usage-tooltip').waitFor();
      await shot('usage-tooltip');

      // Top names: 70 junk names once each fill the 64 slots, so some counts say "at least".
      // Over TCP: rate limiting would drop this many NXDOMAIN answers to one UDP source.
      const port = Number(process.env.E2E_DNS_PORT);
      await Promise.all(
        Array.from({ length: 7 }, async (_, chain) => {
          for (let i = 0; i < 10; i++)
            await digWith(port, `junk${chain * 10 + i}.${zone.name}`, 'A', '+tcp');
        }),
      );
      await page.getByRole('button', { name: 'Refresh usage' }).click();
      await page.locator('.usage-total', { hasText: /^156$/ }).waitFor();
      await page
        .getByText(/at least/)
        .first()
        .waitFor();
      // The sticky top bar would cover the tables' first rows in a shot of the element alone
      // (set through the CSSOM: the page's CSP refuses an injected style sheet).
      await page.evaluate(() => {
        const bar = document.querySelector<HTMLElement>('.topbar');
        if (bar) bar.style.position = 'static';
      });
      await page
        .locator('.usage-top')
        .screenshot({ path: `${dir}/usage-top-${scheme}-${device}.png` });
      await page.evaluate(() =>
        document.querySelector<HTMLElement>('.topbar')?.style.removeProperty('position'),
      );

      await page.getByRole('link', { name: 'DNSSEC' }).click();
      await page.getByRole('heading', { name: 'DNSSEC is off' }).waitFor();
      await shot('dnssec-off');
      await page.getByRole('button', { name: 'Turn on DNSSEC' }).click();
      await page.getByRole('region', { name: 'DS record · SHA-256' }).waitFor();
      await page.getByRole('region', { name: 'Signing keys' }).waitFor();
      await page.getByRole('button', { name: 'Copy DS record (SHA-256)' }).click();
      await shot('dnssec-on');
      await part('dnssec-part-status', 'DNSSEC is on');
      await part('dnssec-part-ds', 'DS record · SHA-256');
      await part('dnssec-part-keys', 'Signing keys');
      await part('dnssec-part-cds', 'Automatic DS updates (CDS)');
      await page.getByRole('button', { name: 'Ask the parent to remove the DS' }).click();
      await page.getByText('Removal requested').waitFor();
      await part('dnssec-part-cds-removal', 'Automatic DS updates (CDS)');
      await page.getByRole('button', { name: 'Turn off DNSSEC' }).click();
      await page.getByRole('dialog').waitFor();
      await shot('dnssec-confirm');
      await page.keyboard.press('Escape');

      // A zone below it, signed: the parent (unsigned, then signed) publishes its DS (ADR 0030).
      const child = await api().createZone(`dev.${zone.name}`);
      await page.goto(`/zones/${child.id}/dnssec`);
      await page.getByRole('button', { name: 'Turn on DNSSEC' }).click();
      await page.getByRole('heading', { name: `DS record published by ${zone.name}` }).waitFor();
      await shot('dnssec-child');
      await page.getByRole('button', { name: 'Ask the parent to remove the DS' }).click();
      await page.getByText(/withdrew this zone’s DS/).waitFor();
      await shot('dnssec-child-removing');
      await page.goto(`/zones/${zone.id}`);
      await page.getByRole('heading', { name: 'Zones hosted below' }).waitFor();
      await shot('overview-children');
    });
  }
}
