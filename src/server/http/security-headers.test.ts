// Security headers over real HTTP: on API answers (success and refusals), on the dashboard's
// index.html (its own CSP, a fresh nonce, the build's hashes) and on the not-built fallback.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { startTestServer, type TestServer } from '../test-support/harness';
import { sha256 } from './index-html';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
};
const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

function expectCommon(h: Headers) {
  for (const [name, value] of Object.entries(COMMON)) expect(h.get(name), name).toBe(value);
}

/** The CSP as directive → its sources. */
function csp(h: Headers): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (h.get('content-security-policy') ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

describe('API answers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_DIR: path.join(os.tmpdir(), 'zonedeck-no-such-build') });
  });
  afterAll(() => server.close());

  it('a zone list: every header, a CSP that allows nothing, and no-store', async () => {
    const r = await server.admin.get('/v1/zones');
    expect(r.status).toBe(200);
    expectCommon(r.headers);
    expect(r.headers.get('content-security-policy')).toBe(NON_HTML_CSP);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it.each([
    ['no key (401)', '/v1/zones', undefined],
    ['no such zone (404)', '/v1/zones/zone_nothere', 'admin'],
    ['no such route (404)', '/v1/nothing', 'admin'],
  ])('a refusal carries them too: %s', async (_what, p, who) => {
    const r = await (who ? server.admin : server.client()).get(p);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.body.status).toBe('error');
    expectCommon(r.headers);
    expect(r.headers.get('content-security-policy')).toBe(NON_HTML_CSP);
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('a CORS preflight and /service.json carry them', async () => {
    const pre = await server.client().raw('/v1/zones', {
      method: 'OPTIONS',
      headers: { Origin: 'https://elsewhere.example', 'Access-Control-Request-Method': 'GET' },
    });
    expect(pre.status).toBeLessThan(300);
    expectCommon(pre.headers);
    const info = await server.client().get('/service.json');
    expectCommon(info.headers);
    expect(info.headers.get('content-security-policy')).toBe(NON_HTML_CSP);
  });

  it('without a build, the dashboard paths answer 503 with text that says how to build', async () => {
    for (const p of ['/', '/index.html', '/zones/zone_1']) {
      const r = await server.client().get(p);
      expect(r.status, p).toBe(503);
      expect(r.body).toMatch(/npm run build/);
      expectCommon(r.headers);
      expect(r.headers.get('content-security-policy')).toBe(NON_HTML_CSP);
    }
  });
});

describe('the dashboard’s index.html', () => {
  const inline = "document.documentElement.dataset.x = '1';";
  const injected = 'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=';
  const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-web-'));
  let server: TestServer;
  beforeAll(async () => {
    // A build as Vite writes it: the nonce placeholder, the injected-style hashes, an inline script.
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app-1.js'), 'console.log(1);');
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      `<!doctype html><html><head><script>${inline}</script>
<meta property="csp-nonce" nonce="ZONEDECK_CSP_NONCE">
<script type="module" src="/assets/app-1.js" nonce="ZONEDECK_CSP_NONCE"></script>
<meta name="zonedeck-style-hashes" content="${injected}"></head><body></body></html>`,
    );
    server = await startTestServer({ WEB_DIR: webDir });
  });
  afterAll(async () => {
    await server.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it.each(['/', '/index.html', '/zones/zone_1/records'])(
    '%s: the dashboard CSP, with a fresh nonce that the page carries, and no-cache',
    async (p) => {
      const nonces = new Set<string>();
      for (let i = 0; i < 2; i++) {
        const r = await server.client().get(p);
        expect(r.status).toBe(200);
        expect(r.headers.get('content-type')).toMatch(/^text\/html/);
        expect(r.headers.get('cache-control')).toBe('no-cache');
        expectCommon(r.headers);
        const d = csp(r.headers);
        const nonce = /'nonce-([^']+)'/.exec(d['style-src']?.join(' ') ?? '')?.[1];
        expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
        expect(r.body).not.toContain('ZONEDECK_CSP_NONCE');
        expect(r.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
        nonces.add(nonce!);
        expect(d['default-src']).toEqual(["'self'"]);
        expect(d['script-src']).toEqual(["'self'", `'${sha256(inline)}'`]);
        expect(d['style-src']).toEqual(["'self'", `'nonce-${nonce}'`, `'${injected}'`]);
        expect(d['img-src']).toEqual(["'self'", 'data:']);
        expect(d['connect-src']).toEqual(["'self'", 'https:']);
        for (const [name, value] of [
          ['frame-ancestors', "'none'"],
          ['object-src', "'none'"],
          ['base-uri', "'none'"],
          ['form-action', "'self'"],
        ] as const)
          expect(d[name], name).toEqual([value]);
        expect(Object.values(d).flat()).not.toContain("'unsafe-inline'");
      }
      expect(nonces.size).toBe(2);
    },
  );

  it('assets: cached for good, with the headers and no page policy', async () => {
    const r = await server.client().get('/assets/app-1.js');
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expectCommon(r.headers);
    expect(r.headers.get('content-security-policy')).toBe(NON_HTML_CSP);
  });
});

describe('HTTP_CSP_CONNECT_SRC', () => {
  it('empty allows this service only', async () => {
    const webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>x</title>');
    const server = await startTestServer({ WEB_DIR: webDir, HTTP_CSP_CONNECT_SRC: '' });
    try {
      const r = await server.client().get('/');
      expect(csp(r.headers)['connect-src']).toEqual(["'self'"]);
      expect(csp(r.headers)['script-src']).toEqual(["'self'"]);
    } finally {
      await server.close();
      fs.rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('takes a list of origins, and refuses what would change the policy itself', () => {
    const env = (v: string) => ({ HTTP_CSP_CONNECT_SRC: v });
    expect(
      loadConfig(env(' https://api.example.com  http://127.0.0.1:8081 ')).HTTP_CSP_CONNECT_SRC,
    ).toEqual(['https://api.example.com', 'http://127.0.0.1:8081']);
    for (const bad of ["https: 'unsafe-inline'", 'https:; script-src *', 'a,b'])
      expect(() => loadConfig(env(bad)), bad).toThrow(/HTTP_CSP_CONNECT_SRC/);
  });
});
