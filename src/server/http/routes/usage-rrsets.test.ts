// GET /v1/zones/{id}/usage/rrsets over real HTTP: every RRset listed (never-queried ones with 0
// and null), the days window over stored rows, the `days` bounds, scopes and other customers'
// zones. Rows are seeded through the store's own write (the counting itself is tested with dig
// in dns/usage-rrsets.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '../../../shared/api';
import { addRrsetUsage } from '../../store/usage-rrsets';
import {
  createZone,
  expectError,
  startTestServer,
  type Json,
  type TestServer,
} from '../../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const today = utcDay(Date.now());

async function usage(zoneId: string, query = ''): Promise<Json> {
  const r = await server.admin.get(`/v1/zones/${zoneId}/usage/rrsets${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

async function record(zoneId: string, name: string, type: string, content: string) {
  const r = await server.admin.post(`/v1/zones/${zoneId}/records`, { name, type, content });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}

describe('queries per RRset', () => {
  it('lists every RRset, sums the last N days, defaults to 30', async () => {
    const zone = 'rrset-route.example';
    const id = await createZone(server.admin, zone);
    await record(id, 'www', 'A', '192.0.2.1');
    await record(id, 'www', 'A', '192.0.2.2'); // one RRset of two values
    await record(id, 'mail', 'MX', `10 mx.${zone}.`);
    await record(id, 'never', 'TXT', '"x"');
    const at = (day: string) => `${day}T12:00:00.000Z`;
    const row = (name: string, type: string, day: string, count: number) => ({
      zoneId: id,
      name: `${name}.${zone}.`,
      type,
      day,
      count,
      lastQueriedAt: at(day),
    });
    await addRrsetUsage(server.store.db, [
      row('www', 'A', today, 7),
      row('www', 'A', addDays(today, -4), 5),
      row('www', 'A', addDays(today, -29), 3),
      row('www', 'A', addDays(today, -30), 1000), // outside 30 days
      row('mail', 'MX', addDays(today, -10), 2),
      row('ghost', 'A', today, 9), // no such RRset: never stored
    ]);
    const d = await usage(id);
    expect(d).toMatchObject({ zone_id: id, days: 30, since: addDays(today, -29) });
    expect(d.rrsets).toEqual([
      { name: `mail.${zone}.`, type: 'MX', queries: 2, last_queried_at: at(addDays(today, -10)) },
      { name: `never.${zone}.`, type: 'TXT', queries: 0, last_queried_at: null },
      { name: `www.${zone}.`, type: 'A', queries: 15, last_queried_at: at(today) },
    ]);
    const five = await usage(id, '?days=5');
    expect(five.since).toBe(addDays(today, -4));
    expect(five.rrsets.map((r: Json) => r.queries)).toEqual([0, 0, 12]);
    // The last query is the RRset's, whatever the window.
    expect(five.rrsets[0].last_queried_at).toBe(at(addDays(today, -10)));
    expect((await usage(id, '?days=1')).rrsets.map((r: Json) => r.queries)).toEqual([0, 0, 7]);
    expect((await usage(id, '?days=35')).rrsets[2].queries).toBe(1015);
  });

  it('answers a zone without RRsets with an empty list', async () => {
    const id = await createZone(server.admin, 'empty-rrsets.example');
    expect((await usage(id)).rrsets).toEqual([]);
  });
});

describe('bad days', () => {
  it.each(['0', '36', '-1', '1.5', 'thirty', '', '1000'])(
    'refuses days=%s with 400 naming days and its bounds',
    async (days) => {
      const id = await createZone(server.admin, `bad-days-${days.length}-${Date.now()}.example`);
      const r = await server.admin.get(`/v1/zones/${id}/usage/rrsets?days=${days}`);
      expectError(r, 400, 'invalid_request');
      expect(r.body.error.details).toEqual({ field: 'days' });
      expect(r.body.error.message).toMatch(/days must be a whole number of days from 1 to 35/);
    },
  );
});

describe('access', () => {
  it("needs usage:read, and hides other customers' zones", async () => {
    const id = await createZone(server.admin, 'private-rrsets.example');
    const path = `/v1/zones/${id}/usage/rrsets`;
    const readerOnly = server.client(await server.key('acme', ['zones:read', 'records:read']));
    expectError(await readerOnly.get(path), 403, 'insufficient_scope');
    const usageOnly = server.client(await server.key('acme', ['usage:read']));
    expect((await usageOnly.get(path)).status).toBe(200);
    const other = server.client(await server.key('globex'));
    expectError(await other.get(path), 404, 'zone_not_found');
    expectError(await other.get(`${path}?days=0`), 404, 'zone_not_found');
    expectError(
      await server.admin.get('/v1/zones/zone_missing/usage/rrsets'),
      404,
      'zone_not_found',
    );
  });

  it('is in the OpenAPI document with its scope and days parameter', async () => {
    const r = await server.admin.get('/v1/openapi.json');
    const op = r.body.paths['/v1/zones/{zone_id}/usage/rrsets']?.get;
    expect(op).toBeDefined();
    expect(JSON.stringify(op.security)).toContain('usage:read');
    expect(op.parameters.map((p: Json) => p.name)).toContain('days');
  });
});
