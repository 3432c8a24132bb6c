// GET /v1/zones?name=: a substring of the zone name as listed, counted and paged within the filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createZone,
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestClient,
  type TestServer,
} from '../../test-support/harness';

let server: TestServer;
let owner: TestClient;
let rival: TestClient;

// A zone name holds only letters, digits, hyphens and dots, so a filter with %, _ or \ matches
// nothing; unescaped, LIKE would read them as wildcards and match a-b and axb for a_b.
const MINE = [
  'a-b.filter.example',
  'axb.filter.example',
  'pct100.filter.example',
  'shop.filter.example',
  'shop-eu.filter.example',
  'myshop.filter.example',
  'xn--bcher-kva.filter.example', // bücher
  ...Array.from({ length: 12 }, (_, i) => `page${String(i).padStart(2, '0')}.filter.example`),
];
const THEIRS = ['shop.rival.example', 'page-rival.filter-rival.example'];

beforeAll(async () => {
  server = await startTestServer();
  owner = server.client(await server.key('filter-owner'));
  rival = server.client(await server.key('filter-rival'));
  for (const name of MINE) await createZone(owner, name);
  for (const name of THEIRS) await createZone(rival, name);
});
afterAll(() => server.close());

const list = (query: string, c: TestClient = owner) => c.get(`/v1/zones${query}`);
const names = (r: ApiAnswer<Json>): string[] => r.body.data.zones.map((z: Json) => z.name);
const page = (r: ApiAnswer<Json>) => r.body.data.pagination;
const q = (name: string, more = '') => `?name=${encodeURIComponent(name)}&limit=100${more}`;

describe('filtering zones by name', () => {
  it('lists the zones whose name holds the text, sorted by name, with the filtered total', async () => {
    const r = await list(q('shop'));
    expect(r.status).toBe(200);
    const expected = ['myshop.filter.example', 'shop-eu.filter.example', 'shop.filter.example'];
    expect(names(r)).toEqual(expected);
    expect(page(r)).toEqual({ total: 3, offset: 0, limit: 100, count: 3, has_more: false });
  });

  it('finds a name typed whole, with its final dot', async () => {
    expect(names(await list(q('shop-eu.filter.example.')))).toEqual(['shop-eu.filter.example']);
  });

  it('ignores case', async () => {
    expect(names(await list(q('SHOP-EU')))).toEqual(['shop-eu.filter.example']);
    expect(names(await list(q('ShOp.FiLtEr')))).toEqual(
      ['shop.filter.example', 'myshop.filter.example'].sort(),
    );
  });

  it.each([
    ['a-b', ['a-b.filter.example']],
    ['a_b', []],
    ['%', []],
    ['pct%', []],
    ['_', []],
    ['\\', []],
    ['\\%', []],
    ['a\\_b', []],
  ])('takes LIKE wildcards and the escape character literally: %s', async (needle, expected) => {
    const r = await list(q(needle));
    expect(r.status).toBe(200);
    expect(names(r)).toEqual(expected);
    expect(page(r).total).toBe(expected.length);
  });

  it('matches an IDN as listed, in its xn-- form; a whole Unicode label is matched as its xn-- form', async () => {
    expect(names(await list(q('xn--bcher')))).toEqual(['xn--bcher-kva.filter.example']);
    expect(names(await list(q('Bücher.filter')))).toEqual(['xn--bcher-kva.filter.example']);
  });

  it('pages within the filter: total and has_more describe the filtered list', async () => {
    const seen: string[] = [];
    const first = await list('?name=PAGE&limit=5');
    expect(page(first)).toEqual({ total: 12, offset: 0, limit: 5, count: 5, has_more: true });
    seen.push(...names(first));
    const second = await list('?name=page&limit=5&offset=5');
    expect(page(second)).toEqual({ total: 12, offset: 5, limit: 5, count: 5, has_more: true });
    seen.push(...names(second));
    const last = await list('?name=page&limit=5&offset=10');
    expect(page(last)).toEqual({ total: 12, offset: 10, limit: 5, count: 2, has_more: false });
    seen.push(...names(last));
    expect(seen).toEqual(MINE.filter((n) => n.startsWith('page')));
    const past = await list('?name=page&limit=5&offset=20');
    expect(page(past)).toEqual({ total: 12, offset: 20, limit: 5, count: 0, has_more: false });
  });

  it("never lists another customer's zones", async () => {
    expect(names(await list(q('rival')))).toEqual([]);
    expect(names(await list(q('shop.rival')))).toEqual([]);
    expect(names(await list(q('shop'), rival))).toEqual(['shop.rival.example']);
    expect(page(await list(q('page'), rival)).total).toBe(1);
  });

  it('reads an empty name= as no filter', async () => {
    const r = await list('?name=&limit=100');
    expect(page(r).total).toBe(MINE.length);
  });

  it('deleted zones are not found', async () => {
    const r = await list(q('axb'));
    await owner.delete(`/v1/zones/${r.body.data.zones[0].id}`);
    expect(page(await list(q('axb'))).total).toBe(0);
  });

  it('refuses a name longer than 253 characters with a 400 that says the limit', async () => {
    expect((await list(`?name=${'a'.repeat(253)}`)).status).toBe(200);
    const r = await list(`?name=${'a'.repeat(254)}`);
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.message).toMatch(/253/);
    expect(r.body.error.details).toMatchObject({ field: 'name' });
  });

  it('says a name given twice is to be given once', async () => {
    const r = await list('?name=a&name=b');
    expect(r.status).toBe(400);
    expect(r.body.error.details).toMatchObject({ field: 'name' });
  });
});

describe('the OpenAPI document', () => {
  it('describes the name filter: what it matches, and its limit', async () => {
    const doc = (await server.client().get('/v1/openapi.json')).body;
    const params = doc.paths['/v1/zones'].get.parameters as Json[];
    const name = params.find((p) => p.name === 'name' && p.in === 'query');
    expect(name.required).toBeFalsy();
    expect(name.schema).toMatchObject({ type: 'string', maxLength: 253 });
    expect(name.description ?? name.schema.description).toMatch(/xn--/);
  });
});
