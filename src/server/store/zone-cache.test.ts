// A record create finds its zone in memory on PostgreSQL (zone-cache.ts); on SQLite it reads it.
// On whichever store the matrix runs, a create must answer as if it had read the zone just now:
// another customer's zone is not found, a new default TTL is taken at once, and a zone deleted
// behind the server's back (no event told the node) gets no record (on SQLite the route's own
// read says so; on PostgreSQL the zone was kept, and the write's serial step does).
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZone, expectError, startTestServer, type TestServer } from '../test-support/harness';
import { testDialect } from '../test-support/test-store';
import type { ZoneEvent } from '../events';
import { ZoneCache } from './zone-cache';
import { MAX_AGE_MS } from './feed-cache';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const record = (name: string, content = '192.0.2.1') => ({ name, type: 'A', content });

async function contents(zoneId: string) {
  const rows = await srv.store.db
    .selectFrom('records')
    .select('content')
    .where('zone_id', '=', zoneId)
    .orderBy('content')
    .execute();
  return rows.map((r) => r.content);
}

describe('the zone of a record create', () => {
  it("is another customer's only for that customer", async () => {
    const alice = srv.client(await srv.key('alice'));
    const mallory = srv.client(await srv.key('mallory'));
    const zoneId = await createZone(alice, 'kept.alice.test');
    expect((await alice.post(`/v1/zones/${zoneId}/records`, record('www'))).status).toBe(201);
    // Alice's create has just found (and, on PostgreSQL, kept) the zone.
    const r = await mallory.post(`/v1/zones/${zoneId}/records`, record('evil', '192.0.2.66'));
    expectError(r, 404, 'zone_not_found');
    expect(await contents(zoneId)).toEqual(['192.0.2.1']);
  });

  it("takes the zone's new default TTL at once", async () => {
    const zoneId = await createZone(srv.admin, 'ttl.kept.test');
    const first = await srv.admin.post(`/v1/zones/${zoneId}/records`, record('a'));
    expect(first.body.data.record.ttl).toBe(3600);
    expect((await srv.admin.put(`/v1/zones/${zoneId}`, { ttl: 300 })).status).toBe(200);
    const second = await srv.admin.post(`/v1/zones/${zoneId}/records`, record('b'));
    expect(second.body.data.record.ttl).toBe(300);
  });

  it('is refused with 404 when the zone was deleted behind the node, and nothing is written', async () => {
    const zoneId = await createZone(srv.admin, 'gone.kept.test');
    expect((await srv.admin.post(`/v1/zones/${zoneId}/records`, record('www'))).status).toBe(201);
    // The first step of a delete, written by hand: no event tells the node, so on PostgreSQL
    // the kept zone still says it is there. The write's serial step finds it gone.
    await srv.store.db
      .updateTable('zones')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', zoneId)
      .execute();
    const r = await srv.admin.post(`/v1/zones/${zoneId}/records`, record('late', '192.0.2.9'));
    expectError(r, 404, 'zone_not_found');
    expect(await contents(zoneId)).toEqual(['192.0.2.1']);
    const rrsets = await srv.store.db
      .selectFrom('rrsets')
      .select('name')
      .where('zone_id', '=', zoneId)
      .execute();
    expect(rrsets.map((r) => r.name)).toEqual(['www.gone.kept.test.']);
  });

  // On PostgreSQL the zone was kept: (on SQLite, read each time, the route alone says 404).
  it.runIf(testDialect() === 'postgres')(
    'is kept: a TTL changed by hand is not seen until the feed may have missed a change',
    async () => {
      const zoneId = await createZone(srv.admin, 'hand.kept.test');
      expect((await srv.admin.post(`/v1/zones/${zoneId}/records`, record('a'))).status).toBe(201);
      const byHand = async (ttl: number) => {
        await srv.store.db.updateTable('zones').set({ ttl }).where('id', '=', zoneId).execute();
      };
      await byHand(60);
      const kept = await srv.admin.post(`/v1/zones/${zoneId}/records`, record('b'));
      expect(kept.body.data.record.ttl).toBe(3600);
      // That create's event carried the zone's TTL as the database has it: forgotten, read again.
      const again = await srv.admin.post(`/v1/zones/${zoneId}/records`, record('c'));
      expect(again.body.data.record.ttl).toBe(60);
      await byHand(120);
      // The feed's connection cut: everything kept is forgotten, and the zone read again.
      await srv.store.db.executeQuery(
        CompiledQuery.raw(
          "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'zonedeck change feed'",
        ),
      );
      await expect.poll(() => srv.store.feed!.listening, { timeout: 10_000 }).toBe(false);
      await expect.poll(() => srv.store.feed!.listening, { timeout: 10_000 }).toBe(true);
      const read = await srv.admin.post(`/v1/zones/${zoneId}/records`, record('d'));
      expect(read.body.data.record.ttl).toBe(120);
    },
  );

  it('runs on the store the test matrix chose', () => {
    expect(srv.store.dialect).toBe(testDialect());
  });
});

describe('ZoneCache', () => {
  const zoneRow = (id: string) => ({
    id,
    customer_id: 'acme',
    name: `${id}.test`,
    type: 'primary',
    region: 'global',
    ttl: 3600,
    status: 'active',
    dnssec_enabled: 0,
    dnssec_ds_removal_at: null,
    serial: 1,
    created_at: '2026-11-28T00:00:00.000Z',
    updated_at: '2026-11-28T00:00:00.000Z',
    deleted_at: null,
    rname: `test.${id}.`,
  });

  it('keeps what it read, forgets one zone when told, and keeps nothing while unusable', async () => {
    let usable = true;
    let now = 0;
    let reads = 0;
    const cache = new ZoneCache(
      srv.store,
      () => usable,
      () => now,
    );
    const read = (id: string) => () => {
      reads++;
      return Promise.resolve(zoneRow(id));
    };
    await cache.find('z1', read('z1'));
    await cache.find('z2', read('z2'));
    await cache.find('z1', read('z1'));
    expect(reads).toBe(2);
    cache.forgetKey('z1');
    await cache.find('z1', read('z1'));
    await cache.find('z2', read('z2'));
    expect(reads).toBe(3);
    now += MAX_AGE_MS;
    await cache.find('z2', read('z2'));
    expect(reads).toBe(4);
    usable = false;
    await cache.find('z2', read('z2'));
    expect(reads).toBe(5);
  });

  it('forgets a zone on its zone and delete events, and on a record event with another TTL or status', async () => {
    const cache = new ZoneCache(srv.store, () => true);
    const keep = async (id: string) => {
      await cache.find(id, () => Promise.resolve(zoneRow(id)));
      return () => cache.kept(id) !== undefined;
    };
    const state = { serial: 2, ttl: 3600, status: 'active' };
    const rrsets = (zoneId: string, zone = state): ZoneEvent => ({
      kind: 'rrsets',
      zoneId,
      zone,
      rrsets: [],
    });
    const z1 = await keep('z1');
    cache.heard(rrsets('z1'));
    expect(z1()).toBe(true); // only the serial moved
    cache.heard(rrsets('z1', { ...state, ttl: 60 }));
    expect(z1()).toBe(false);
    const z2 = await keep('z2');
    cache.heard(rrsets('z2', { ...state, status: 'disabled' }));
    expect(z2()).toBe(false);
    const z3 = await keep('z3');
    const z4 = await keep('z4');
    cache.heard({ kind: 'zone', zoneId: 'z3', zone: state });
    cache.heard({ kind: 'deleted', zoneId: 'z4' });
    expect([z3(), z4()]).toEqual([false, false]);
  });

  it('hands out frozen rows', async () => {
    const cache = new ZoneCache(srv.store, () => true);
    const zoneId = await createZone(srv.admin, 'frozen.kept.test');
    const zone = await cache.zone('acme', zoneId);
    expect(zone?.name).toBe('frozen.kept.test');
    expect(Object.isFrozen(zone)).toBe(true);
    expect(await cache.zone('someone-else', zoneId)).toBeUndefined();
  });
});
