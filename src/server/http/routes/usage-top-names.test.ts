// GET /v1/zones/{id}/usage/top-names over real HTTP: the day parameter (default today, bad and
// future days named), 20 names at most with the trailing dot and the error bound, scopes, and
// other customers' zones. Rows are seeded through the store's own write (the counting itself is
// tested with dig in dns/top-names.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, utcDay } from '../../../shared/api';
import { writeTopNames } from '../../store/usage-top-names';
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

async function topNames(zoneId: string, query = ''): Promise<Json> {
  const r = await server.admin.get(`/v1/zones/${zoneId}/usage/top-names${query}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

describe('top names of a day', () => {
  it('answers today by default, best first, 20 at most, absolute names and error bounds', async () => {
    const id = await createZone(server.admin, 'top-route.example');
    const asked = Array.from({ length: 30 }, (_, i) => ({
      name: `h${i}.top-route.example`,
      count: 100 - i,
      error: i % 3,
    }));
    const yesterday = addDays(today, -1);
    await writeTopNames(server.store.db, [
      { node: '', zoneId: id, day: today, kind: 'asked', entries: asked },
      {
        node: '',
        zoneId: id,
        day: today,
        kind: 'nxdomain',
        entries: [{ name: 'typo.top-route.example', count: 7, error: 0 }],
      },
      {
        node: '',
        zoneId: id,
        day: yesterday,
        kind: 'asked',
        entries: [{ name: 'top-route.example', count: 3, error: 0 }],
      },
    ]);
    const t = await topNames(id);
    expect(t.date).toBe(today);
    expect(t.asked).toHaveLength(20);
    expect(t.asked[0]).toEqual({ name: 'h0.top-route.example.', queries: 100, error: 0 });
    expect(t.asked[19]).toEqual({ name: 'h19.top-route.example.', queries: 81, error: 1 });
    expect(t.nxdomain).toEqual([{ name: 'typo.top-route.example.', queries: 7, error: 0 }]);
    // The zone's apex is written "top-route.example.", another day's lists are its own.
    expect(await topNames(id, `?date=${yesterday}`)).toEqual({
      date: yesterday,
      asked: [{ name: 'top-route.example.', queries: 3, error: 0 }],
      nxdomain: [],
    });
    expect(await topNames(id, `?date=${today}`)).toEqual(t);
  });

  it('answers a day without queries with empty lists', async () => {
    const id = await createZone(server.admin, 'quiet-top.example');
    expect(await topNames(id)).toEqual({ date: today, asked: [], nxdomain: [] });
  });
});

describe('bad parameters', () => {
  it.each([
    ['date=2026-1-01', /YYYY-MM-DD/],
    ['date=today', /YYYY-MM-DD/],
    ['date=2025-02-29', /not a day of the calendar/],
    [`date=${addDays(today, 1)}`, /in the future.*today/],
  ])('refuses %s with 400 naming date', async (query, message) => {
    const id = await createZone(server.admin, `bad-${query.length}-${Date.now()}.example`);
    const r = await server.admin.get(`/v1/zones/${id}/usage/top-names?${query}`);
    expectError(r, 400, 'invalid_request');
    expect(r.body.error.details).toEqual({ field: 'date' });
    expect(r.body.error.message).toMatch(message);
  });
});

describe('access', () => {
  it("needs usage:read, and hides other customers' zones", async () => {
    const id = await createZone(server.admin, 'private-top.example');
    const path = `/v1/zones/${id}/usage/top-names`;
    const readerOnly = server.client(await server.key('acme', ['zones:read']));
    expectError(await readerOnly.get(path), 403, 'insufficient_scope');
    const usageOnly = server.client(await server.key('acme', ['usage:read']));
    expect((await usageOnly.get(path)).status).toBe(200);
    const other = server.client(await server.key('globex'));
    expectError(await other.get(path), 404, 'zone_not_found');
    expectError(await other.get(`${path}?date=nope`), 404, 'zone_not_found');
    expectError(
      await server.admin.get('/v1/zones/zone_missing/usage/top-names'),
      404,
      'zone_not_found',
    );
  });

  it('is in the OpenAPI document with its scope and date parameter', async () => {
    const r = await server.admin.get('/v1/openapi.json');
    expect(r.status).toBe(200);
    const op = r.body.paths['/v1/zones/{zone_id}/usage/top-names']?.get;
    expect(op).toBeDefined();
    expect(JSON.stringify(op)).toContain('usage:read');
    expect(op.parameters.map((p: Json) => p.name)).toContain('date');
  });
});
