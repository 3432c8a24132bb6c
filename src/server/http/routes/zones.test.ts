// /v1/zones over real HTTP: create, list, get, update and the two-step delete.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../../shared/api/fields';
import { loadConfig } from '../../config';
import { startService } from '../../server';
import { createApiKey, ensureCustomer } from '../../store/customers';
import { type Db, type OpenedStore } from '../../store/db';
import { openTestStore } from '../../test-support/test-store';
import { addUsage } from '../../store/usage';
import { markZoneDeleted } from '../../store/zones';
import {
  createZone,
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestClient,
  type TestServer,
  zoneSerial,
} from '../../test-support/harness';

const { NAMESERVERS_EU: EU, NAMESERVERS_GLOBAL: GLOBAL } = loadConfig({});
const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const LIST_FIELDS = ['id', 'customer_id', 'name', 'type', 'region', 'status', 'settings'];
const ZONE_FIELDS = [...LIST_FIELDS, 'ttl', 'dnssec_enabled', 'nameservers'];
const TIMES = ['created_at', 'updated_at'];

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

function expectError(r: ApiAnswer<Json>, status: number, code: string) {
  expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status, code });
  expect(r.body.error.message).toMatch(/\S/);
}
const post = (body: unknown, c: TestClient = server.admin) => c.post('/v1/zones', body);
const clientOf = async (customer: string) => server.client(await server.key(customer));
const names = (r: ApiAnswer<Json>): string[] => r.body.data.zones.map((z: Json) => z.name);

/** Rows of a zone left in the store, table by table. */
async function rowsOf(db: Db, zoneId: string) {
  const rows: Record<string, number> = {};
  for (const table of [
    'records',
    'rrsets',
    'dnssec_keys',
    'usage_hourly',
    'usage_daily',
    'usage_daily_outcomes',
  ] as const) {
    const q = db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n'));
    rows[table] = Number((await q.where('zone_id', '=', zoneId).executeTakeFirstOrThrow()).n);
  }
  return rows;
}
const page = (r: ApiAnswer<Json>) => r.body.data.pagination;
const put = (id: string, body: unknown) => server.admin.put(`/v1/zones/${id}`, body);

async function addRecords(c: TestClient, zoneId: string) {
  for (const body of [
    { name: 'www', type: 'A', content: '192.0.2.1' },
    { name: 'www', type: 'A', content: '192.0.2.2' },
    { name: '@', type: 'MX', content: '10 mail.example.net.' },
  ]) {
    expect((await c.post(`/v1/zones/${zoneId}/records`, body)).status).toBe(201);
  }
}

describe('creating a zone', () => {
  it('answers 201 with every field, the name lower-cased and without its trailing dot', async () => {
    const before = Date.now();
    const r = await post({ name: 'Create.Example.' });
    expect(r.status).toBe(201);
    expect(r.body.status).toBe('success');
    const z = r.body.data;
    expect(z).toMatchObject({ customer_id: 'acme', name: 'create.example', type: 'primary' });
    expect(z).toMatchObject({ region: 'EU_GLOBAL', ttl: 3600, status: 'active' });
    expect(z).toMatchObject({ dnssec_enabled: false, settings: { dnssec_enabled: false } });
    expect(Object.keys(z)).toEqual(expect.arrayContaining([...ZONE_FIELDS, ...TIMES]));
    expect(z.id).toMatch(/^zone_[a-z0-9]+$/);
    expect(z.nameservers).toEqual([...EU, ...GLOBAL]);
    for (const at of [z.created_at, z.updated_at]) {
      expect(at).toMatch(ISO_UTC);
      expect(Date.parse(at)).toBeGreaterThanOrEqual(before - 1000);
    }
  });

  it('stores a Unicode name in its xn-- form', async () => {
    const r = await post({ name: 'bücher.example' });
    expect(r.body.data.name).toBe('xn--bcher-kva.example');
    expectError(await post({ name: 'xn--bcher-kva.example' }), 409, 'zone_already_exists');
  });

  it.each(['primary', 'master'])('accepts type %s and answers primary', async (type) => {
    const r = await post({ name: `${type}-type.example`, type });
    expect(r.status).toBe(201);
    expect(r.body.data.type).toBe('primary');
  });

  it.each([300, 86400])('accepts a default TTL of %i', async (ttl) => {
    expect((await post({ name: `ttl${ttl}.example`, ttl })).body.data.ttl).toBe(ttl);
  });

  it.each([
    ['EU', EU],
    ['GLOBAL', GLOBAL],
    ['EU_GLOBAL', [...EU, ...GLOBAL]],
  ])('assigns the nameservers of region %s', async (region, expected) => {
    const r = await post({ name: `ns-${region.toLowerCase().replace('_', '-')}.example`, region });
    expect(r.body.data).toMatchObject({ region, nameservers: expected });
    expect(EU.length * GLOBAL.length).toBeGreaterThan(0);
    expect(EU.filter((n) => GLOBAL.includes(n))).toEqual([]);
  });

  it.each(['EU', 'GLOBAL'])('uses the default region %s of the customer', async (region) => {
    await ensureCustomer(server.store.db, `cust-${region}`, region);
    const c = await clientOf(`cust-${region}`);
    const r = await post({ name: `default-${region.toLowerCase()}.example` }, c);
    expect(r.body.data).toMatchObject({ region, nameservers: region === 'EU' ? EU : GLOBAL });
  });

  it('accepts a name of 242 characters (hostmaster.<zone>, its SOA mailbox, is then 253)', async () => {
    const name = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'd'.repeat(50)].join('.');
    expect((await post({ name })).status).toBe(201);
  });
});

describe('refusing bad zones', () => {
  const long = ['a'.repeat(63), 'b'.repeat(63), 'c'.repeat(63), 'e'.repeat(62)].join('.');
  it.each([
    ['one label', 'localhost'],
    ['an underscore', 'bad_label.example'],
    ['a leading hyphen', '-bad.example'],
    ['a trailing hyphen', 'bad-.example'],
    ['an empty label', 'a..example'],
    ['a 64-character label', `${'x'.repeat(64)}.example`],
    ['254 characters', long],
    ['an empty name', ''],
  ])('refuses a name with %s as invalid_zone_name', async (_, name) => {
    expectError(await post({ name }), 400, 'invalid_zone_name');
  });

  it('refuses an unknown region as invalid_region', async () => {
    expectError(await post({ name: 'mars.example', region: 'MARS' }), 400, 'invalid_region');
  });

  it.each([['3600'], [299], [86401], [3600.5]])('refuses ttl %j as invalid_zone_ttl', async (t) => {
    expectError(await post({ name: 'badttl.example', ttl: t }), 400, 'invalid_zone_ttl');
  });

  it('refuses another type or a missing name as invalid_request', async () => {
    expectError(await post({ name: 'sec.example', type: 'secondary' }), 400, 'invalid_request');
    expectError(await post({ ttl: 600 }), 400, 'invalid_request');
  });

  it('refuses a name hosted already, in any spelling and by any customer', async () => {
    await createZone(server.admin, 'dup.example');
    expectError(await post({ name: 'dup.example' }), 409, 'zone_already_exists');
    expectError(await post({ name: 'DUP.Example.' }), 409, 'zone_already_exists');
    const rival = await clientOf('rival');
    expectError(await post({ name: 'dup.example' }, rival), 409, 'zone_already_exists');
  });
});

describe('listing zones', () => {
  const words = 'kilo alpha zulu echo bravo x-ray mike delta golf papa india sun lima'.split(' ');
  const mine = [...words, ...words.slice(1).map((w) => `${w}2`)].map((w) => `${w}.list.example`);
  let lister: TestClient;
  beforeAll(async () => {
    lister = await clientOf('lister');
    for (const name of mine) await createZone(lister, name);
  });
  const list = (query: string) => lister.get(`/v1/zones${query}`);

  it('sorts by name; items show type master and settings.dnssec_enabled', async () => {
    const all = (await list('?limit=100')).body.data.zones;
    const echo = all.find((z: Json) => z.name === 'echo.list.example');
    await lister.patch(`/v1/zones/${echo.id}/dnssec/status`, { enabled: true });
    const r = await list('?limit=100');
    expect(names(r)).toEqual([...mine].sort());
    for (const z of r.body.data.zones) {
      expect(Object.keys(z)).toEqual(expect.arrayContaining([...LIST_FIELDS, ...TIMES]));
      expect(z).toMatchObject({ customer_id: 'lister', type: 'master', region: 'EU_GLOBAL' });
      expect(z.settings).toEqual({ dnssec_enabled: z.id === echo.id });
    }
  });

  it('gives 10 zones per page by default', async () => {
    const r = await list('');
    expect(r.body.data.zones).toHaveLength(10);
    expect(page(r)).toEqual({ total: 25, offset: 0, limit: 10, count: 10, has_more: true });
  });

  it('clamps a limit above 100 to 100', async () => {
    const r = await list('?limit=500');
    expect(page(r)).toEqual({ total: 25, offset: 0, limit: 100, count: 25, has_more: false });
  });

  it.each(['limit=0', 'limit=-1', 'limit=abc', 'limit=2.5', 'offset=-1', 'offset=x'])(
    'refuses ?%s as invalid_request',
    async (query) => expectError(await list(`?${query}`), 400, 'invalid_request'),
  );

  it('says a parameter given twice is to be given once', async () => {
    const r = await list('?limit=1&limit=2');
    expectError(r, 400, 'invalid_request');
    expect(r.body.error).toMatchObject({
      message: 'The query parameter limit is given 2 times; give it once.',
      details: { field: 'limit' },
    });
  });

  it('reads digits beyond any count as a very large number: limit clamped, offset past the end', async () => {
    const huge = '9'.repeat(400);
    expect(page(await list(`?limit=${huge}`))).toMatchObject({ limit: 100, count: 25 });
    const r = await list(`?offset=${huge}`);
    expect(r.status).toBe(200);
    expect(r.body.data.zones).toEqual([]);
  });

  it('answers an empty last page for an offset past the end', async () => {
    const r = await list('?offset=30');
    expect(r.body.data.zones).toEqual([]);
    expect(page(r)).toEqual({ total: 25, offset: 30, limit: 10, count: 0, has_more: false });
  });

  it('visits every zone exactly once when following has_more', async () => {
    const seen: string[] = [];
    for (let offset = 0, more = true; more;) {
      const r = await list(`?limit=7&offset=${offset}`);
      expect(page(r).count).toBeGreaterThan(0);
      seen.push(...names(r));
      offset += page(r).count;
      more = page(r).has_more;
      expect(seen.length).toBeLessThanOrEqual(25);
    }
    expect(seen).toEqual([...mine].sort());
  });

  it('shows each customer only its own zones', async () => {
    const theirs = names(await server.admin.get('/v1/zones?limit=100'));
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.filter((n) => mine.includes(n))).toEqual([]);
  });
});

describe('reading and updating a zone', () => {
  it('answers the full zone with record_count, nameservers and DNSSEC state', async () => {
    const created = (await post({ name: 'get.example', region: 'EU' })).body.data;
    await addRecords(server.admin, created.id);
    const r = await server.admin.get(`/v1/zones/${created.id}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body.data)).toEqual(expect.arrayContaining([...ZONE_FIELDS, ...TIMES]));
    expect(r.body.data).toMatchObject({ ...created, record_count: 3, nameservers: EU });
    await server.admin.patch(`/v1/zones/${created.id}/dnssec/status`, { enabled: true });
    const on = (await server.admin.get(`/v1/zones/${created.id}`)).body.data;
    expect(on).toMatchObject({ dnssec_enabled: true, settings: { dnssec_enabled: true } });
    // The count follows deletes too.
    const list = await server.admin.get(`/v1/zones/${created.id}/records`);
    const first = (list.body.data.records as { id: string }[])[0]!;
    expect((await server.admin.delete(`/v1/zones/${created.id}/records/${first.id}`)).status).toBe(
      200,
    );
    expect((await server.admin.get(`/v1/zones/${created.id}`)).body.data.record_count).toBe(2);
  });

  it('updates ttl and status, moving updated_at forward', async () => {
    const z = (await post({ name: 'update.example' })).body.data;
    const r = await put(z.id, { ttl: 600, status: 'disabled' });
    expect(r.status).toBe(200);
    const { id, created_at } = z;
    expect(r.body.data).toMatchObject({ id, created_at, ttl: 600, status: 'disabled' });
    expect(Date.parse(r.body.data.updated_at)).toBeGreaterThan(Date.parse(z.updated_at));
    const again = await put(z.id, { status: 'active' });
    expect(again.body.data).toMatchObject({ ttl: 600, status: 'active' });
    expect(again.body.data.updated_at > r.body.data.updated_at).toBe(true);
    // The zone TTL is the default of new records.
    const rec = { name: 'a', type: 'A', content: '192.0.2.7' };
    const created = await server.admin.post(`/v1/zones/${id}/records`, rec);
    expect(created.body.data.record.ttl).toBe(600);
  });

  it('a save that changes nothing moves updated_at only: no serial, no change in History', async () => {
    const id = await createZone(server.admin, 'unchanged.example');
    const before = await zoneSerial(server, id);
    const history = async () =>
      (await server.admin.get(`/v1/zones/${id}/changes`)).body.data.changes as {
        summary: string;
      }[];
    const changes = (await history()).length;
    const z = (await server.admin.get(`/v1/zones/${id}`)).body.data;
    for (const body of [{}, { ttl: z.ttl }, { status: 'active' }]) {
      const r = await put(id, body);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.updated_at > z.updated_at).toBe(true);
    }
    expect(await zoneSerial(server, id)).toBe(before);
    expect(await history()).toHaveLength(changes);
    expect((await put(id, { ttl: 7200 })).status).toBe(200);
    expect(await zoneSerial(server, id)).toBeGreaterThan(before);
    expect((await history())[0]!.summary).toBe(`Default TTL ${z.ttl} → 7200`);
  });

  it('refuses a DNSSEC switch on the zone routes, pointing to its own; the zone’s value passes', async () => {
    const refusedOnCreate = await post({ name: 'signed-at-birth.example', dnssec_enabled: true });
    expectError(refusedOnCreate, 400, 'invalid_request');
    expect(refusedOnCreate.body.error.message).toMatch(/dnssec\/status/);
    const z = (await post({ name: 'dnssec-put.example', dnssec_enabled: false })).body.data;
    expect(z.dnssec_enabled).toBe(false);
    for (const body of [
      { dnssec_enabled: true },
      { settings: { dnssec_enabled: true } },
      { dnssec_enabled: false, settings: { dnssec_enabled: true } },
    ]) {
      const r = await put(z.id, body);
      expectError(r, 400, 'invalid_request');
      expect(r.body.error.message).toMatch(/PATCH \/v1\/zones\/\{zone_id\}\/dnssec\/status/);
    }
    expect((await put(z.id, { ...z, ttl: 900 })).status).toBe(200);
    expect((await server.admin.get(`/v1/zones/${z.id}`)).body.data.dnssec_enabled).toBe(false);
  });

  it('accepts the zone its own name, and refuses a rename or a bad status', async () => {
    const id = await createZone(server.admin, 'rename.example');
    expect((await put(id, { name: 'rename.example', ttl: 900 })).status).toBe(200);
    expectError(await put(id, { name: 'other.example' }), 400, 'invalid_request');
    expectError(await put(id, { status: 'paused' }), 400, 'invalid_request');
    expectError(await put(id, { ttl: 299 }), 400, 'invalid_zone_ttl');
    const now = (await server.admin.get(`/v1/zones/${id}`)).body.data;
    expect(now).toMatchObject({ name: 'rename.example', ttl: 900, status: 'active' });
  });
});

describe('deleting a zone', () => {
  it('answers 202, hides the zone from every route, frees the name and purges the rows', async () => {
    const id = await createZone(server.admin, 'doomed.example');
    await addRecords(server.admin, id);
    await server.admin.patch(`/v1/zones/${id}/dnssec/status`, { enabled: true });
    const hour = new Date().toISOString().slice(0, 13);
    await addUsage(server.store.db, [
      { zoneId: id, hour, qtype: 'A', outcome: 'answer', count: 2 },
      { zoneId: id, hour, qtype: 'A', outcome: 'nxdomain', count: 1 },
    ]);
    const usageRows = { usage_hourly: 2, usage_daily: 1, usage_daily_outcomes: 2 };
    expect(await rowsOf(server.store.db, id)).toEqual({
      records: 3,
      rrsets: 2,
      dnssec_keys: 1,
      ...usageRows,
    });

    const r = await server.admin.delete(`/v1/zones/${id}`);
    expect(r.status).toBe(202);
    expect(r.body.data.message).toMatch(/\S/);
    const z = `/v1/zones/${id}`;
    const a = server.admin;
    for (const gone of [
      a.get(z),
      a.put(z, { ttl: 600 }),
      a.delete(z),
      a.get(`${z}/records`),
      a.post(`${z}/records`, { name: 'x', type: 'A', content: '192.0.2.9' }),
      a.get(`${z}/usage`),
      a.get(`${z}/dnssec/status`),
      a.patch(`${z}/dnssec/status`, { enabled: false }),
      a.get(`${z}/dnssec/cryptokeys`),
      a.get(`${z}/dnssec/ds`),
    ]) {
      expectError(await gone, 404, 'zone_not_found');
    }
    expect(names(await a.get('/v1/zones?limit=100'))).not.toContain('doomed.example');

    const reborn = await post({ name: 'doomed.example' });
    expect(reborn.status).toBe(201);
    expect(reborn.body.data.id).not.toBe(id);
    expect((await a.get(`/v1/zones/${reborn.body.data.id}`)).body.data.record_count).toBe(0);

    await server.service.purger.idle();
    expect(await rowsOf(server.store.db, id)).toEqual({
      records: 0,
      rrsets: 0,
      dnssec_keys: 0,
      usage_hourly: 0,
      usage_daily: 0,
      usage_daily_outcomes: 0,
    });
  });

  it('finishes a purge after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-purge-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      DNS_PORT: '0',
      LOG_LEVEL: 'silent',
      DNS_WORKERS: '1',
    });
    const serve = (store: OpenedStore) => startService(config, store, pino({ level: 'silent' }));
    try {
      const store = await openTestStore(dataDir);
      const service = await serve(store);
      await ensureCustomer(store.db, 'acme', 'EU_GLOBAL');
      const { key } = await createApiKey(store.db, 'acme', SCOPES);
      const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' };
      const call = async (p: string, body: unknown): Promise<Json> => {
        const init = { method: 'POST', headers, body: JSON.stringify(body) };
        return (await fetch(service.url + p, init)).json();
      };
      const id = (await call('/v1/zones', { name: 'restart.example' })).data.id as string;
      await call(`/v1/zones/${id}/records`, { name: 'www', type: 'A', content: '192.0.2.1' });
      // A delete accepted just as the process stopped, its purge never started.
      await service.stop();
      await markZoneDeleted(store, id);
      await store.close();

      const reopened = await openTestStore(dataDir);
      expect(await rowsOf(reopened.db, id)).toMatchObject({ records: 1, rrsets: 1 });
      const restarted = await serve(reopened);
      await restarted.purger.idle();
      expect(await rowsOf(reopened.db, id)).toMatchObject({
        records: 0,
        rrsets: 0,
        dnssec_keys: 0,
      });
      await restarted.stop();
      await reopened.close();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
