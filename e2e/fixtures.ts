// Test helpers: the server started by global-setup, API calls with a key, operator keys from the
// CLI, unique zone names (tests share one server, so each test creates and owns its zones).
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect, type Page } from '@playwright/test';
import { dig } from '../src/server/test-support/dns-tools';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');

function env(name: string): string {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set: the tests run through global-setup.ts`);
  return v;
}

export const server = {
  get url() {
    return env('E2E_BASE_URL');
  },
  /** The first-start key of customer "default", holding every scope. */
  get key() {
    return env('E2E_KEY');
  },
};

/** Asks the service's DNS server `times` times with the real `dig`; the last answer's status. */
export async function queryDns(name: string, type: string, times = 1): Promise<string> {
  let status = '';
  for (let i = 0; i < times; i++) {
    status = (await dig(Number(env('E2E_DNS_PORT')), name, type)).status;
  }
  return status;
}

/** A zone name no other test uses: `<label>-<random>.example`. */
export function uniqueZoneName(label: string): string {
  const rand = Date.now().toString(36).slice(-5) + Math.random().toString(36).slice(2, 7);
  return `${label}-${rand}.example`;
}

/** Issues a key the way an operator does: `npm run --silent apikey -- create …`. */
export async function createKey(
  customer: string,
  scopes: string,
): Promise<{ id: string; key: string }> {
  const { stdout } = await run(
    'npm',
    ['run', '--silent', 'apikey', '--', 'create', '--customer', customer, '--scopes', scopes],
    { cwd: root, env: { ...process.env, DATA_DIR: env('E2E_DATA_DIR') } },
  );
  const id = /Created key (\S+)/.exec(stdout)?.[1];
  const key = stdout.trim().split('\n').at(-1);
  if (!id || !key) throw new Error(`unexpected apikey output:\n${stdout}`);
  return { id, key };
}

export async function revokeKey(id: string): Promise<void> {
  await run('npm', ['run', '--silent', 'apikey', '--', 'revoke', id], {
    cwd: root,
    env: { ...process.env, DATA_DIR: env('E2E_DATA_DIR') },
  });
}

export interface ApiZone {
  id: string;
  name: string;
  status: string;
  nameservers: string[];
}

/** Direct API calls, for test data and for checking what the dashboard did. */
export function api(key = server.key) {
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(server.url + p, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { data: unknown } };
  };
  return {
    async createZone(name: string, extra: Record<string, unknown> = {}): Promise<ApiZone> {
      const r = await call('POST', '/v1/zones', { name, ...extra });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data as ApiZone;
    },
    async getZone(id: string) {
      return call('GET', `/v1/zones/${id}`);
    },
    /** Switches the zone's DNSSEC on or off through the API. */
    async setDnssec(id: string, enabled: boolean) {
      const r = await call('PATCH', `/v1/zones/${id}/dnssec/status`, { enabled });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    },
  };
}

/** Signs in through the server's sign-in link, as a user opening it would. */
export async function signInWithLink(page: Page, key = server.key, path = '/') {
  await page.goto(`${path}#key=${encodeURIComponent(key)}`);
}

export const test = base.extend<{ cspViolations: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => use(server.url),
  // Every test, on every page it opens, fails on a Content-Security-Policy violation: the
  // browser's console report and the page's securitypolicyviolation event both count.
  cspViolations: [
    async ({ context }, use) => {
      const seen: string[] = [];
      context.on('console', (m) => {
        if (/Content.Security.Policy/i.test(m.text())) seen.push(m.text());
      });
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.error(
            `Content-Security-Policy violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} ${e.sample}`,
          );
        });
      });
      await use(seen);
      expect(seen, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
