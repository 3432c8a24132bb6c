// e2e against the real server: global-setup starts it on a free port with a fresh data directory
// (after `npm run test:e2e` has built the dashboard), in Debian's Chromium (no browser download).
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  projects: [
    { name: 'e2e', testIgnore: ['**/screenshots.spec.ts'] },
    // Screenshots for people to look at (`npm run shots`, into /tmp/shots), not a test.
    { name: 'shots', testMatch: ['**/screenshots.spec.ts'] },
  ],
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A spec's whole run, not a timed assertion: the longest ones (sign in, real dig queries, two
  // charts, an axe scan, a navigation) took 33 s on a loaded 2-core CI machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 1280, height: 800 },
    permissions: ['clipboard-read', 'clipboard-write'],
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
