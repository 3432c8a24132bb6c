// Record routes by id over real HTTP: create, list, get, update, delete, and the RRset rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecord as Rec } from '../../../shared/api';
import {
  createZone,
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestClient,
  type TestServer,
} from '../../test-support/harness';

const FIELDS = ['comment', 'content', 'disabled', 'id', 'name', 'ttl', 'type'];
let srv: TestServer;
let api: TestClient;
const path = (zone: string, id = '') => `/v1/zones/${zone}/records${id ? `/${id}` : ''}`;
/** A record body: name, type, content and any extra fields. */
function rr(name: string, type: string, content: string, extra = {}) {
  return { name, type, content, ...extra };
}

async function add(zone: string, body: Record<string, unknown>): Promise<Rec> {
  const r = await api.post(path(zone), body);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  expect(r.body.data.message).toEqual(expect.any(String));
  expect(Object.keys(r.body.data.record).sort()).toEqual(FIELDS);
  return r.body.data.record as Rec;
}

async function all(zone: string): Promise<Rec[]> {
  const r = await api.get(`${path(zone)}?limit=1000`);
  expect(r.status).toBe(200);
  return r.body.data.records as Rec[];
}

const at = async (zone: string, name: string, type: string) =>
  (await all(zone)).filter((x) => x.name === name && x.type === type);

function expectError(r: ApiAnswer<Json>, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ status: 'error', error: { code, message: expect.any(String) } });
}

/** A refused create answers `status code` and leaves the zone exactly as it was. */
async function refused(zone: string, body: Record<string, unknown>, status: number, code: string) {
  const before = await all(zone);
  const r = await api.post(path(zone), body);
  expectError(r, status, code);
  expect(await all(zone)).toEqual(before);
  return r;
}

beforeAll(async () => {
  // Hundreds of requests with one key in a few seconds: the rate limit has tests of its own.
  srv = await startTestServer({ API_RATE_LIMIT: '0' });
  api = srv.admin;
});
afterAll(() => srv.close());

describe('POST records', () => {
  let z: string;
  beforeAll(async () => {
    z = await createZone(api, 'example.com');
  });

  it('answers 201 with all seven fields and the defaults', async () => {
    expect(await add(z, rr('@', 'a', '192.0.2.1'))).toEqual({
      id: expect.stringMatching(/^rec_\w+$/),
      name: 'example.com.',
      type: 'A',
      content: '192.0.2.1',
      ttl: 3600,
      disabled: false,
      comment: null,
    });
  });

  it.each([
    ['www', 'Aaaa', 'www.example.com.', 'AAAA'],
    ['abs.example.com.', 'a', 'abs.example.com.', 'A'],
    ['WWW2', 'mX', 'www2.example.com.', 'MX'],
    ['*.dev', 'txt', '*.dev.example.com.', 'TXT'],
  ])('answers the name %j as %j (type %j as %j)', async (name, type, fqdn, upper) => {
    const content = { AAAA: '2001:db8::1', A: '192.0.2.2', MX: '10 mx.example.net.', TXT: 'x' };
    const r = await add(z, rr(name, type, content[upper as keyof typeof content]));
    expect([r.name, r.type]).toEqual([fqdn, upper]);
  });

  it('takes ttl, disabled and comment from the body; 300 and 86400 are valid TTLs', async () => {
    const r = await add(z, rr('opt', 'A', '192.0.2.9', { ttl: 300, disabled: true, comment: 'x' }));
    expect([r.ttl, r.disabled, r.comment]).toEqual([300, true, 'x']);
    expect((await add(z, rr('long', 'A', '192.0.2.9', { ttl: 86400 }))).ttl).toBe(86400);
  });

  it('gives new records the zone default TTL', async () => {
    const z600 = await createZone(api, 'ttl600.example', { ttl: 600 });
    const r = await add(z600, rr('www', 'A', '192.0.2.1'));
    expect([r.ttl, r.disabled, r.comment]).toEqual([600, false, null]);
  });

  it.each(['www.other.com.', 'bad!label', 'a..b', 'a.*.dev', 'foo*'])(
    'refuses the name %j with invalid_record_name',
    async (name) => {
      await refused(z, rr(name, 'A', '192.0.2.50'), 400, 'invalid_record_name');
    },
  );

  it('refuses NS at the apex (the service owns it) with invalid_record_name', async () => {
    await refused(z, rr('@', 'NS', 'ns1.example.net.'), 400, 'invalid_record_name');
  });

  it('refuses an unknown type with invalid_record_type', async () => {
    await refused(z, rr('x', 'FOO', '192.0.2.1'), 400, 'invalid_record_type');
  });

  it.each([
    ['A', '256.1.1.1'],
    ['AAAA', '2001:db8::g'],
    ['CNAME', 'two words'],
    ['MX', 'mail.example.com'],
    ['TXT', '"unbalanced'],
    ['NS', '192.0.2.1'],
    ['SRV', '10 60 sip.example.com'],
    ['PTR', 'a..b'],
    ['CAA', '0 issue'],
    ['TLSA', '3 1 1 abcd'],
    ['SSHFP', `5 1 ${'ab'.repeat(20)}`],
    ['HTTPS', '0 . alpn=h2'],
    ['SVCB', '1 . foo=bar'],
    ['ALIAS', ''],
  ])('refuses malformed %s content %j with details.expected', async (type, content) => {
    const r = await refused(z, rr('bad', type, content), 400, 'invalid_record_content');
    expect(r.body.error.details.expected).toMatch(/<.+>/);
  });

  it.each([299, 86401, '3600', 3600.5])('refuses ttl %j with invalid_record_ttl', async (ttl) => {
    await refused(z, rr('t', 'A', '192.0.2.1', { ttl }), 400, 'invalid_record_ttl');
  });

  it('refuses a comment of 501 characters, accepts 500', async () => {
    const body = (n: number) => rr('c', 'A', '192.0.2.1', { comment: 'x'.repeat(n) });
    await refused(z, body(501), 400, 'invalid_record_comment');
    expect((await add(z, body(500))).comment).toHaveLength(500);
  });

  it.each(['name', 'type', 'content'])('without %s: invalid_request', async (field) => {
    const body: Record<string, unknown> = rr('m', 'A', '192.0.2.1');
    delete body[field];
    await refused(z, body, 400, 'invalid_request');
  });
});

describe('every record type', () => {
  const tlsa = 'AB'.repeat(32);
  const cases: [string, string, string, string][] = [
    ['a', 'A', '192.0.2.1', '192.0.2.1'],
    ['aaaa', 'AAAA', '2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['cname', 'CNAME', 'Target.Example.net', 'target.example.net.'],
    ['mx', 'MX', '10 Mail.Example.com', '10 mail.example.com.'],
    ['txt', 'TXT', 'v=spf1 -all', 'v=spf1 -all'],
    ['sub', 'NS', 'NS1.example.net', 'ns1.example.net.'],
    ['_sip._tcp', 'SRV', '10 60 5060 sip.example.com', '10 60 5060 sip.example.com.'],
    ['ptr', 'PTR', 'host.example.com', 'host.example.com.'],
    ['caa', 'CAA', '0 ISSUE "letsencrypt.org"', '0 issue "letsencrypt.org"'],
    ['_443._tcp', 'TLSA', `3 1 1 ${tlsa}`, `3 1 1 ${tlsa.toLowerCase()}`],
    ['sshfp', 'SSHFP', `4 2 ${tlsa.slice(0, 64)}`, `4 2 ${tlsa.slice(0, 64).toLowerCase()}`],
    ['https', 'HTTPS', '1 . alpn=h2,h3', '1 . alpn=h2,h3'],
    ['svcb', 'SVCB', '1 Svc.Example.net port=8443 alpn=h2', '1 svc.example.net. alpn=h2 port=8443'],
    ['alias', 'ALIAS', 'LB.example.net', 'lb.example.net.'],
  ];

  it('creates a valid example of each of the 14 types and lists it back canonical', async () => {
    const z = await createZone(api, 'types.example');
    const created = new Map<string, Rec>();
    for (const [name, type, content, canonical] of cases) {
      const r = await add(z, { name, type, content });
      expect([r.type, r.content]).toEqual([type, canonical]);
      created.set(r.id, r);
    }
    const listed = await all(z);
    expect(new Set(listed.map((r) => r.type)).size).toBe(14);
    for (const item of listed) expect(item).toEqual(created.get(item.id));
  });
});

describe('conflicts', () => {
  let z: string;
  beforeAll(async () => {
    z = await createZone(api, 'conflict.example');
    await add(z, rr('host', 'A', '192.0.2.1'));
    await add(z, rr('host6', 'AAAA', '2001:db8::1'));
    await add(z, rr('alias', 'CNAME', 'target.example.net.'));
    await add(z, rr('flat', 'ALIAS', 'lb.example.net.'));
  });

  it.each([
    ['the same content again', rr('host', 'A', '192.0.2.1')],
    ['the same content spelt otherwise', rr('host6', 'AAAA', '2001:DB8:0::1')],
    ['a second CNAME value', rr('alias', 'CNAME', 'other.example.net.')],
    ['a second ALIAS value', rr('flat', 'ALIAS', 'lb2.example.net.')],
  ])('refuses %s with 409 record_already_exists', async (_what, body) => {
    await refused(z, body, 409, 'record_already_exists');
  });

  it.each([
    ['a CNAME beside A', rr('host', 'CNAME', 'x.example.net.')],
    ['an A beside a CNAME', rr('alias', 'A', '192.0.2.7')],
    ['a TXT beside a CNAME', rr('alias', 'TXT', 'hello')],
    ['a CNAME at the apex', rr('@', 'CNAME', 'x.example.net.')],
    ['an ALIAS beside A', rr('host', 'ALIAS', 'x.example.net.')],
    ['an ALIAS beside AAAA', rr('host6', 'ALIAS', 'x.example.net.')],
    ['an ALIAS beside a CNAME', rr('alias', 'ALIAS', 'x.example.net.')],
    ['an A beside an ALIAS', rr('flat', 'A', '192.0.2.8')],
    ['an AAAA beside an ALIAS', rr('flat', 'AAAA', '2001:db8::8')],
  ])('refuses %s with 409 cname_conflict', async (_what, body) => {
    await refused(z, body, 409, 'cname_conflict');
  });
});

describe('record ids', () => {
  it('derive from name, type and canonical content', async () => {
    const z = await createZone(api, 'ids.example');
    const first = await add(z, rr('www', 'AAAA', '2001:db8::5'));
    expect((await api.delete(path(z, first.id))).status).toBe(200);
    const again = await add(z, rr('WWW', 'aaaa', '2001:DB8:0:0::5'));
    expect(again.id).toBe(first.id);
    const other = await add(z, rr('www', 'AAAA', '2001:db8::6'));
    expect(other.id).not.toBe(first.id);
  });
});

describe('RRset comment and TTL', () => {
  let z: string;
  beforeAll(async () => {
    z = await createZone(api, 'rrset.example');
  });
  /** "content ttl comment" of each value at name.rrset.example. */
  const state = async (name: string, type: string) =>
    (await at(z, `${name}.rrset.example.`, type)).map((r) => `${r.content} ${r.ttl} ${r.comment}`);

  it('keeps the shared comment when a value comes without one, replaces it when one is given', async () => {
    await add(z, rr('txt', 'TXT', 'one', { comment: 'shared' }));
    expect((await add(z, rr('txt', 'TXT', 'two'))).comment).toBe('shared');
    await add(z, rr('txt', 'TXT', 'three', { comment: 'new' }));
    expect(await state('txt', 'TXT')).toEqual(['one 3600 new', 'three 3600 new', 'two 3600 new']);
  });

  it('sets the TTL of every value, and a value without ttl joins the RRset TTL', async () => {
    await add(z, rr('a', 'A', '192.0.2.1', { ttl: 600 }));
    expect((await add(z, rr('a', 'A', '192.0.2.2'))).ttl).toBe(600);
    await add(z, rr('a', 'A', '192.0.2.3', { ttl: 900 }));
    const ttl900 = ['192.0.2.1 900 null', '192.0.2.2 900 null', '192.0.2.3 900 null'];
    expect(await state('a', 'A')).toEqual(ttl900);
  });

  it('update by id with comment "" removes it and a new ttl applies to every value', async () => {
    const [one] = await at(z, 'txt.rrset.example.', 'TXT');
    const r = await api.put(
      path(z, one!.id),
      rr('txt', 'TXT', one!.content, { ttl: 1200, comment: '' }),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.record).toMatchObject({ id: one!.id, ttl: 1200, comment: null });
    expect(await state('txt', 'TXT')).toEqual([
      'one 1200 null',
      'three 1200 null',
      'two 1200 null',
    ]);
  });
});

describe('GET records (list)', () => {
  let z: string;
  const total = 260;
  const types = ['A', 'AAAA', 'TXT'] as const;
  const content = (i: number) => [
    `10.0.${i >> 8}.${i & 255}`,
    `2001:db8::${i.toString(16)}`,
    `t${i}`,
  ];

  beforeAll(async () => {
    z = await createZone(api, 'list.example');
    // 20 names, each with values of three types: sorting has names, types and contents to order.
    for (let i = 0; i < total; i++) {
      const t = Math.floor(i / 20) % 3;
      await add(z, rr(`h${i % 20}`, types[t]!, content(i)[t]!));
    }
  }, 60_000);
  const page = (q: string) => api.get(`${path(z)}?${q}`);

  it('gives 50 by default, clamps limit above 1000, and an empty page past the end', async () => {
    const d = (await page('')).body.data;
    expect(d.records).toHaveLength(50);
    expect(d.pagination).toEqual({ total, offset: 0, limit: 50, count: 50, has_more: true });
    const big = (await page('limit=5000')).body.data;
    expect(big.pagination).toMatchObject({ limit: 1000, count: total, has_more: false });
    for (const item of big.records) expect(Object.keys(item).sort()).toEqual(FIELDS);
    const past = (await page('offset=9999')).body.data;
    expect(past).toMatchObject({ records: [], pagination: { count: 0, has_more: false } });
  });

  it.each(['limit=0', 'limit=abc', 'offset=-1'])('answers 400 invalid_request to %s', async (q) => {
    expectError(await page(q), 400, 'invalid_request');
  });

  it('sorts by name, then type, then content', async () => {
    const rows = (await all(z)).map((r) => [r.name, r.type, r.content].join('\u0000'));
    expect(rows).toEqual([...rows].sort());
    expect(new Set(rows.map((r) => r.split('\u0000')[1])).size).toBe(3);
  });

  it('visits every record exactly once when paging with offset += count', async () => {
    const seen: string[] = [];
    for (let offset = 0, more = true; more;) {
      const d = (await page(`limit=7&offset=${offset}`)).body.data;
      expect(d.pagination.count).toBe(d.records.length);
      seen.push(...d.records.map((r: Rec) => r.id));
      offset += d.pagination.count;
      more = d.pagination.has_more;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('filters by name and by type, counted and paged within the filter', async () => {
    const everything = await all(z);
    const byName = (await page('name=h3&limit=5')).body.data;
    const h3 = everything.filter((r) => r.name === 'h3.list.example.');
    expect(byName.pagination).toEqual({
      total: h3.length,
      offset: 0,
      limit: 5,
      count: 5,
      has_more: true,
    });
    expect(byName.records).toEqual(h3.slice(0, 5));
    const absolute = (await page('name=H3.list.example.&limit=1000')).body.data;
    expect(absolute.records).toEqual(h3);
    const txt = (await page('type=txt&limit=1000')).body.data;
    expect(txt.records).toEqual(everything.filter((r) => r.type === 'TXT'));
    const both = (await page('name=h3&type=AAAA')).body.data;
    expect(both.records).toEqual(h3.filter((r) => r.type === 'AAAA'));
    expect((await page('name=nothing-here')).body.data.pagination.total).toBe(0);
  });

  it('refuses a filter that is no name or no type, rather than listing everything', async () => {
    expectError(await page('type=AXFR'), 400, 'invalid_record_type');
    expectError(await page('name=bad..name'), 400, 'invalid_record_name');
  });
});

describe('one record by id', () => {
  let z: string;
  let other: string;
  beforeAll(async () => {
    z = await createZone(api, 'byid.example');
    other = await createZone(api, 'other-byid.example');
  });
  const put = (id: string, body: Record<string, unknown>) => api.put(path(z, id), body);

  it('GET answers { record }, 404 for an unknown id or a record of another zone', async () => {
    const r = await add(z, rr('www', 'A', '192.0.2.1', { comment: 'web' }));
    const got = await api.get(path(z, r.id));
    expect(got.status).toBe(200);
    expect(got.body.data).toEqual({ record: r });
    expectError(await api.get(path(z, 'rec_000000000000000000000000')), 404, 'record_not_found');
    expectError(await api.get(path(other, r.id)), 404, 'record_not_found');
  });

  it('PUT with a new content gives a new id; the old id is gone', async () => {
    const r = await add(z, rr('mail', 'MX', '10 a.example.net.'));
    const u = await put(r.id, rr('mail', 'MX', '20 B.example.net', { ttl: 600 }));
    expect(u.status, JSON.stringify(u.body)).toBe(200);
    expect(u.body.data.record).toMatchObject({ content: '20 b.example.net.', ttl: 600 });
    expect(u.body.data.record.id).not.toBe(r.id);
    expectError(await api.get(path(z, r.id)), 404, 'record_not_found');
    expect(await at(z, 'mail.byid.example.', 'MX')).toEqual([u.body.data.record]);
  });

  it('PUT refuses another name or type (record_mismatch), a missing ttl, a bad type', async () => {
    const r = await add(z, rr('m', 'A', '192.0.2.5'));
    const before = await all(z);
    const body = rr('m', 'A', '192.0.2.6', { ttl: 600 });
    expectError(await put(r.id, { ...body, name: 'n' }), 400, 'record_mismatch');
    expectError(await put(r.id, { ...body, type: 'TXT' }), 400, 'record_mismatch');
    expectError(await put(r.id, { ...body, type: 'FOO' }), 400, 'invalid_record_type');
    expectError(await put(r.id, { ...body, ttl: undefined }), 400, 'invalid_request');
    expect(await all(z)).toEqual(before);
  });

  it('PUT to a content another value already has is 409 record_already_exists', async () => {
    const a = await add(z, rr('pair', 'A', '192.0.2.1'));
    await add(z, rr('pair', 'A', '192.0.2.2'));
    const before = await all(z);
    const r = await put(a.id, rr('pair', 'A', '192.0.2.2', { ttl: 3600 }));
    expectError(r, 409, 'record_already_exists');
    expect(await all(z)).toEqual(before);
  });

  it('PUT toggles disabled and keeps it when omitted', async () => {
    const r = await add(z, rr('dis', 'A', '192.0.2.1'));
    const body = rr('dis', 'A', '192.0.2.1', { ttl: 3600 });
    expect((await put(r.id, { ...body, disabled: true })).body.data.record.disabled).toBe(true);
    expect((await put(r.id, body)).body.data.record.disabled).toBe(true);
    expect((await api.get(path(z, r.id))).body.data.record.disabled).toBe(true);
    expect((await put(r.id, { ...body, disabled: false })).body.data.record.disabled).toBe(false);
  });

  it('DELETE answers { message }, then the record is 404', async () => {
    const r = await add(z, rr('gone', 'A', '192.0.2.1'));
    const d = await api.delete(path(z, r.id));
    expect(d.status).toBe(200);
    expect(d.body).toEqual({ status: 'success', data: { message: expect.any(String) } });
    expectError(await api.get(path(z, r.id)), 404, 'record_not_found');
    expectError(await api.delete(path(z, r.id)), 404, 'record_not_found');
  });
});
