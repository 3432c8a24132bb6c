// Limits on the record write path over real HTTP: the RRset must fit in one DNS message, one value
// in one RR, comments free of control and bidi characters (the quota: records-quota.test.ts).
// Every refusal leaves the zone's records exactly as they were; what is accepted is served by DNS.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RRSET_MAX_BYTES, VALUE_MAX_BYTES } from '../../../shared/dns/records';
import {
  createZone,
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestClient,
  type TestServer,
} from '../../test-support/harness';

const run = promisify(execFile);
const ZONE = 'limits.example';
/** Wire length of big.limits.example. (uncompressed, as the limit counts it). */
const OWNER = 20;

let srv: TestServer;
let api: TestClient;
let z: string;

beforeAll(async () => {
  srv = await startTestServer();
  api = srv.admin;
  z = await createZone(api, ZONE);
});
afterAll(() => srv.close());

/** A TXT value of exactly `bytes` octets of RDATA (255-byte strings, then the rest), made of `c`. */
function txt(bytes: number, c: string): string {
  const full = Math.floor(bytes / 256);
  const rest = bytes - full * 256;
  const strings = Array.from({ length: full }, () => c.repeat(255));
  if (rest > 0) strings.push(c.repeat(rest - 1));
  return strings.map((s) => `"${s}"`).join(' ');
}

const records = (zoneId = z, client = api) =>
  client
    .get(`/v1/zones/${zoneId}/records?limit=1000`)
    .then((r) => r.body.data.records as { id: string; content: string; comment: string | null }[]);

function expectError(r: ApiAnswer<Json>, status: number, code: string, details: object) {
  expect(r.status, JSON.stringify(r.body).slice(0, 500)).toBe(status);
  expect(r.body.status).toBe('error');
  expect(r.body.error.code).toBe(code);
  expect(r.body.error.details).toMatchObject(details);
  return r.body.error.message as string;
}

async function dig(name: string, ...options: string[]) {
  const args = ['@127.0.0.1', '-p', String(srv.service.dnsPort), '+norec', '+tries=1', '+time=5'];
  const { stdout } = await run('/usr/bin/dig', [...args, ...options, name, 'TXT'], {
    maxBuffer: 4 * 1024 * 1024,
  });
  return {
    status: /status: (\w+)/.exec(stdout)?.[1],
    flags: /flags: ([^;]*);/.exec(stdout)?.[1] ?? '',
    answers: Number(/ANSWER: (\d+)/.exec(stdout)?.[1]),
    size: Number(/MSG SIZE\s+rcvd: (\d+)/.exec(stdout)?.[1]),
    rrsigs: stdout.split('\n').filter((l) => /\sIN\s+RRSIG\s+TXT\s/.test(l)).length,
  };
}

describe('an RRset that would not fit in a DNS message', () => {
  // Four values of 16,000 octets and one that fills the RRset to the byte: accepted.
  const bigValues = ['a', 'b', 'c', 'd'].map((c) => txt(16_000, c));
  const lastBytes = RRSET_MAX_BYTES - 4 * (OWNER + 10 + 16_000) - OWNER - 10;
  const last = txt(lastBytes, 'e');
  let lastId: string;

  beforeAll(async () => {
    for (const content of [...bigValues, last]) {
      const r = await api.post(`/v1/zones/${z}/records`, { name: 'big', type: 'TXT', content });
      expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(201);
      lastId = r.body.data.record.id;
    }
  });

  it('is served whole over TCP just under the limit, signed too', async () => {
    const plain = await dig('big.limits.example', '+tcp');
    expect(plain).toMatchObject({ status: 'NOERROR', answers: 5 });
    expect(plain.flags).not.toMatch(/\btc\b/);

    const on = await api.patch(`/v1/zones/${z}/dnssec/status`, { enabled: true });
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const signed = await dig('big.limits.example', '+tcp', '+dnssec');
    expect(signed).toMatchObject({ status: 'NOERROR', answers: 6, rrsigs: 1 });
    expect(signed.flags).not.toMatch(/\btc\b/);
    expect(signed.size).toBeLessThanOrEqual(65_535);
  });

  it('refuses the next value with 400 rrset_too_large, naming the RRset and the limit', async () => {
    const before = await records();
    const r = await api.post(`/v1/zones/${z}/records`, { name: 'big', type: 'TXT', content: 'z' });
    const message = expectError(r, 400, 'rrset_too_large', {
      field: 'content',
      max_bytes: RRSET_MAX_BYTES,
      rrset_bytes: RRSET_MAX_BYTES + OWNER + 10 + 2,
    });
    expect(message).toContain('TXT RRset at big.limits.example.');
    expect(message).toContain(String(RRSET_MAX_BYTES));
    expect(await records()).toEqual(before);
  });

  it('refuses an update by id or by name that grows the RRset past the limit', async () => {
    const before = await records();
    const grown = txt(lastBytes + 1, 'e');
    const byId = await api.put(`/v1/zones/${z}/records/${lastId}`, {
      name: 'big',
      type: 'TXT',
      content: grown,
      ttl: 3600,
    });
    expectError(byId, 400, 'rrset_too_large', {
      field: 'content',
      rrset_bytes: RRSET_MAX_BYTES + 1,
    });
    const byName = await api.put(
      `/v1/zones/${z}/records/by-name/big/TXT?content=${encodeURIComponent(last)}`,
      { content: grown, ttl: 3600 },
    );
    expectError(byName, 400, 'rrset_too_large', { field: 'content', max_bytes: RRSET_MAX_BYTES });
    expect(await records()).toEqual(before);

    // The same size with other text still fits: the RRset, not the change, is measured.
    const same = await api.put(`/v1/zones/${z}/records/${lastId}`, {
      name: 'big',
      type: 'TXT',
      content: txt(lastBytes, 'f'),
      ttl: 3600,
    });
    expect(same.status, JSON.stringify(same.body).slice(0, 300)).toBe(200);
  });

  it('lets one of two concurrent writes through when only one fits', async () => {
    const make = (c: string) =>
      api.post(`/v1/zones/${z}/records`, { name: 'race', type: 'TXT', content: txt(40_000, c) });
    const answers = await Promise.all([make('p'), make('q')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    const race = (await records()).filter(
      (r) => r.content.startsWith('"p') || r.content.startsWith('"q'),
    );
    expect(race).toHaveLength(1);
  });
});

describe('one value larger than a DNS record can carry', () => {
  it.each([
    ['a value one byte over', txt(VALUE_MAX_BYTES + 1, 'v')],
    ['a 1,000,000-character value', 'w'.repeat(1_000_000)],
  ])(
    'refuses %s with 400 invalid_record_content and max_bytes, by POST and by name',
    async (_, content) => {
      const before = await records();
      const post = await api.post(`/v1/zones/${z}/records`, { name: 'huge', type: 'TXT', content });
      expectError(post, 400, 'invalid_record_content', {
        field: 'content',
        max_bytes: VALUE_MAX_BYTES,
      });
      await api.post(`/v1/zones/${z}/records`, { name: 'small', type: 'TXT', content: 'ok' });
      const mid = await records();
      const put = await api.put(`/v1/zones/${z}/records/by-name/small/TXT`, { content, ttl: 3600 });
      expectError(put, 400, 'invalid_record_content', {
        field: 'content',
        max_bytes: VALUE_MAX_BYTES,
      });
      expect(await records()).toEqual(mid);
      expect(mid.length).toBeLessThanOrEqual(before.length + 1);
    },
  );
});

describe('comments with control or bidirectional characters', () => {
  it.each([
    ['\u202e', 'U+202E'],
    ['\u2066', 'U+2066'],
    ['\u0007', 'U+0007'],
    ['\u009b', 'U+009B'],
  ])('refuses %j by create, update by id and by name, naming %s', async (char, code) => {
    const ok = await api.post(`/v1/zones/${z}/records`, {
      name: `c${code.slice(2)}`,
      type: 'A',
      content: '192.0.2.7',
      comment: 'fine',
    });
    expect(ok.status).toBe(201);
    const before = await records();
    const comment = `invoice${char}txt.exe`;
    const answers = [
      await api.post(`/v1/zones/${z}/records`, {
        name: 'x',
        type: 'A',
        content: '192.0.2.8',
        comment,
      }),
      await api.put(`/v1/zones/${z}/records/${ok.body.data.record.id}`, {
        ...ok.body.data.record,
        name: ok.body.data.record.name,
        comment,
      }),
      await api.put(`/v1/zones/${z}/records/by-name/c${code.slice(2)}/A`, {
        content: '192.0.2.7',
        ttl: 3600,
        comment,
      }),
    ];
    for (const r of answers) {
      const message = expectError(r, 400, 'invalid_record_comment', { field: 'comment' });
      expect(message).toContain(code);
      expect(message).toMatch(/remove it/);
    }
    expect(await records()).toEqual(before);
  });
});
