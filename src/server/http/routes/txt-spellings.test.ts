// One TXT value has several spellings: free text `hello world` and the quoted `"hello world"`,
// or a long text and its 255-byte pieces, are the same strings on the wire. Every write refuses a
// second spelling of a value the RRset holds (RFC 2181 5: no duplicates in an RRset), `?content=`
// finds a value by any spelling, and values stored twice before these checks are served once,
// so a signed RRset still validates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordId, nowIso } from '../../store/ids';
import { delv, dig } from '../../test-support/dns-tools';
import {
  createZone,
  expectError,
  startTestServer,
  type TestServer,
} from '../../test-support/harness';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0' });
});
afterAll(() => srv.close());

const records = (z: string) => `/v1/zones/${z}/records`;
const LONG = 'x'.repeat(300);
const LONG_PIECES = `"${'x'.repeat(255)}" "${'x'.repeat(45)}"`;

async function add(z: string, name: string, content: string) {
  const r = await srv.admin.post(records(z), { name, type: 'TXT', content });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.record as { id: string; content: string };
}

async function txtValues(z: string, name: string): Promise<string[]> {
  const r = await srv.admin.get(`${records(z)}?limit=1000`);
  return (r.body.data.records as { name: string; type: string; content: string }[])
    .filter((x) => x.type === 'TXT' && x.name.startsWith(`${name}.`))
    .map((x) => x.content)
    .sort();
}

describe('a second spelling of a stored TXT value', () => {
  let z: string;
  beforeAll(async () => {
    z = await createZone(srv.admin, 'txt-spellings.example');
    await add(z, 't', 'hello world');
    await add(z, 'q', '"quoted text"');
    await add(z, 'long', LONG);
  });

  it.each([
    ['quoted after free text', 't', '"hello world"', 'hello world'],
    ['free text after quoted', 'q', 'quoted text', '"quoted text"'],
    ['255-byte pieces after the long text', 'long', LONG_PIECES, LONG],
  ])(
    'is refused on create (%s) with 409, naming the stored value',
    async (_w, name, content, stored) => {
      const r = await srv.admin.post(records(z), { name, type: 'TXT', content });
      expectError(r, 409, 'record_already_exists');
      expect(r.body.error.message).toContain(`"${stored}"`);
      expect(await txtValues(z, name)).toEqual([stored]);
    },
  );

  it('is refused in a batch, at the operation that adds it, and nothing is written', async () => {
    const r = await srv.admin.post(`${records(z)}/batch`, {
      operations: [
        { op: 'create', name: 'fresh', type: 'TXT', content: 'hi' },
        { op: 'create', name: 'fresh', type: 'TXT', content: '"hi"' },
      ],
    });
    expectError(r, 409, 'record_already_exists');
    expect(r.body.error.details.index).toBe(1);
    expect(await txtValues(z, 'fresh')).toEqual([]);
  });

  it('is refused on update of another value of the RRset', async () => {
    const other = await add(z, 't', 'second');
    const r = await srv.admin.put(`${records(z)}/${other.id}`, {
      name: 't',
      type: 'TXT',
      content: '"hello world"',
      ttl: 3600,
    });
    expectError(r, 409, 'record_already_exists');
    expect(await txtValues(z, 't')).toEqual(['hello world', 'second']);
  });

  it('may respell the value itself', async () => {
    const own = await add(z, 'respell', 'same text');
    const r = await srv.admin.put(`${records(z)}/${own.id}`, {
      name: 'respell',
      type: 'TXT',
      content: '"same text"',
      ttl: 3600,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await txtValues(z, 'respell')).toEqual(['"same text"']);
  });

  it('selects the stored value by ?content= in either spelling', async () => {
    await add(z, 'bye', '"goodbye"');
    const r = await srv.admin.delete(`${records(z)}/by-name/bye/TXT?content=goodbye`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await txtValues(z, 'bye')).toEqual([]);
  });
});

describe('two spellings stored before these checks', () => {
  it('are served as one record, and the signed RRset validates', async () => {
    const zone = 'txt-legacy.example';
    const z = await createZone(srv.admin, zone);
    const first = await add(z, 'dup', 'hello world');
    // The second spelling written straight into the store, as an older version accepted it.
    const name = `dup.${zone}.`;
    const now = nowIso();
    await srv.store.db
      .insertInto('records')
      .values({
        zone_id: z,
        id: recordId(z, name, 'TXT', '"hello world"'),
        name,
        type: 'TXT',
        content: '"hello world"',
        disabled: 0,
        created_at: now,
        updated_at: now,
      })
      .execute();
    // A write to the RRset tells the DNS view every value it now holds, both spellings.
    const put = await srv.admin.put(`${records(z)}/${first.id}`, {
      name: 'dup',
      type: 'TXT',
      content: 'hello world',
      ttl: 600,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(await txtValues(z, 'dup')).toEqual(['"hello world"', 'hello world']);

    // Still editable whole: a batch that sets the RRset's TTL, and each spelling by name.
    const { records: rows } = (await srv.admin.get(`${records(z)}?name=dup&type=TXT`)).body.data;
    const batch = await srv.admin.post(`${records(z)}/batch`, {
      operations: [
        {
          op: 'update',
          id: rows[0].id,
          name: 'dup',
          type: 'TXT',
          content: rows[0].content,
          ttl: 900,
        },
      ],
    });
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const byName = await srv.admin.put(
      `${records(z)}/by-name/dup/TXT?content=${encodeURIComponent('"hello world"')}`,
      { content: '"hello world"', ttl: 900 },
    );
    expect(byName.status, JSON.stringify(byName.body)).toBe(200);

    const answer = await dig(srv.service.dnsPort, name, 'TXT');
    expect(answer.records.filter((r) => r.type === 'TXT').map((r) => r.data)).toEqual([
      '"hello world"',
    ]);

    const on = await srv.admin.patch(`/v1/zones/${z}/dnssec/status`, { enabled: true });
    expect(on.status).toBe(200);
    const dsAnswer = await srv.admin.get(`/v1/zones/${z}/dnssec/ds`);
    const ds = (dsAnswer.body.data.ds_records as string[]).find((d) => d.split(' ')[2] === '2')!;
    expect(await delv(srv.service.dnsPort, zone, ds, name, 'TXT')).toContain('; fully validated');
  });
});
