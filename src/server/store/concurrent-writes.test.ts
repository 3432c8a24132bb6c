// Writes that race, on whichever store the matrix runs (SQLite has one writer at a time; on
// PostgreSQL the same rules rest on row and advisory locks and unique indexes): one zone name is
// taken once, the zone quota lets exactly its number through, concurrent record writes get
// distinct serials in the journal's order, and the record quota holds; a write to a zone
// deleted after the route found it writes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZone, startTestServer, zoneSerial, type TestServer } from '../test-support/harness';
import { journalSerials } from '../test-support/journal-serials';
import { testDialect } from '../test-support/test-store';
import { ZoneGone } from './dialect';
import { createRecord, updateRecord } from './record-writes';
import { getRecord } from './records';
import { setDnssec } from './dnssec';
import { getZone, updateZone } from './zones';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ QUOTA_ZONES: '4', QUOTA_RECORDS_PER_ZONE: '7' });
});
afterAll(() => srv.close());

const statuses = (answers: { status: number }[]) =>
  answers.map((a) => a.status).sort((a, b) => a - b);

describe('concurrent writes', () => {
  it('runs on the store the test matrix chose', () => {
    expect(srv.store.dialect).toBe(testDialect());
  });

  it('one zone name created by many at once: one 201, the others 409 zone_already_exists', async () => {
    const bob = srv.client(await srv.key('bob'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? bob : srv.admin).post('/v1/zones', { name: 'twice.race.test' }),
      ),
    );
    expect(statuses(answers)).toEqual([201, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409))
      expect(a.body.error.code).toBe('zone_already_exists');
  });

  it('the zone quota lets exactly its number through when creates race', async () => {
    const carol = srv.client(await srv.key('carol'));
    const answers = await Promise.all(
      Array.from({ length: 9 }, (_, i) => carol.post('/v1/zones', { name: `q${i}.carol.test` })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    const listed = await carol.get('/v1/zones?limit=100');
    expect(listed.body.data.zones).toHaveLength(4);
  });

  it('records created at once get one distinct serial each, in the order of the journal', async () => {
    const dave = srv.client(await srv.key('dave'));
    const zoneId = await createZone(dave, 'serials.race.test');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        dave.post(`/v1/zones/${zoneId}/records`, {
          name: `h${i}`,
          type: 'A',
          content: '192.0.2.1',
        }),
      ),
    );
    // The quota (7) holds too: the zone has no records but these.
    expect(answers.filter((a) => a.status === 201)).toHaveLength(7);
    expect(answers.filter((a) => a.status === 403)).toHaveLength(5);
    const serials = await journalSerials(srv.store.db, zoneId);
    expect(serials).toHaveLength(8); // the zone's creation and the 7 records
    expect(new Set(serials).size).toBe(serials.length);
    expect([...serials].sort((a, b) => a - b)).toEqual(serials);
  });

  it('a write to a zone deleted after the route read it is refused (ZoneGone) and writes nothing', async () => {
    const erin = srv.client(await srv.key('erin'));
    const zoneId = await createZone(erin, 'gone.race.test');
    const made = await erin.post(`/v1/zones/${zoneId}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
    });
    expect(made.status).toBe(201);
    const { store } = srv;
    // What the route read, then the zone's delete committed before the write ran.
    const zone = (await getZone(store.db, 'erin', zoneId))!;
    const record = (await getRecord(store.db, zoneId, made.body.data.record.id))!;
    // The delete's first step, as markZoneDeleted makes it, without the purge that follows it
    // (which would remove the rows this test looks for).
    await store.db
      .updateTable('zones')
      .set({ deleted_at: new Date().toISOString() })
      .where('id', '=', zoneId)
      .execute();
    const serial = await zoneSerial(srv, zoneId);
    const journaled = await journalSerials(store.db, zoneId);
    const write = { name: 'new.gone.race.test.', type: 'A', content: '192.0.2.2' };
    await expect(createRecord(store, zone, write, { recordsPerZone: 100 })).rejects.toThrow(
      ZoneGone,
    );
    await expect(
      updateRecord(store, zone, record, { name: record.name, type: 'A', content: '192.0.2.3' }),
    ).rejects.toThrow(ZoneGone);
    // A zone's settings and DNSSEC read the zone's row in the write: gone too.
    await expect(updateZone(store, zone, { ttl: 60 })).rejects.toThrow(ZoneGone);
    await expect(setDnssec(store, zone, true)).rejects.toThrow(ZoneGone);
    const rows = await store.db
      .selectFrom('records')
      .select('content')
      .where('zone_id', '=', zoneId)
      .execute();
    expect(rows.map((r) => r.content)).toEqual(['192.0.2.1']);
    expect(await journalSerials(store.db, zoneId)).toEqual(journaled);
    expect(await zoneSerial(srv, zoneId)).toBe(serial);
  });
});
