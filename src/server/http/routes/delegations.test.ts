// What a delegation hides: at and below a name with NS records (below the apex) the zone serves
// only those NS records and glue addresses (A, AAAA). Every write path refuses a record there
// that would never be answered, and NS records that would hide records already there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createZone,
  expectError,
  startTestServer,
  type Json,
  type TestServer,
} from '../../test-support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0' });
});
afterAll(() => srv.close());

const records = (z: string) => `/v1/zones/${z}/records`;
const post = (z: string, name: string, type: string, content: string) =>
  srv.admin.post(records(z), { name, type, content });
async function add(z: string, name: string, type: string, content: string) {
  const r = await post(z, name, type, content);
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}
async function names(z: string): Promise<string[]> {
  const r = await srv.admin.get(`${records(z)}?limit=1000`);
  return (r.body.data.records as Json[]).map((x) => `${x.name} ${x.type}`).sort();
}

describe('a record at or below a delegation', () => {
  let z: string;
  beforeAll(async () => {
    z = await createZone(srv.admin, 'cuts.example');
    await add(z, 'sub', 'NS', 'ns1.elsewhere.net.');
  });

  it.each([
    ['a TXT at the delegated name', 'sub', 'TXT', 'hidden', /sub\.cuts\.example\. is delegated/],
    ['an MX at the delegated name', 'sub', 'MX', '10 mail.example.net.', /is delegated/],
    ['a TXT below it', 'www.sub', 'TXT', 'hidden', /lies below sub\.cuts\.example\./],
    ['a CNAME below it', 'x.y.sub', 'CNAME', 'a.example.net.', /lies below/],
    ['NS below it', 'deeper.sub', 'NS', 'ns2.elsewhere.net.', /lies below/],
  ])('refuses %s with 409 delegation_conflict', async (_what, name, type, content, message) => {
    const before = await names(z);
    const r = await post(z, name, type, content);
    expectError(r, 409, 'delegation_conflict');
    expect(r.body.error.message).toMatch(message);
    expect(r.body.error.details.field).toBe('name');
    expect(await names(z)).toEqual(before);
  });

  it('says how to put it right: create it in the delegated zone, or end the delegation', async () => {
    const r = await post(z, 'www.sub', 'TXT', 'hidden');
    expectError(r, 409, 'delegation_conflict');
    expect(r.body.error.message).toMatch(
      /Create it in the zone sub\.cuts\.example\. is delegated to, or delete the NS records of sub\.cuts\.example\. to end the delegation\.$/,
    );
  });

  it('takes glue addresses at and below it', async () => {
    await add(z, 'sub', 'A', '192.0.2.1');
    await add(z, 'ns.sub', 'AAAA', '2001:db8::53');
    await add(z, 'beside', 'TXT', 'a name beside the cut is not below it');
  });
});

describe('NS records that would hide what is there', () => {
  it('are refused at a name holding other data, or above it, and at a wildcard', async () => {
    const z = await createZone(srv.admin, 'hides.example');
    await add(z, 'mail', 'MX', '10 mx.example.net.');
    await add(z, 'www.shop', 'TXT', 'a shop');
    await add(z, 'glue', 'A', '192.0.2.2');
    const at = await post(z, 'mail', 'NS', 'ns1.elsewhere.net.');
    expectError(at, 409, 'delegation_conflict');
    expect(at.body.error.message).toMatch(/hide the MX record at mail\.hides\.example\./);
    const above = await post(z, 'shop', 'NS', 'ns1.elsewhere.net.');
    expectError(above, 409, 'delegation_conflict');
    expect(above.body.error.message).toMatch(/hide the TXT record at www\.shop\.hides\.example\./);
    expectError(await post(z, '*', 'NS', 'ns1.elsewhere.net.'), 409, 'delegation_conflict');
    await add(z, 'glue', 'NS', 'ns1.elsewhere.net.');
  });
});

describe('in a batch and an import', () => {
  it('judges the zone as the whole batch leaves it', async () => {
    const z = await createZone(srv.admin, 'cut-batch.example');
    const r = await srv.admin.post(`${records(z)}/batch`, {
      operations: [
        { op: 'create', name: 'dev', type: 'NS', content: 'ns1.elsewhere.net.' },
        { op: 'create', name: 'api.dev', type: 'TXT', content: 'hidden' },
      ],
    });
    expectError(r, 409, 'delegation_conflict');
    expect(r.body.error.details.index).toBe(1);
    expect(await names(z)).toEqual([]);
    const ok = await srv.admin.post(`${records(z)}/batch`, {
      operations: [
        { op: 'create', name: 'dev', type: 'NS', content: 'ns1.dev.cut-batch.example.' },
        { op: 'create', name: 'ns1.dev', type: 'A', content: '192.0.2.53' },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('lists the hidden record as an error on its line in an import', async () => {
    const z = await createZone(srv.admin, 'cut-import.example');
    const file = ['sub NS ns1.elsewhere.net.', 'sub TXT "hidden"', 'ns.sub A 192.0.2.9'].join('\n');
    const r = await srv.admin.post(`/v1/zones/${z}/import`, { zone_file: file, dry_run: true });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    // Both sides, as for a CNAME beside other data: the NS that would hide, the TXT hidden.
    expect(r.body.data.errors.map((e: Json) => [e.line, e.code])).toEqual([
      [1, 'delegation_conflict'],
      [2, 'delegation_conflict'],
    ]);
    const kept = await srv.admin.post(`/v1/zones/${z}/import`, {
      zone_file: file,
      exclude_lines: [2],
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(await names(z)).toEqual(['ns.sub.cut-import.example. A', 'sub.cut-import.example. NS']);
  });
});
