// By-name record routes over real HTTP: PUT and DELETE /records/by-name/{name}/{type}[?content=].
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

const ZONE = 'example.org';
let srv: TestServer;
let api: TestClient;
let z: string;

const byName = (name: string, type: string, content?: string) =>
  `/v1/zones/${z}/records/by-name/${encodeURIComponent(name)}/${encodeURIComponent(type)}` +
  (content === undefined ? '' : `?content=${encodeURIComponent(content)}`);

async function add(name: string, type: string, content: string, extra = {}): Promise<Rec> {
  const r = await api.post(`/v1/zones/${z}/records`, { name, type, content, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.record as Rec;
}

async function all(): Promise<Rec[]> {
  const r = await api.get(`/v1/zones/${z}/records?limit=1000`);
  expect(r.status).toBe(200);
  return r.body.data.records as Rec[];
}

const values = async (name: string, type: string) =>
  (await all())
    .filter((r) => r.name === `${name}.${ZONE}.` && r.type === type)
    .map((r) => r.content);

function expectError(r: ApiAnswer<Json>, status: number, code: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body).toMatchObject({ status: 'error', error: { code, message: expect.any(String) } });
}

/** The request is refused with `code` and no record changed. */
async function refused(send: () => Promise<ApiAnswer<Json>>, status: number, code: string) {
  const before = await all();
  expectError(await send(), status, code);
  expect(await all()).toEqual(before);
}

beforeAll(async () => {
  srv = await startTestServer();
  api = srv.admin;
  z = await createZone(api, ZONE);
});
afterAll(() => srv.close());

describe('PUT by-name', () => {
  it('updates a single-value RRset without content=', async () => {
    const old = await add('single', 'A', '192.0.2.1', { comment: 'keep' });
    const r = await api.put(byName('single', 'A'), { content: '192.0.2.2', ttl: 600 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({
      message: expect.any(String),
      record: {
        id: expect.stringMatching(/^rec_/),
        name: `single.${ZONE}.`,
        type: 'A',
        content: '192.0.2.2',
        ttl: 600,
        disabled: false,
        comment: 'keep',
      },
    });
    expect(r.body.data.record.id).not.toBe(old.id);
    expect(await values('single', 'A')).toEqual(['192.0.2.2']);
  });

  it('updates a CNAME in place and stores the new target canonical', async () => {
    await add('web', 'CNAME', 'old.example.net.');
    const r = await api.put(byName('web', 'cname'), { content: 'New.Example.net', ttl: 300 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await values('web', 'CNAME')).toEqual(['new.example.net.']);
  });

  it('refuses a multi-value RRset without content= with 400 ambiguous_record', async () => {
    await add('multi', 'TXT', 'hello world');
    await add('multi', 'TXT', 'second value');
    await refused(
      () => api.put(byName('multi', 'TXT'), { content: 'third', ttl: 3600 }),
      400,
      'ambiguous_record',
    );
  });

  it('updates the value that content= names (URL-encoded), leaving the others', async () => {
    const r = await api.put(byName('multi', 'TXT', 'hello world'), {
      content: 'hi there',
      ttl: 900,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.record).toMatchObject({ content: 'hi there', ttl: 900 });
    expect(await values('multi', 'TXT')).toEqual(['hi there', 'second value']);
  });

  it('matches content= after normalisation (non-canonical spelling)', async () => {
    await add('six', 'AAAA', '2001:db8::1');
    await add('six', 'AAAA', '2001:db8::2');
    const r = await api.put(byName('six', 'AAAA', '2001:DB8:0:0:0:0:0:1'), {
      content: '2001:db8::3',
      ttl: 3600,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await values('six', 'AAAA')).toEqual(['2001:db8::2', '2001:db8::3']);
  });

  it('answers 404 record_not_found when content= matches nothing or the RRset is absent', async () => {
    const body = { content: '192.0.2.9', ttl: 3600 };
    await refused(
      () => api.put(byName('six', 'AAAA', '2001:db8::99'), body),
      404,
      'record_not_found',
    );
    await refused(() => api.put(byName('nothing', 'A'), body), 404, 'record_not_found');
    await refused(() => api.put(byName('six', 'A'), body), 404, 'record_not_found');
  });

  it('accepts the name as @, relative, absolute and URL-encoded absolute, and a lowercase type', async () => {
    await add('@', 'MX', '10 mx1.example.net.');
    await add('host', 'A', '192.0.2.10');
    const apex = await api.put(byName('@', 'mx'), { content: '20 mx2.example.net.', ttl: 3600 });
    expect(apex.status, JSON.stringify(apex.body)).toBe(200);
    expect(apex.body.data.record).toMatchObject({ name: `${ZONE}.`, type: 'MX' });
    // Path segments as sent: relative, absolute, and absolute with its trailing dot as %2E.
    for (const [segment, ip] of [
      ['host', '192.0.2.11'],
      [encodeURIComponent(`host.${ZONE}.`), '192.0.2.12'],
      [`HOST.${ZONE}%2E`, '192.0.2.13'],
    ] as const) {
      const url = `/v1/zones/${z}/records/by-name/${segment}/a`;
      const r = await api.put(url, { content: ip, ttl: 3600 });
      expect(r.status, `${url} ${JSON.stringify(r.body)}`).toBe(200);
      expect(await values('host', 'A')).toEqual([ip]);
    }
  });

  it('takes a body that repeats the path’s name and type, and refuses one naming another record', async () => {
    await add('same', 'A', '192.0.2.30');
    const repeat = await api.put(byName('same', 'A'), {
      name: `same.${ZONE}.`,
      type: 'a',
      content: '192.0.2.31',
      ttl: 600,
    });
    expect(repeat.status, JSON.stringify(repeat.body)).toBe(200);
    await refused(
      () => api.put(byName('same', 'A'), { name: 'mail', content: '192.0.2.32', ttl: 600 }),
      400,
      'record_mismatch',
    );
    const other = await api.put(byName('same', 'A'), { type: 'MX', content: '1.1.1.2', ttl: 600 });
    expectError(other, 400, 'record_mismatch');
    expect(other.body.error.details).toEqual({ field: 'type', name: `same.${ZONE}.`, type: 'A' });
    expect(await values('same', 'A')).toEqual(['192.0.2.31']);
  });

  it('refuses an unknown type with 400 invalid_record_type', async () => {
    const body = { content: '192.0.2.1', ttl: 3600 };
    await refused(() => api.put(byName('host', 'FOO'), body), 400, 'invalid_record_type');
  });

  it('refuses a bad ttl or content in the body and changes nothing', async () => {
    await refused(
      () => api.put(byName('host', 'A'), { content: '192.0.2.1', ttl: 10 }),
      400,
      'invalid_record_ttl',
    );
    await refused(
      () => api.put(byName('host', 'A'), { content: 'not-an-ip', ttl: 3600 }),
      400,
      'invalid_record_content',
    );
  });
});

describe('DELETE by-name', () => {
  beforeAll(async () => {
    for (const ip of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) await add('del', 'A', ip);
    await add('del', 'TXT', 'stays');
  });

  it('deletes the one value content= names: { message, deleted: 1 }', async () => {
    const r = await api.delete(byName('del', 'A', '192.0.2.2'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      status: 'success',
      data: { message: expect.any(String), deleted: 1 },
    });
    expect(await values('del', 'A')).toEqual(['192.0.2.1', '192.0.2.3']);
  });

  it('answers 404 record_not_found for a content= that matches nothing', async () => {
    await refused(() => api.delete(byName('del', 'A', '192.0.2.99')), 404, 'record_not_found');
    await refused(() => api.delete(byName('del', 'SRV')), 404, 'record_not_found');
  });

  it('refuses an unknown type with 400 invalid_record_type', async () => {
    await refused(() => api.delete(byName('del', 'FOO')), 400, 'invalid_record_type');
  });

  it('without content= deletes the whole RRset: { message, deleted: N }', async () => {
    const r = await api.delete(byName(`del.${ZONE}.`, 'a'));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toEqual({ message: expect.any(String), deleted: 2 });
    expect(await values('del', 'A')).toEqual([]);
    expect(await values('del', 'TXT')).toEqual(['stays']);
    await refused(() => api.delete(byName('del', 'A')), 404, 'record_not_found');
  });
});
