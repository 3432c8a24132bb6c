// Zone names belong to one account: no customer can create a zone inside (or around) another
// customer's zone, public suffixes and IP addresses are no zones, and DNS never answers one
// customer's name from another customer's zone, DNSSEC included. Real HTTP, real dig and delv.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dig, delv } from '../../test-support/dns-tools';
import {
  createZone,
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestClient,
  type TestServer,
} from '../../test-support/harness';

let server: TestServer;
let alice: TestClient;
let bob: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  alice = server.client(await server.key('alice'));
  bob = server.client(await server.key('bob'));
});
afterAll(() => server.close());

function expectError(r: ApiAnswer<Json>, status: number, code: string, field?: string) {
  expect({ status: r.status, code: r.body?.error?.code }).toEqual({ status, code });
  if (field) expect(r.body.error.details.field).toBe(field);
}

async function addRecord(
  c: TestClient,
  zoneId: string,
  name: string,
  type: string,
  content: string,
) {
  const r = await c.post(`/v1/zones/${zoneId}/records`, { name, type, content });
  expect(r.status).toBe(201);
}

async function signedDs(c: TestClient, zoneId: string): Promise<string> {
  expect((await c.patch(`/v1/zones/${zoneId}/dnssec/status`, { enabled: true })).status).toBe(200);
  const r = await c.get(`/v1/zones/${zoneId}/dnssec/ds`);
  return (r.body.data.ds_records as string[]).find((d) => d.split(' ')[2] === '2')!;
}

const port = () => server.service.dnsPort;

describe('a zone inside or around another account’s zone', () => {
  it('is refused below it (the hijack), with the other zone named, and nothing is created', async () => {
    await createZone(alice, 'alpha.own.test');
    for (const name of ['www.alpha.own.test', 'a.b.alpha.own.test', 'WWW.Alpha.Own.Test.']) {
      const r = await bob.post('/v1/zones', { name });
      expectError(r, 409, 'zone_name_conflict', 'name');
      expect(r.body.error.details).toMatchObject({
        conflicting_zone: 'alpha.own.test',
        relation: 'ancestor',
      });
      expect(r.body.error.message).toMatch(/lies inside alpha\.own\.test, which another account/);
    }
    expect((await bob.get('/v1/zones')).body.data.zones).toEqual([]);
  });

  it('is refused above it (the other direction)', async () => {
    await createZone(bob, 'shop.gamma.own.test');
    const r = await alice.post('/v1/zones', { name: 'gamma.own.test' });
    expectError(r, 409, 'zone_name_conflict', 'name');
    expect(r.body.error.details).toMatchObject({
      conflicting_zone: 'shop.gamma.own.test',
      relation: 'descendant',
    });
    expect(r.body.error.message).toMatch(/would contain shop\.gamma\.own\.test/);
    // Names beside it are free: the range is the subtree, not a prefix of the text.
    await createZone(alice, 'gamma-x.own.test');
    await createZone(alice, 'hop.gamma.own.test');
  });

  it('is allowed inside the account’s own zone, and DNS answers from the child zone', async () => {
    const parent = await createZone(alice, 'delta.own.test');
    await addRecord(alice, parent, 'www.child', 'A', '192.0.2.1');
    const child = await createZone(alice, 'child.delta.own.test');
    await addRecord(alice, child, 'www', 'A', '192.0.2.2');
    const a = await dig(port(), 'www.child.delta.own.test', 'A');
    expect(a.records.map((r) => r.data)).toEqual(['192.0.2.2']);
  });

  it('is allowed again once the other zone is deleted', async () => {
    const id = await createZone(alice, 'epsilon.own.test');
    expectError(
      await bob.post('/v1/zones', { name: 'x.epsilon.own.test' }),
      409,
      'zone_name_conflict',
    );
    expect((await alice.delete(`/v1/zones/${id}`)).status).toBe(202);
    expect((await bob.post('/v1/zones', { name: 'x.epsilon.own.test' })).status).toBe(201);
  });

  it('lets only one of two racing creates win', async () => {
    for (let i = 0; i < 5; i++) {
      const [outer, inner] = await Promise.all([
        alice.post('/v1/zones', { name: `race${i}.own.test` }),
        bob.post('/v1/zones', { name: `www.race${i}.own.test` }),
      ]);
      expect([outer.status, inner.status].sort()).toEqual([201, 409]);
    }
  });

  it('cannot take over a signed zone’s names: DNS still answers them validly from the owner', async () => {
    const id = await createZone(alice, 'signed.own.test');
    await addRecord(alice, id, 'www', 'A', '192.0.2.10');
    const ds = await signedDs(alice, id);
    expectError(
      await bob.post('/v1/zones', { name: 'www.signed.own.test' }),
      409,
      'zone_name_conflict',
    );
    const out = await delv(port(), 'signed.own.test', ds, 'www.signed.own.test', 'A');
    expect(out).toMatch('; fully validated');
    expect(out).toMatch(/www\.signed\.own\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.10/);
  });
});

describe('names that are no one’s zone', () => {
  it.each([
    ['co.uk', /co\.uk is a public suffix/],
    ['in-addr.arpa', /in-addr\.arpa is a public suffix.*2\.0\.192\.in-addr\.arpa/],
    ['github.io', /github\.io is a public suffix/],
    ['192.0.2.1', /is an IP address, not a domain/],
    ['com', /at least two labels/],
  ])('%s is 400 invalid_zone_name with the reason', async (name, message) => {
    const r = await alice.post('/v1/zones', { name });
    expectError(r, 400, 'invalid_zone_name', 'name');
    expect(r.body.error.message).toMatch(message);
  });

  it('a reverse zone below in-addr.arpa and a name below github.io are fine', async () => {
    await createZone(alice, '2.0.192.in-addr.arpa');
    await createZone(alice, 'alice.github.io');
  });
});

describe('the zone quota', () => {
  it('refuses the zone past QUOTA_ZONES with 403 quota_exceeded, per customer', async () => {
    const small = await startTestServer({ QUOTA_ZONES: '2' });
    try {
      const c = small.client(await small.key('carol'));
      const first = await createZone(c, 'one.quota.test');
      await createZone(c, 'two.quota.test');
      const r = await c.post('/v1/zones', { name: 'three.quota.test' });
      expectError(r, 403, 'quota_exceeded');
      expect(r.body.error.details).toEqual({ quota: 'zones_per_customer', limit: 2, used: 2 });
      expect(r.body.error.message).toMatch(/QUOTA_ZONES/);
      // Another customer has a quota of its own; a delete frees a place.
      await createZone(small.client(await small.key('dave')), 'four.quota.test');
      expect((await c.delete(`/v1/zones/${first}`)).status).toBe(202);
      await createZone(c, 'three.quota.test');
    } finally {
      await small.close();
    }
  });
});

describe('fields a zone write would have ignored', () => {
  it('a create with a status other than active is refused, naming the field', async () => {
    const r = await alice.post('/v1/zones', { name: 'status.own.test', status: 'disabled' });
    expectError(r, 400, 'invalid_request', 'status');
    expect(r.body.error.message).toMatch(/created active/);
    expect(
      (await alice.post('/v1/zones', { name: 'status.own.test', status: 'active' })).status,
    ).toBe(201);
  });

  it('an update with another region, type or name is refused; the same values are accepted', async () => {
    const id = await createZone(alice, 'fixed.own.test', { region: 'EU' });
    const put = (body: unknown) => alice.put(`/v1/zones/${id}`, body);
    expectError(await put({ region: 'GLOBAL', ttl: 600 }), 400, 'invalid_request', 'region');
    expectError(await put({ type: 'secondary' }), 400, 'invalid_request', 'type');
    expectError(await put({ name: 'other.own.test' }), 400, 'invalid_request', 'name');
    expectError(await put({ region: 'MARS' }), 400, 'invalid_region', 'region');
    expect((await alice.get(`/v1/zones/${id}`)).body.data.ttl).toBe(3600); // nothing applied
    const whole = (await alice.get(`/v1/zones/${id}`)).body.data;
    const r = await put({ ...whole, type: 'master', ttl: 600 });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ region: 'EU', type: 'primary', ttl: 600 });
  });
});
