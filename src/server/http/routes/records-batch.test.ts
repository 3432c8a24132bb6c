// POST /records/batch over real HTTP: all or nothing, one change, errors naming the operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_MAX_OPERATIONS } from '../../../shared/api/changes';
import {
  createZone,
  startTestServer,
  type Json,
  type TestClient,
  type TestServer,
  expectError,
  zoneSerial,
} from '../../test-support/harness';

let srv: TestServer;
let api: TestClient;
const recs = (z: string) => `/v1/zones/${z}/records`;
const batch = (z: string) => `${recs(z)}/batch`;

const records = async (z: string) =>
  (await api.get(`${recs(z)}?limit=1000`)).body.data.records as Json[];
const historyOf = async (z: string) =>
  (await api.get(`/v1/zones/${z}/changes?limit=100`)).body.data.changes as Json[];
const serialOf = (z: string) => zoneSerial(srv, z);

/** A refused batch answers status/code, names `index`, and leaves no trace. */
async function refused(z: string, body: unknown, status: number, code: string, index?: number) {
  const [before, changes, serial] = [await records(z), await historyOf(z), await serialOf(z)];
  const r = await api.post(batch(z), body);
  expectError(r, status, code);
  if (index !== undefined) expect(r.body.error.details.index).toBe(index);
  expect(await records(z)).toEqual(before);
  expect(await historyOf(z)).toEqual(changes);
  expect(await serialOf(z)).toBe(serial);
  return r;
}

beforeAll(async () => {
  srv = await startTestServer({ API_RATE_LIMIT: '0', QUOTA_RECORDS_PER_ZONE: '50' });
  api = srv.admin;
});
afterAll(() => srv.close());

describe('POST records/batch', () => {
  it('applies creates, updates and deletes as one change with one serial', async () => {
    const z = await createZone(api, 'batch-one.com');
    const a = (await api.post(recs(z), { name: 'old', type: 'A', content: '192.0.2.1' })).body.data
      .record;
    const b = (await api.post(recs(z), { name: 'www', type: 'A', content: '192.0.2.2' })).body.data
      .record;
    const serial = await serialOf(z);
    const r = await api.post(batch(z), {
      operations: [
        { op: 'create', name: 'api', type: 'AAAA', content: '2001:DB8::1', ttl: 600 },
        { op: 'update', id: b.id, name: 'www', type: 'A', content: '192.0.2.3', ttl: 900 },
        { op: 'delete', id: a.id },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      dry_run: false,
      change_id: expect.stringMatching(/^chg_/),
      counts: { added: 2, changed: 0, removed: 2 },
    });
    expect(r.body.data.serial).toBeGreaterThan(serial);
    expect(await serialOf(z)).toBe(r.body.data.serial);
    expect(r.body.data.records.map((x: Json) => [x.name, x.content, x.ttl]).sort()).toEqual([
      ['api.batch-one.com.', '2001:db8::1', 600],
      ['www.batch-one.com.', '192.0.2.3', 900],
    ]);
    expect((await records(z)).map((x) => x.content).sort()).toEqual(['192.0.2.3', '2001:db8::1']);
    const [c] = await historyOf(z);
    expect(c).toMatchObject({ id: r.body.data.change_id, kind: 'batch' });
    // One revert undoes the whole batch.
    expect((await api.post(`/v1/zones/${z}/changes/${c.id}/revert`, {})).status).toBe(200);
    expect((await records(z)).map((x) => x.content).sort()).toEqual(['192.0.2.1', '192.0.2.2']);
  });

  it('dry run answers the diff and changes nothing', async () => {
    const z = await createZone(api, 'batch-dry.com');
    const [before, serial] = [await records(z), await serialOf(z)];
    const r = await api.post(batch(z), {
      operations: [{ op: 'create', name: 'x', type: 'TXT', content: '"hi"' }],
      dry_run: true,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ dry_run: true, change_id: null, serial: null });
    expect(r.body.data.rrsets).toHaveLength(1);
    expect(await records(z)).toEqual(before);
    expect(await serialOf(z)).toBe(serial);
    expect((await historyOf(z)).map((c: { kind: string }) => c.kind)).toEqual(['zone']);
  });

  it('judges CNAME conflicts on the final state, not operation by operation', async () => {
    const z = await createZone(api, 'batch-cname.com');
    const a = (await api.post(recs(z), { name: 'www', type: 'A', content: '192.0.2.1' })).body.data
      .record;
    // Delete the A, then add the CNAME: fine once both are applied.
    const ok = await api.post(batch(z), {
      operations: [
        { op: 'create', name: 'www', type: 'CNAME', content: 'example.net.' },
        { op: 'delete', id: a.id },
      ],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const bad = await refused(
      z,
      {
        operations: [
          { op: 'create', name: 'ok', type: 'A', content: '192.0.2.5' },
          { op: 'create', name: 'www', type: 'A', content: '192.0.2.1' },
        ],
      },
      409,
      'cname_conflict',
      1,
    );
    expect(bad.body.error.message).toMatch(/^operations\[1\]: /);
    // Both made by the batch: the later operation is the one refused, in its own words.
    const both = await refused(
      z,
      {
        operations: [
          { op: 'create', name: 'pair', type: 'A', content: '192.0.2.6' },
          { op: 'create', name: 'pair', type: 'CNAME', content: 'example.net.' },
        ],
      },
      409,
      'cname_conflict',
      1,
    );
    expect(both.body.error.message).toMatch(/^operations\[1\]: pair\S* already has an A record/);
  });

  it('names the operation and its field for invalid input', async () => {
    const z = await createZone(api, 'batch-bad.com');
    const r = await refused(
      z,
      {
        operations: [
          { op: 'create', name: 'a', type: 'A', content: '192.0.2.1' },
          { op: 'create', name: 'b', type: 'A', content: 'not-an-ip' },
        ],
      },
      400,
      'invalid_record_content',
      1,
    );
    expect(r.body.error.details.field).toBe('content');
    const ttl = await refused(
      z,
      { operations: [{ op: 'create', name: 'a', type: 'A', content: '192.0.2.1', ttl: 5 }] },
      400,
      'invalid_record_ttl',
      0,
    );
    expect(ttl.body.error.details).toMatchObject({ field: 'ttl', min: 300 });
    await refused(z, { operations: [{ op: 'rename', id: 'x' }] }, 400, 'invalid_request', 0);
    await refused(z, { operations: [] }, 400, 'invalid_request');
    await refused(
      z,
      { operations: [{ op: 'create', name: '@', type: 'NS', content: 'ns.example.net.' }] },
      400,
      'invalid_record_name',
      0,
    );
  });

  it('refuses unknown ids, duplicates and ids an earlier operation removed', async () => {
    const z = await createZone(api, 'batch-ids.com');
    const a = (await api.post(recs(z), { name: 'a', type: 'A', content: '192.0.2.1' })).body.data
      .record;
    await refused(
      z,
      { operations: [{ op: 'delete', id: 'rec_nope' }] },
      404,
      'record_not_found',
      0,
    );
    await refused(
      z,
      {
        operations: [
          { op: 'delete', id: a.id },
          { op: 'delete', id: a.id },
        ],
      },
      404,
      'record_not_found',
      1,
    );
    await refused(
      z,
      { operations: [{ op: 'create', name: 'a', type: 'A', content: '192.0.2.1' }] },
      409,
      'record_already_exists',
      0,
    );
    await refused(
      z,
      {
        operations: [
          { op: 'update', id: a.id, name: 'b', type: 'A', content: '192.0.2.1', ttl: 300 },
        ],
      },
      400,
      'record_mismatch',
      0,
    );
  });

  it('keeps the record quota for the batch as a whole', async () => {
    const z = await createZone(api, 'batch-quota.com');
    const ops = Array.from({ length: 51 }, (_, i) => ({
      op: 'create',
      name: `h${i}`,
      type: 'A',
      content: '192.0.2.1',
    }));
    await refused(z, { operations: ops }, 403, 'quota_exceeded');
    expect((await api.post(batch(z), { operations: ops.slice(0, 50) })).status).toBe(200);
  });

  it(`refuses more than ${BATCH_MAX_OPERATIONS} operations with batch_too_large`, async () => {
    const z = await createZone(api, 'batch-big.com');
    const ops = Array.from({ length: BATCH_MAX_OPERATIONS + 1 }, () => ({
      op: 'delete',
      id: 'rec_x',
    }));
    const r = await refused(z, { operations: ops }, 400, 'batch_too_large');
    expect(r.body.error.details.max_operations).toBe(BATCH_MAX_OPERATIONS);
  });

  it('takes a body past the gate’s 1 MiB, up to its own 8 MiB', async () => {
    const z = await createZone(api, 'batch-body.com');
    const op = (i: number) => ({ op: 'delete', id: `rec_${String(i).padStart(400, '0')}` });
    const big = { operations: Array.from({ length: 3000 }, (_, i) => op(i)) };
    expect(JSON.stringify(big).length).toBeGreaterThan(1024 * 1024);
    // Read and judged: the first id is unknown.
    await refused(z, big, 404, 'record_not_found', 0);
    const huge = { operations: Array.from({ length: 21_000 }, (_, i) => op(i)) };
    expectError(await api.post(batch(z), huge), 413, 'payload_too_large');
  });

  it('needs records:write and hides other customers’ zones', async () => {
    const z = await createZone(api, 'batch-scope.com');
    const body = { operations: [{ op: 'create', name: 'a', type: 'A', content: '192.0.2.1' }] };
    const reader = srv.client(await srv.key('acme', ['zones:read', 'records:read']));
    expectError(await reader.post(batch(z), body), 403, 'insufficient_scope');
    const other = srv.client(await srv.key('globex'));
    expectError(await other.post(batch(z), body), 404, 'zone_not_found');
    expect(await records(z)).toEqual([]);
  });
});
