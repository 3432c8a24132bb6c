// The checks every /v1 request passes, in the order the decisions file fixes: routing (404/405),
// authentication (401), scope (403), body size and type (413/415), existence (404), validation.
import { once } from 'node:events';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES, type Scope } from '../../shared/api/fields';
import { createApiKey, revokeApiKey } from '../store/customers';
import {
  createZone,
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestClient,
  type TestServer,
} from '../test-support/harness';

type Route = { method: string; path: string; scopes: Scope[]; body?: unknown };

const ZR: Scope[] = ['zones:read'];
const ZW: Scope[] = ['zones:write'];
const R: Scope[] = ['zones:read', 'records:read'];
const W: Scope[] = ['zones:read', 'records:write'];
const Z = '/v1/zones/{zone_id}';
const REC = `${Z}/records/{record_id}`;
const BY_NAME = `${Z}/records/by-name/{name}/{type}`;
const JSON_TYPE = 'application/json';
const recordBody = { name: 'www', type: 'A', content: '192.0.2.1', ttl: 600 };

// Every route of the spec with the scopes the decisions file gives it. Writes that would destroy
// the shared zone come last, so that a gate that lets them through spoils as little as possible.
const ROUTES: Route[] = [
  { method: 'POST', path: '/v1/zones', scopes: ZW, body: { name: 'x.example' } },
  { method: 'GET', path: '/v1/zones', scopes: ZR },
  { method: 'GET', path: Z, scopes: ZR },
  { method: 'PUT', path: Z, scopes: ZW, body: { ttl: 600 } },
  { method: 'GET', path: `${Z}/usage`, scopes: ['usage:read'] },
  { method: 'GET', path: `${Z}/dnssec/status`, scopes: ZR },
  { method: 'PATCH', path: `${Z}/dnssec/status`, scopes: ZW, body: { enabled: false } },
  { method: 'GET', path: `${Z}/dnssec/cryptokeys`, scopes: ZR },
  { method: 'GET', path: `${Z}/dnssec/ds`, scopes: ZR },
  { method: 'POST', path: `${Z}/records`, scopes: W, body: { ...recordBody, name: 'new' } },
  { method: 'GET', path: `${Z}/records`, scopes: R },
  { method: 'GET', path: REC, scopes: R },
  { method: 'PUT', path: REC, scopes: W, body: recordBody },
  { method: 'PUT', path: BY_NAME, scopes: W, body: { content: '192.0.2.1', ttl: 600 } },
  { method: 'DELETE', path: BY_NAME, scopes: W },
  { method: 'DELETE', path: REC, scopes: W },
  { method: 'DELETE', path: Z, scopes: ZW },
];
const ZONE_ROUTES = ROUTES.filter((r) => r.path.includes('{zone_id}'));
const RECORD_ROUTES = ROUTES.filter((r) => r.path.includes('/records'));

let server: TestServer;
let zoneId: string;
let recordId: string;

const fill = (path: string, zone = zoneId) =>
  path
    .replace('{zone_id}', zone)
    .replace('{record_id}', recordId)
    .replace('{name}', 'www')
    .replace('{type}', 'A');

function call(c: TestClient, { method, path, body }: Route, zone?: string) {
  if (body === undefined) return c.raw(fill(path, zone), { method });
  const headers = { 'Content-Type': 'application/json' };
  return c.raw(fill(path, zone), { method, headers, body: JSON.stringify(body) });
}

/** The error envelope, exactly: `{status:'error', error:{code, message, details?}}`. */
function expectError(r: ApiAnswer<Json>, status: number, code: string) {
  expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status, code });
  expect(Object.keys(r.body).sort()).toEqual(['error', 'status']);
  expect(r.body.status).toBe('error');
  expect(['code', 'details', 'message']).toEqual(expect.arrayContaining(Object.keys(r.body.error)));
  expect(typeof r.body.error.message).toBe('string');
  expect(r.body.error.message.trim()).not.toBe('');
  expect(r.body.error.message).not.toMatch(/node_modules|\/src\/|SQLITE|\n\s+at /);
}

const noKey = () => server.client();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A write, then a GET, on one keep-alive connection. A server may close the connection after
 * an answer that leaves a body unread, but then it must say `Connection: close`.
 */
async function twoRequestsOnOneConnection(path: string, body: string, chunked: boolean) {
  const { hostname, port } = new URL(server.url);
  const auth = `Authorization: Bearer ${await server.key()}`;
  const socket = net.connect(Number(port), hostname);
  let got = '';
  socket.on('data', (d: Buffer) => (got += d.toString()));
  socket.on('error', () => {});
  await once(socket, 'connect');
  const statuses = () => [...got.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  const waitFor = async (n: number) => {
    for (let i = 0; i < 150 && statuses().length < n && !socket.destroyed; i++) await sleep(10);
  };
  const size = Buffer.byteLength(body);
  const framing = chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`;
  const payload = chunked ? `${size.toString(16)}\r\n${body}\r\n0\r\n\r\n` : body;
  const head = `Host: x\r\n${auth}\r\nContent-Type: application/json\r\n${framing}`;
  socket.write(`${path} HTTP/1.1\r\n${head}\r\n\r\n${payload}`);
  await waitFor(1);
  const closeAnnounced = /\r\nconnection: close\r\n/i.test(got.split('\r\n\r\n')[0] ?? '');
  socket.write(`GET /v1/zones HTTP/1.1\r\nHost: x\r\n${auth}\r\n\r\n`);
  await waitFor(2);
  socket.destroy();
  return { statuses: statuses(), closeAnnounced };
}
const allow = (r: ApiAnswer<Json>) => (r.headers.get('Allow') ?? '').split(/\s*,\s*/);

beforeAll(async () => {
  server = await startTestServer();
  zoneId = await createZone(server.admin, 'gate.example');
  const rec = await server.admin.post(`/v1/zones/${zoneId}/records`, recordBody);
  recordId = rec.body.data.record.id;
});
afterAll(() => server.close());

describe('routing comes first', () => {
  it('answers an unknown route with 404 not_found, even without a key', async () => {
    expectError(await noKey().get('/v1/nowhere'), 404, 'not_found');
    expectError(await server.admin.get(`/v1/zones/${zoneId}/nothing`), 404, 'not_found');
  });

  it('answers a wrong method with 405 and an Allow header, before authentication', async () => {
    const r = await noKey().raw('/v1/zones', { method: 'DELETE' });
    expectError(r, 405, 'method_not_allowed');
    expect(allow(r)).toEqual(expect.arrayContaining(['GET', 'POST']));
    const z = await server.admin.raw(`/v1/zones/${zoneId}`, { method: 'PATCH' });
    expectError(z, 405, 'method_not_allowed');
    expect(allow(z)).toEqual(expect.arrayContaining(['GET', 'PUT', 'DELETE']));
    const ds = await server.admin.post(`/v1/zones/${zoneId}/dnssec/ds`, {});
    expectError(ds, 405, 'method_not_allowed');
    expect(allow(ds)).toContain('GET');
  });
});

describe('authentication', () => {
  it.each([
    ['no Authorization header', undefined],
    ['a Basic header', 'Basic YWRtaW46YWRtaW4='],
    ['Bearer without a key', 'Bearer '],
    ['an unknown key', 'Bearer zd_thisKeyDoesNotExistAnywhere0000000000000'],
  ])('refuses %s with 401 unauthorized', async (_, header) => {
    const headers: Record<string, string> = header === undefined ? {} : { Authorization: header };
    expectError(await noKey().raw('/v1/zones', { headers }), 401, 'unauthorized');
  });

  it('refuses a revoked key with 401', async () => {
    const { id, key } = await createApiKey(server.store.db, 'acme', SCOPES);
    expect((await server.client(key).get('/v1/zones')).status).toBe(200);
    await revokeApiKey(server.store.db, id);
    expectError(await server.client(key).get('/v1/zones'), 401, 'unauthorized');
  });

  it('answers 401 before looking for the zone', async () => {
    expectError(await noKey().get('/v1/zones/zone_doesnotexist'), 401, 'unauthorized');
  });
});

describe('scope matrix', () => {
  const cases = ROUTES.flatMap((route) => route.scopes.map((missing) => ({ ...route, missing })));

  it.each(cases)('$method $path without $missing: 403 listing the scopes', async (c) => {
    const key = await server.key(
      'acme',
      SCOPES.filter((s) => s !== c.missing),
    );
    const r = await call(server.client(key), c);
    expectError(r, 403, 'insufficient_scope');
    expect(r.body.error.details.required).toEqual(c.scopes);
    expect(r.body.error.details.missing).toEqual([c.missing]);
  });

  it.each(ROUTES)('$method $path passes the gate with exactly its scopes', async (route) => {
    const c = server.client(await server.key('acme', route.scopes));
    const r = await call(c, { ...route, body: route.body && { name: 'not a zone' } }, 'zone_nope');
    if (route.path === '/v1/zones') {
      expect(r.status).toBe(route.method === 'GET' ? 200 : 400);
    } else {
      expectError(r, 404, 'zone_not_found');
    }
  });

  it.each(RECORD_ROUTES)('$method $path refuses a key with only record scopes', async (route) => {
    const c = server.client(await server.key('acme', ['records:read', 'records:write']));
    const r = await call(c, route);
    expectError(r, 403, 'insufficient_scope');
    expect(r.body.error.details.required).toEqual(route.scopes);
  });

  it('answers 403 before 404 for a zone that does not exist', async () => {
    const c = server.client(await server.key('acme', ['usage:read']));
    expectError(await c.get('/v1/zones/zone_doesnotexist'), 403, 'insufficient_scope');
  });
});

describe('zones of another customer', () => {
  it.each(ZONE_ROUTES)('$method $path answers 404 zone_not_found, never 403', async (route) => {
    const stranger = server.client(await server.key('globex'));
    expectError(await call(stranger, route), 404, 'zone_not_found');
  });

  it('left the zone and its record untouched', async () => {
    const r = await server.admin.get(`/v1/zones/${zoneId}/records/${recordId}`);
    expect(r.status).toBe(200);
    expect(r.body.data.record).toMatchObject({ content: '192.0.2.1', ttl: 600 });
  });
});

describe('request bodies', () => {
  const send = (method: string, path: string, body: BodyInit, type = JSON_TYPE, c?: TestClient) =>
    (c ?? server.admin).raw(path, { method, body, headers: { 'Content-Type': type } });
  const big = JSON.stringify({ name: 'big.example', pad: 'x'.repeat(1024 * 1024) });

  it('refuses a body that is not JSON with 415, after scope and before existence', async () => {
    const post = await send('POST', '/v1/zones', 'name=a.example', 'text/plain');
    expectError(post, 415, 'unsupported_media_type');
    const put = await send('PUT', '/v1/zones/zone_nope', '{"ttl":600}', 'text/plain');
    expectError(put, 415, 'unsupported_media_type');
    const reader = server.client(await server.key('acme', ZR));
    const denied = await send('POST', '/v1/zones', 'name=a.example', 'text/plain', reader);
    expectError(denied, 403, 'insufficient_scope');
  });

  it('refuses a body over 1 MiB sent with Content-Length with 413', async () => {
    // (POST /v1/zones takes up to 32 MiB: a zone can be created from a zone file.)
    const records = `/v1/zones/${zoneId}/records`;
    expectError(await send('POST', records, big), 413, 'payload_too_large');
    expectError(await send('PUT', '/v1/zones/zone_nope', big), 413, 'payload_too_large');
  });

  it('accepts a body of exactly 1 MiB', async () => {
    const head = '{"name":"exact.example","pad":"';
    const exact = head + 'x'.repeat(1024 * 1024 - head.length - 2) + '"}';
    expect(Buffer.byteLength(exact)).toBe(1024 * 1024);
    expect((await send('POST', '/v1/zones', exact)).status).toBe(201);
  });

  it.each([
    ['a 1 MiB body answered 404 unread', 'PUT /v1/zones/zone_nope', 1024 * 1024 - 30, false, 404],
    ['a chunked body refused with 413', 'POST /v1/zones/{zone}/records', 1536 * 1024, true, 413],
  ] as const)('keeps the connection usable after %s', async (_, path, size, chunked, first) => {
    const body = JSON.stringify({ ttl: 600, pad: 'x'.repeat(size) });
    const r = await twoRequestsOnOneConnection(path.replace('{zone}', zoneId), body, chunked);
    expect(r.statuses[0]).toBe(first);
    if (!r.closeAnnounced) expect(r.statuses).toEqual([first, 200]);
  });

  it('refuses a chunked body over 1 MiB (no Content-Length) with 413', async () => {
    const parts = ['{"name":"chunked.example","p":"', ...Array(24).fill('x'.repeat(65536)), '"}'];
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => {
        const next = parts.shift();
        if (next === undefined) controller.close();
        else controller.enqueue(new TextEncoder().encode(next));
      },
    });
    const init = { method: 'POST', body, duplex: 'half', headers: { 'Content-Type': JSON_TYPE } };
    const records = `/v1/zones/${zoneId}/records`;
    expectError(await server.admin.raw(records, init as RequestInit), 413, 'payload_too_large');
    expect((await server.admin.get(records)).body.data.records).not.toContainEqual(
      expect.objectContaining({ name: 'chunked.example.gate.example.' }),
    );
    // The server may drop this half-read connection a moment later (the test above says whether
    // it announces that); let fetch see it go so that later tests get a fresh connection.
    await sleep(700);
  });

  it.each([
    ['malformed JSON', '{"name": "a.example",'],
    ['a JSON array', '[{"name":"a.example"}]'],
    ['a JSON string', '"a.example"'],
    ['JSON null', 'null'],
  ])('refuses %s with 400 invalid_request', async (_, body) => {
    expectError(await send('POST', '/v1/zones', body), 400, 'invalid_request');
  });
});

describe('request ids', () => {
  it('echoes X-Request-ID on success and on errors', async () => {
    const headers = { 'X-Request-ID': 'trace-42.a' };
    for (const c of [server.admin, noKey()]) {
      for (const path of ['/v1/zones', '/v1/nowhere', '/v1/zones/zone_nope']) {
        expect((await c.raw(path, { headers })).headers.get('X-Request-ID')).toBe('trace-42.a');
      }
    }
  });

  it('generates a fresh X-Request-ID when none is sent', async () => {
    const a = (await server.admin.get('/v1/zones')).headers.get('X-Request-ID');
    const b = (await noKey().get('/v1/zones')).headers.get('X-Request-ID');
    expect(a).toMatch(/\S{8,}/);
    expect(b).toMatch(/\S{8,}/);
    expect(a).not.toBe(b);
  });
});

describe('public endpoints', () => {
  it('serves an OpenAPI 3.1 document without a key that lists every route', async () => {
    const r = await noKey().get('/v1/openapi.json');
    expect(r.status).toBe(200);
    expect(r.body.openapi).toMatch(/^3\.1\./);
    const listed = Object.entries(r.body.paths as Record<string, object>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(listed).toEqual(expect.arrayContaining(ROUTES.map((x) => `${x.method} ${x.path}`)));
  });

  it('shows the page sizes of the lists in the OpenAPI document: default and maximum', async () => {
    const paths = (await noKey().get('/v1/openapi.json')).body.paths;
    const limitOf = (p: string) =>
      paths[p].get.parameters.find((x: { name: string }) => x.name === 'limit').schema;
    expect(limitOf('/v1/zones')).toMatchObject({ type: 'integer', default: 10, maximum: 100 });
    expect(limitOf('/v1/zones/{zone_id}/records')).toMatchObject({ default: 50, maximum: 1000 });
  });

  it('lists 413 and 415 on every operation that takes a body, with its own size limit', async () => {
    const paths = (await noKey().get('/v1/openapi.json')).body.paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses: Record<string, { description: string }> }>
    >;
    const withBody = Object.entries(paths).flatMap(([p, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.requestBody)
        .map(([m, op]) => ({ where: `${m} ${p}`, op })),
    );
    expect(withBody.length).toBeGreaterThan(5);
    for (const { where, op } of withBody) {
      expect(op.responses['413']?.description, where).toMatch(/payload_too_large/);
      expect(op.responses['415']?.description, where).toMatch(/application\/json/);
    }
    expect(paths['/v1/zones/{zone_id}/records/batch']!.post!.responses['413']!.description).toMatch(
      /8 MiB/,
    );
    expect(paths['/v1/zones']!.get!.responses['413']).toBeUndefined();
  });

  it('lets a browser send If-Match and read ETag across origins', async () => {
    const r = await noKey().raw(`/v1/zones/${zoneId}/records`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://dashboard.example',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'authorization, content-type, if-match',
      },
    });
    expect(r.headers.get('Access-Control-Allow-Headers')).toMatch(/if-match/i);
    const get = await noKey().raw('/v1/zones', {
      headers: { Origin: 'https://dashboard.example' },
    });
    expect(get.headers.get('Access-Control-Expose-Headers')).toMatch(/etag/i);
  });

  it('answers a CORS preflight without a key', async () => {
    const r = await noKey().raw(`/v1/zones/${zoneId}/records`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://dashboard.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, content-type',
      },
    });
    expect(r.status).toBeGreaterThanOrEqual(200);
    expect(r.status).toBeLessThan(300);
    const origin = r.headers.get('Access-Control-Allow-Origin');
    expect(['*', 'https://dashboard.example']).toContain(origin);
    expect(r.headers.get('Access-Control-Allow-Methods')).toMatch(/POST/);
    expect(r.headers.get('Access-Control-Allow-Headers')).toMatch(/authorization/i);
  });
});
