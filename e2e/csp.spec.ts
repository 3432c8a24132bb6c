// The dashboard under its Content-Security-Policy: the headers on the real build, the policy
// really blocking injected code, and a walk through every page in both themes where the styles
// the libraries inject (Radix's scroll lock, sonner's toasts) apply without a violation. (Every
// other spec fails on a violation too: see `cspViolations` in fixtures.ts.)
import type { Page } from '@playwright/test';
import { api, expect, queryDns, server, signInWithLink, test, uniqueZoneName } from './fixtures';

test('index.html and its assets carry the headers; the nonce is fresh per answer', async ({
  request,
}) => {
  const nonces = new Set<string>();
  for (const p of ['/', '/zones/zone_x/records', '/index.html']) {
    const res = await request.get(p);
    expect(res.status()).toBe(200);
    const h = res.headers();
    expect(h['cache-control']).toBe('no-cache');
    expect(h['x-content-type-options']).toBe('nosniff');
    expect(h['x-frame-options']).toBe('DENY');
    expect(h['referrer-policy']).toBe('no-referrer');
    expect(h['cross-origin-opener-policy']).toBe('same-origin');
    const policy = h['content-security-policy'] ?? '';
    expect(policy).toMatch(/^default-src 'self'; script-src 'self'; style-src 'self' 'nonce-/);
    expect(policy).toContain("frame-ancestors 'none'; object-src 'none'; base-uri 'none'");
    expect(policy).not.toContain('unsafe-inline');
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1] ?? '';
    const html = await res.text();
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script at all
    nonces.add(nonce);

    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? '';
    const a = await request.get(asset);
    expect(a.status()).toBe(200);
    expect(a.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(a.headers()['x-content-type-options']).toBe('nosniff');
  }
  expect(nonces.size).toBe(3);

  const json = await request.get('/v1/zones', {
    headers: { Authorization: `Bearer ${server.key}` },
  });
  expect(json.headers()['cache-control']).toBe('no-store');
  expect(json.headers()['content-security-policy']).toBe(
    "default-src 'none'; frame-ancestors 'none'",
  );
});

test('the policy blocks an injected inline script and style, and the guard reports them', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/sign-in');
  await expect(page.getByLabel('API key')).toBeVisible();
  const applied = await page.evaluate(() => {
    const style = document.createElement('style');
    style.textContent = 'body { margin-left: 123px !important; }';
    document.head.append(style);
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true;';
    document.head.append(script);
    return {
      style: getComputedStyle(document.body).marginLeft === '123px',
      script: (window as { __injected?: boolean }).__injected === true,
    };
  });
  expect(applied).toEqual({ style: false, script: false });
  await expect.poll(() => cspViolations.join('\n')).toMatch(/style-src-elem[\s\S]*script-src-elem/);
  cspViolations.length = 0; // expected here; any other violation fails the test
});

/** Every <style> element of the page took effect (a blocked one has no sheet). */
async function expectInjectedStylesApplied(page: Page) {
  const styles = await page.evaluate(() =>
    [...document.querySelectorAll('style')].map((s) => ({
      applied: s.sheet !== null,
      text: (s.textContent ?? '').slice(0, 40),
    })),
  );
  for (const s of styles) expect(s.applied, s.text).toBe(true);
  return styles;
}

for (const theme of ['light', 'dark'] as const) {
  test(`every page of the app, ${theme} theme, without a violation`, async ({ page }) => {
    test.setTimeout(60_000);
    // Light from the system; dark as the stored choice, applied by /theme.js before first paint.
    await page.emulateMedia({ colorScheme: 'light', reducedMotion: 'reduce' });
    if (theme === 'dark')
      await page.addInitScript(() => localStorage.setItem('zonedeck.theme', 'dark'));

    await page.goto('/sign-in');
    await expect(page.getByLabel('API key')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(
      theme === 'dark' ? 'dark' : undefined,
    );

    const zone = await api().createZone(uniqueZoneName(`csp-${theme}`));
    await signInWithLink(page);
    await expect(page.getByRole('table')).toBeVisible();
    // sonner's stylesheet (hashed at build) arrives with the toaster, after the first render.
    await expect
      .poll(async () =>
        (await expectInjectedStylesApplied(page)).some((s) => /sonner/.test(s.text)),
      )
      .toBe(true);

    // A Radix dialog locks scrolling with a <style> that carries the page's nonce.
    await page.getByRole('button', { name: 'Create zone' }).click();
    await expect(page.getByRole('dialog', { name: 'Create zone' })).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).overflow))
      .toBe('hidden');
    await expectInjectedStylesApplied(page);
    await page.keyboard.press('Escape');

    await page.goto(`/zones/${zone.id}`);
    await expect(page.getByRole('heading', { name: 'Nameservers' })).toBeVisible();

    await page.goto(`/zones/${zone.id}/records`);
    await page.getByRole('button', { name: 'Add the first record' }).click();
    await expect(page.getByRole('dialog', { name: 'New record' })).toBeVisible();
    await expectInjectedStylesApplied(page);
    await page.keyboard.press('Escape');

    for (const type of ['SOA', 'NS']) await queryDns(zone.name, type);
    await page.goto(`/zones/${zone.id}/usage`);
    await page.getByRole('button', { name: 'Refresh usage' }).click();
    await expect(page.locator('.usage-bar-label')).toHaveCount(2);
    await expect(page.locator('.recharts-surface').first()).toBeVisible();

    await api().setDnssec(zone.id, true);
    await page.goto(`/zones/${zone.id}/dnssec`);
    await expect(page.getByRole('region', { name: 'Signing keys' })).toBeVisible();
    await expectInjectedStylesApplied(page);
  });
}

test('"Service elsewhere?": https to another origin is allowed, plain http is refused with a hint', async ({
  page,
  cspViolations,
}) => {
  await page.goto('/sign-in');
  await page.getByLabel('API key').fill('zd_whatever');
  await page.getByText('Service elsewhere?').click();
  const url = page.getByLabel('Service URL');

  // Nothing listens on port 9 over TLS: a network failure, but no violation (the guard checks).
  await url.fill('https://127.0.0.1:9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Could not reach the service at https://127.0.0.1:9')).toBeVisible();
  expect(cspViolations).toEqual([]);

  await url.fill('http://127.0.0.1:9');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(/only call services elsewhere over https/)).toBeVisible();
  await expect.poll(() => cspViolations.join('\n')).toMatch(/connect-src/);
  cspViolations.length = 0; // expected here
});
