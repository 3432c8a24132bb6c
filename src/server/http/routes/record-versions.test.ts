// Record versions over real HTTP (ADR 0028): ETag on reads and writes, If-Match on PUT and
// DELETE by id and by name, 412 with what is current, and writes racing a delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecord as Rec } from '../../../shared/api';
import { parseIfMatch, recordVersion, rrsetVersion } from '../../../shared/api/versions';
import { RecordGone } from '../../store/record-expect';
import { deleteRecords, updateRecord } from '../../store/record-writes';
import { getRecord, getRRset } from '../../store/records';
import {
  createZone,
  startTestServer,
  type ApiAnswer,
  type Json,
  type TestClient,
  type TestServer,
} from '../../test-support/harness';

const ZONE = 'versions.example';
let srv: TestServer;
let api: TestClient;
let z: string;

const recordPath = (id: string) => `/v1/zones/${z}/records/${id}`;
const byName = (name: string, type: string, content?: string) =>
  `/v1/zones/${z}/records/by-name/${encodeURIComponent(name)}/${type}` +
  (content === undefined ? '' : `?content=${encodeURIComponent(content)}`);

async function add(name: string, type: string, content: string, extra = {}): Promise<Rec> {
  const r = await api.post(`/v1/zones/${z}/records`, { name, type, content, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.record as Rec;
}

function send(method: string, path: string, ifMatch: string | undefined, body?: unknown) {
  const headers: Record<string, string> = {};
  if (ifMatch !== undefined) headers['If-Match'] = ifMatch;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return api.raw(path, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function records(name: string, type: string): Promise<Rec[]> {
  const r = await api.get(`/v1/zones/${z}/records?name=${encodeURIComponent(name)}&type=${type}`);
  expect(r.status).toBe(200);
  return r.body.data.records as Rec[];
}

function expect412(r: ApiAnswer<Json>, current: Rec[]) {
  expect(r.status, JSON.stringify(r.body)).toBe(412);
  expect(r.body.error.code).toBe('precondition_failed');
  expect(r.body.error.message).toMatch(/changed since you read/);
  expect(r.body.error.details.records).toEqual(current);
}

beforeAll(async () => {
  srv = await startTestServer();
  api = srv.admin;
  z = await createZone(api, ZONE);
});
afterAll(() => srv.close());

describe('ETag', () => {
  it('a read and every write answer with the version of the record they show', async () => {
    const created = await add('tag', 'A', '192.0.2.1');
    const got = await api.get(recordPath(created.id));
    expect(got.headers.get('ETag')).toBe(recordVersion(created));
    const put = await send('PUT', recordPath(created.id), undefined, {
      ...created,
      ttl: 600,
    });
    expect(put.status).toBe(200);
    expect(put.headers.get('ETag')).toBe(recordVersion(put.body.data.record));
    expect(put.headers.get('ETag')).not.toBe(got.headers.get('ETag'));
  });

  it('changes with each field the API shows, and only with them', () => {
    const r: Rec = {
      id: 'x',
      name: 'a.example.',
      type: 'A',
      content: '192.0.2.1',
      ttl: 300,
      disabled: false,
      comment: null,
    };
    const v = recordVersion(r);
    expect(recordVersion({ ...r, id: 'other' } as Rec)).toBe(v);
    for (const changed of [
      { content: '192.0.2.2' },
      { ttl: 301 },
      { disabled: true },
      { comment: '' },
      { name: 'b.example.' },
    ])
      expect(recordVersion({ ...r, ...changed })).not.toBe(v);
    // An RRset's version ignores the order its values come in.
    const s = { ...r, content: '192.0.2.9' };
    expect(rrsetVersion([r, s])).toBe(rrsetVersion([s, r]));
    expect(rrsetVersion([r, s])).not.toBe(rrsetVersion([r]));
  });

  it('If-Match is read as RFC 9110 writes it', () => {
    expect(parseIfMatch(undefined)).toBeUndefined();
    expect(parseIfMatch(' ')).toBeUndefined();
    expect(parseIfMatch('*')).toBe('*');
    expect(parseIfMatch('"a", W/"b" ,"c"')).toEqual(['"a"', 'W/"b"', '"c"']);
  });
});

describe('PUT and DELETE by id with If-Match', () => {
  it('a write from the current version goes through; one from an older version is 412 and writes nothing', async () => {
    const mine = await add('edit', 'A', '192.0.2.10', { ttl: 3600 });
    // Someone else changes the TTL after "mine" was read.
    const theirs = await send('PUT', recordPath(mine.id), recordVersion(mine), {
      ...mine,
      ttl: 300,
    });
    expect(theirs.status).toBe(200);
    const now = theirs.body.data.record as Rec;

    const stale = await send('PUT', recordPath(mine.id), recordVersion(mine), {
      ...mine,
      content: '192.0.2.11',
    });
    expect412(stale, [now]);
    expect(stale.body.error.details.version).toBe(recordVersion(now));
    expect(await records('edit', 'A')).toEqual([now]);

    const staleDelete = await send('DELETE', recordPath(mine.id), recordVersion(mine));
    expect412(staleDelete, [now]);
    expect(await records('edit', 'A')).toEqual([now]);

    // With the version the 412 gave, the write goes through.
    const again = await send('PUT', recordPath(mine.id), stale.body.error.details.version, {
      ...mine,
      ttl: 300,
      content: '192.0.2.11',
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data.record.content).toBe('192.0.2.11');
  });

  it('a weak tag never matches; * and a list holding the current tag do', async () => {
    const r = await add('weak', 'A', '192.0.2.20');
    const v = recordVersion(r);
    const weak = await send('PUT', recordPath(r.id), `W/${v}`, { ...r, ttl: 900 });
    expect412(weak, [r]);
    const listed = await send('PUT', recordPath(r.id), `"0000000000000000", ${v}`, {
      ...r,
      ttl: 900,
    });
    expect(listed.status).toBe(200);
    const star = await send('DELETE', recordPath(r.id), '*');
    expect(star.status).toBe(200);
    expect(await records('weak', 'A')).toEqual([]);
  });

  it('a write to a deleted record is 404, with or without a version', async () => {
    const r = await add('gone', 'TXT', '"v=1"');
    expect((await api.delete(recordPath(r.id))).status).toBe(200);
    const history = (await api.get(`/v1/zones/${z}/changes?limit=1`)).body.data;
    for (const ifMatch of [undefined, recordVersion(r)]) {
      const put = await send('PUT', recordPath(r.id), ifMatch, { ...r, ttl: 900 });
      expect(put.status).toBe(404);
      expect(put.body.error.code).toBe('record_not_found');
    }
    expect(await records('gone', 'TXT')).toEqual([]);
    // Nothing was journaled for the refused writes.
    expect((await api.get(`/v1/zones/${z}/changes?limit=1`)).body.data).toEqual(history);
  });
});

describe('a write racing a delete', () => {
  it('an update or delete from a read made before the record was deleted writes nothing', async () => {
    // What a handler read before its transaction began, then someone else's delete.
    const r = await add('race', 'A', '192.0.2.40');
    const zone = await srv.store.db
      .selectFrom('zones')
      .selectAll()
      .where('id', '=', z)
      .executeTakeFirstOrThrow();
    const read = (await getRecord(srv.store.db, z, r.id))!;
    expect((await api.delete(recordPath(r.id))).status).toBe(200);
    const history = (await api.get(`/v1/zones/${z}/changes?limit=1`)).body.data;
    await expect(updateRecord(srv.store, zone, read, { ...r, ttl: 900 })).rejects.toBeInstanceOf(
      RecordGone,
    );
    await expect(deleteRecords(srv.store, zone, [read])).rejects.toBeInstanceOf(RecordGone);
    expect(await records('race', 'A')).toEqual([]);
    expect((await api.get(`/v1/zones/${z}/changes?limit=1`)).body.data).toEqual(history);
  });

  const zoneRow = () =>
    srv.store.db.selectFrom('zones').selectAll().where('id', '=', z).executeTakeFirstOrThrow();

  it('an update keeps the switch as stored now, not as the handler read it', async () => {
    const r = await add('switch', 'A', '192.0.2.41');
    const read = (await getRecord(srv.store.db, z, r.id))!;
    expect((await send('PUT', recordPath(r.id), undefined, { ...r, disabled: true })).status).toBe(
      200,
    );
    // The update sends no `disabled`: the value stays disabled, as it now is.
    const { disabled: _, ...withoutSwitch } = r;
    const row = await updateRecord(srv.store, await zoneRow(), read, {
      ...withoutSwitch,
      ttl: 900,
    });
    expect(row).toMatchObject({ disabled: 1, ttl: 900 });
    expect(await records('switch', 'A')).toMatchObject([{ disabled: true, ttl: 900 }]);
  });

  it('deleting a whole RRset deletes the values stored now, one added since the read included', async () => {
    const a = await add('whole', 'A', '192.0.2.42');
    const b = await add('whole', 'A', '192.0.2.43');
    const read = await getRRset(srv.store.db, z, a.name, 'A');
    expect(read).toHaveLength(2);
    await add('whole', 'A', '192.0.2.44');
    const n = await deleteRecords(srv.store, await zoneRow(), read, {
      ifMatch: undefined,
      scope: 'rrset',
    });
    expect(n).toBe(3);
    expect(await records('whole', 'A')).toEqual([]);
    expect(b.name).toBe(a.name);
  });
});

describe('a refused write', () => {
  it('leaves the serial, the records and the journal as they were', async () => {
    const r = await add('still', 'A', '192.0.2.45');
    const put = await send('PUT', recordPath(r.id), recordVersion(r), { ...r, ttl: 900 });
    expect(put.status).toBe(200);
    const zone = (await api.get(`/v1/zones/${z}`)).body.data;
    const history = (await api.get(`/v1/zones/${z}/changes?limit=1`)).body.data;
    const stale = await send('PUT', recordPath(r.id), recordVersion(r), { ...r, ttl: 1200 });
    expect(stale.status).toBe(412);
    expect((await api.get(`/v1/zones/${z}`)).body.data.serial).toBe(zone.serial);
    expect((await api.get(`/v1/zones/${z}/changes?limit=1`)).body.data).toEqual(history);
    expect(await records('still', 'A')).toMatchObject([{ ttl: 900 }]);
  });

  it('If-Match on a route that checks no version, or holding no tag, is a 400 that says so', async () => {
    const zonePut = await api.raw(`/v1/zones/${z}`, {
      method: 'PUT',
      headers: { 'If-Match': '"0000000000000000"', 'Content-Type': 'application/json' },
      body: JSON.stringify({ ttl: 600 }),
    });
    expect(zonePut.status).toBe(400);
    expect(zonePut.body.error.message).toMatch(/If-Match is not supported on this route/);
    const create = await api.raw(`/v1/zones/${z}/records`, {
      method: 'POST',
      headers: { 'If-Match': '*', 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'nope', type: 'A', content: '192.0.2.46' }),
    });
    expect(create.status).toBe(400);
    expect(await records('nope', 'A')).toEqual([]);
    const r = await add('blank', 'A', '192.0.2.47');
    for (const header of [',', '']) {
      const put = await send('PUT', recordPath(r.id), header, { ...r, ttl: 900 });
      expect(put.status, header).toBe(400);
      expect(put.body.error.message).toMatch(/holds no entity tag/);
    }
  });
});

describe('where a version is found', () => {
  it('a create answers with Location; a write with Content-Location, the URL its version belongs to', async () => {
    const created = await api.post(`/v1/zones/${z}/records`, {
      name: 'where',
      type: 'A',
      content: '192.0.2.48',
    });
    const r = created.body.data.record as Rec;
    expect(created.headers.get('Location')).toBe(recordPath(r.id));
    const put = await send('PUT', recordPath(r.id), recordVersion(r), {
      ...r,
      content: '192.0.2.49',
    });
    const moved = put.body.data.record as Rec;
    expect(moved.id).not.toBe(r.id);
    expect(put.headers.get('Content-Location')).toBe(recordPath(moved.id));
    const next = await send(
      'DELETE',
      put.headers.get('Content-Location')!,
      put.headers.get('ETag')!,
    );
    expect(next.status).toBe(200);
  });

  it("a list of one name and type answers with the RRset's version; one value's is the record's", async () => {
    const a = await add('listed', 'TXT', '"one"');
    const one = await api.get(`/v1/zones/${z}/records?name=listed&type=TXT`);
    expect(one.headers.get('ETag')).toBe(recordVersion(a));
    // The tag a PUT by name answers serves the DELETE of that URL.
    const put = await send('PUT', byName('listed', 'TXT'), recordVersion(a), {
      content: '"two"',
      ttl: 600,
    });
    expect(put.status).toBe(200);
    const b = await add('listed', 'TXT', '"three"');
    const two = await api.get(`/v1/zones/${z}/records?name=listed&type=TXT`);
    expect(two.headers.get('ETag')).toBe(rrsetVersion([put.body.data.record, b]));
    expect((await api.get(`/v1/zones/${z}/records?name=listed`)).headers.get('ETag')).toBeNull();
    const del = await send('DELETE', byName('listed', 'TXT'), two.headers.get('ETag')!);
    expect(del.status).toBe(200);
    expect(del.body.data.deleted).toBe(2);
  });
});

describe('by name with If-Match', () => {
  it("PUT and DELETE of one value (content=) compare the value's version", async () => {
    const a = await add('multi', 'A', '192.0.2.30');
    const b = await add('multi', 'A', '192.0.2.31');
    // b changes; a write from a's version is still current (another value's change is not a's).
    const disable = await send('PUT', byName('multi', 'A', b.content), recordVersion(b), {
      content: b.content,
      ttl: b.ttl,
      disabled: true,
    });
    expect(disable.status).toBe(200);
    const b2 = disable.body.data.record as Rec;
    const stale = await send('PUT', byName('multi', 'A', b.content), recordVersion(b), {
      content: '192.0.2.32',
      ttl: b.ttl,
    });
    expect412(stale, [b2]);
    const staleDelete = await send('DELETE', byName('multi', 'A', b.content), recordVersion(b));
    expect412(staleDelete, [b2]);
    const ok = await send('DELETE', byName('multi', 'A', a.content), recordVersion(a));
    expect(ok.status).toBe(200);
    expect(await records('multi', 'A')).toEqual([b2]);
  });

  it("DELETE of a whole RRset compares the RRset's version: a value added meanwhile is 412", async () => {
    const a = await add('set', 'MX', '10 mx1.versions.example.');
    const b = await add('set', 'MX', '20 mx2.versions.example.');
    const seen = rrsetVersion([a, b]);
    const c = await add('set', 'MX', '30 mx3.versions.example.');
    const stale = await send('DELETE', byName('set', 'MX'), seen);
    expect(stale.status).toBe(412);
    expect(stale.body.error.details.version).toBe(rrsetVersion([a, b, c]));
    expect(stale.body.error.details.records).toEqual(expect.arrayContaining([a, b, c]));
    expect(await records('set', 'MX')).toHaveLength(3);
    const ok = await send('DELETE', byName('set', 'MX'), stale.body.error.details.version);
    expect(ok.status).toBe(200);
    expect(ok.body.data.deleted).toBe(3);
    expect(await records('set', 'MX')).toEqual([]);
  });
});

describe('batch operations with if_match', () => {
  const batch = (operations: unknown[]) => api.post(`/v1/zones/${z}/records/batch`, { operations });

  it('a stale version refuses the whole batch with 412 naming the operation; current ones apply', async () => {
    const a = await add('batch-a', 'A', '192.0.2.50');
    const b = await add('batch-b', 'A', '192.0.2.51');
    const moved = await send('PUT', recordPath(b.id), undefined, { ...b, ttl: 900 });
    const bNow = moved.body.data.record as Rec;
    const stale = await batch([
      {
        op: 'update',
        id: a.id,
        name: a.name,
        type: 'A',
        content: '192.0.2.52',
        ttl: 300,
        if_match: recordVersion(a),
      },
      { op: 'delete', id: b.id, if_match: recordVersion(b) },
    ]);
    expect(stale.status, JSON.stringify(stale.body)).toBe(412);
    expect(stale.body.error).toMatchObject({
      code: 'precondition_failed',
      message: expect.stringMatching(/^operations\[1\]: .*changed since you read it/),
      details: { index: 1, version: recordVersion(bNow), records: [bNow] },
    });
    expect(await records('batch-a', 'A')).toEqual([a]);
    expect(await records('batch-b', 'A')).toEqual([bNow]);

    // The tag without its quotes, as a JSON field may hold it, is read the same.
    const ok = await batch([
      {
        op: 'update',
        id: a.id,
        name: a.name,
        type: 'A',
        content: '192.0.2.52',
        ttl: 300,
        if_match: recordVersion(a).replaceAll('"', ''),
      },
      { op: 'delete', id: b.id, if_match: recordVersion(bNow) },
    ]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await records('batch-a', 'A')).map((r) => r.content)).toEqual(['192.0.2.52']);
    expect(await records('batch-b', 'A')).toEqual([]);
  });

  it('an empty if_match, or one on a create, is refused with its reason', async () => {
    const a = await add('batch-c', 'A', '192.0.2.53');
    const empty = await batch([{ op: 'delete', id: a.id, if_match: '' }]);
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toMatch(/^operations\[0\]: if_match is empty/);
    const create = await batch([
      { op: 'create', name: 'batch-d', type: 'A', content: '192.0.2.54', if_match: '*' },
    ]);
    expect(create.status).toBe(400);
    expect(create.body.error.message).toMatch(/a record being created has no version yet/);
    expect(await records('batch-c', 'A')).toEqual([a]);
    expect(await records('batch-d', 'A')).toEqual([]);
  });
});

describe('the OpenAPI document', () => {
  it('lists If-Match and 412 on the writes to existing records', async () => {
    const doc = (await api.get('/v1/openapi.json')).body;
    for (const [path, method] of [
      ['/v1/zones/{zone_id}/records/{record_id}', 'put'],
      ['/v1/zones/{zone_id}/records/{record_id}', 'delete'],
      ['/v1/zones/{zone_id}/records/by-name/{name}/{type}', 'put'],
      ['/v1/zones/{zone_id}/records/by-name/{name}/{type}', 'delete'],
    ] as const) {
      const op = doc.paths[path][method];
      expect(op.responses['412'], `${method} ${path}`).toBeDefined();
      expect(op.parameters.map((p: { name: string }) => p.name)).toContain('if-match');
    }
  });
});
