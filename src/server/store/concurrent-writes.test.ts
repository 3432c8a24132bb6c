// Writes that race, on whichever store the matrix runs (SQLite has one writer at a time; on
// PostgreSQL the same rules rest on row and advisory locks and unique indexes): one zone name is
// taken once, the zone quota lets exactly its number through, concurrent record writes get
// distinct serials in the journal's order, and the record quota holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';
import { journalSerials } from '../test-support/journal-serials';
import { testDialect } from '../test-support/test-store';

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
});
