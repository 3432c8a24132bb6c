// Storage faults over real HTTP, made by SQLite itself on the server's own connection: a
// read-only database (PRAGMA query_only) and a full one (PRAGMA max_page_count: SQLITE_FULL, as
// a full disk gives). Writes answer 503 storage_unavailable, reads go on, and the service
// recovers by itself when the fault goes away.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';

let s: TestServer;
let zoneId = '';
beforeAll(async () => {
  s = await startTestServer({ API_RATE_LIMIT: '0' });
  zoneId = await createZone(s.admin, 'faults.example');
});
afterAll(() => s.close());

let n = 0;
const addRecord = () =>
  s.admin.post(`/v1/zones/${zoneId}/records`, {
    name: `host${n}`,
    type: 'TXT',
    content: `"${'x'.repeat(200)} ${n++}"`,
  });

function expectStorageUnavailable(
  r: Awaited<ReturnType<typeof addRecord>>,
  cause: string,
  retryAfter: string,
) {
  expect(r.status).toBe(503);
  expect(r.headers.get('retry-after')).toBe(retryAfter);
  expect(r.body).toEqual({
    status: 'error',
    error: {
      code: 'storage_unavailable',
      message: `The service cannot write to its database right now (${cause}); try again later.`,
      details: { cause, retry_after: Number(retryAfter) },
    },
  });
  // No file path, SQL or SQLite wording reaches the client.
  expect(JSON.stringify(r.body)).not.toMatch(/zonedeck|insert|sqlite|\//i);
}

describe('storage faults', () => {
  it('a read-only database: writes 503 with Retry-After, reads 200, then recovery', async () => {
    s.store.sqlite!.pragma('query_only = ON');
    try {
      expectStorageUnavailable(await addRecord(), 'database is read-only', '60');
      const zone = await s.admin.post('/v1/zones', { name: 'second.example' });
      expectStorageUnavailable(zone, 'database is read-only', '60');
      expect((await s.admin.get(`/v1/zones/${zoneId}/records`)).status).toBe(200);
    } finally {
      s.store.sqlite!.pragma('query_only = OFF');
    }
    expect((await addRecord()).status).toBe(201);
  });

  it('a full database: writes 503 until there is room again, never a 500', async () => {
    const pages = s.store.sqlite!.pragma('page_count', { simple: true }) as number;
    s.store.sqlite!.pragma(`max_page_count = ${pages}`);
    const statuses = new Set<number>();
    let last: Awaited<ReturnType<typeof addRecord>> | undefined;
    try {
      // The free room in the last pages fills within a few hundred records.
      for (let i = 0; i < 500 && last?.status !== 503; i++) {
        last = await addRecord();
        statuses.add(last.status);
      }
      expectStorageUnavailable(last!, 'disk full', '60');
      expect([...statuses].sort()).toEqual([201, 503]);
      expect((await s.admin.get(`/v1/zones/${zoneId}`)).status).toBe(200);
    } finally {
      s.store.sqlite!.pragma('max_page_count = 4294967294');
    }
    expect((await addRecord()).status).toBe(201);
  });

  it('times every committed batch in the store commit histogram', async () => {
    const count = async () =>
      (await s.service.metrics.storeCommit.get()).values.find((v) =>
        v.metricName?.endsWith('_count'),
      )?.value ?? 0;
    const before = await count();
    await Promise.all([addRecord(), addRecord(), addRecord()]);
    const after = await count();
    expect(after).toBeGreaterThan(before);
    expect(after).toBeLessThanOrEqual(before + 3); // per batch, not per write
  });
});
