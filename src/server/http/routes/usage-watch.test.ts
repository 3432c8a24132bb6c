// GET /v1/zones/{id}/usage/watch over real HTTP: its shape after a change (the counting itself is
// tested with dig in dns/change-watch-dig.test.ts), scope, other customers' zones, OpenAPI.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeWatchSchema } from '../../../shared/api';
import {
  createZone,
  expectError,
  startTestServer,
  type TestServer,
} from '../../test-support/harness';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('change watch route', () => {
  it('lists nothing for a zone without recent record changes', async () => {
    const id = await createZone(server.admin, 'quiet-watch.example');
    const r = await server.admin.get(`/v1/zones/${id}/usage/watch`);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ changes: [], watch_minutes: 15, alert_failures: 10 });
  });

  it('lists a record change, newest first, in the contract shape', async () => {
    const id = await createZone(server.admin, 'shape-watch.example');
    for (const name of ['a', 'b'])
      await server.admin.post(`/v1/zones/${id}/records`, {
        name,
        type: 'A',
        content: '192.0.2.1',
      });
    const r = await server.admin.get(`/v1/zones/${id}/usage/watch`);
    expect(r.status).toBe(200);
    const data = changeWatchSchema.parse(r.body.data);
    expect(data.changes.map((c) => c.names.map((n) => n.name))).toEqual([
      ['b.shape-watch.example.'],
      ['a.shape-watch.example.'],
    ]);
    const [c] = data.changes;
    expect(c!.summary).toMatch(/b\.shape-watch\.example/);
    expect(Date.parse(c!.watched_until) - Date.parse(c!.applied_at)).toBe(15 * 60_000);
    expect(c!.names[0]!.before).toEqual({
      answered_types: [],
      every_type_answered: false,
      other_types: 'nxdomain',
    });
    expect(c!.minutes[0]).toMatchObject({ answer: 0, nxdomain: 0, nodata: 0, failed: 0 });
    expect(c!.verdict).toEqual({
      status: 'ok',
      reason: 'No query answered before the change has failed since.',
    });
  });

  it("needs usage:read, and hides other customers' zones", async () => {
    const id = await createZone(server.admin, 'private-watch.example');
    const path = `/v1/zones/${id}/usage/watch`;
    const readerOnly = server.client(await server.key('acme', ['zones:read']));
    expectError(await readerOnly.get(path), 403, 'insufficient_scope');
    const usageOnly = server.client(await server.key('acme', ['usage:read']));
    expect((await usageOnly.get(path)).status).toBe(200);
    const other = server.client(await server.key('globex'));
    expectError(await other.get(path), 404, 'zone_not_found');
    expectError(
      await server.admin.get('/v1/zones/zone_missing/usage/watch'),
      404,
      'zone_not_found',
    );
  });

  it('is in the OpenAPI document with its scope', async () => {
    const r = await server.admin.get('/v1/openapi.json');
    const op = r.body.paths['/v1/zones/{zone_id}/usage/watch']?.get;
    expect(op).toBeDefined();
    expect(JSON.stringify(op)).toContain('usage:read');
  });
});
