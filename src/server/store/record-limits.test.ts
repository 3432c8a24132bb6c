// The limits' two foundations: the shared size rule agrees with the DNS server's own encoding,
// and the per-zone count the quota reads stays equal to the records the zone really holds.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_SPECS, RECORD_TYPES, rdataBytes, type RecordType } from '../../shared/dns/records';
import { FIELD_ARBITRARIES } from '../../shared/dns/testing/arbitraries';
import { contentToRdata } from '../dns/rdata';
import { seedRecords } from '../test-support/seed';
import { ensureCustomer } from './customers';
import { type OpenedStore } from './db';
import { openTestStore } from '../test-support/test-store';
import { zoneRecordCount } from './record-limits';
import { createRecord, deleteRecords } from './record-writes';
import { getRRset } from './records';
import { createZone, markZoneDeleted, purgeDeletedZones, type ZoneRow } from './zones';

describe.each(RECORD_TYPES)('%s: the shared size rule and the wire encoding agree', (type) => {
  it('rdataBytes equals the length of the RDATA the DNS server sends', () => {
    const spec = RECORD_SPECS[type as RecordType];
    fc.assert(
      fc.property(FIELD_ARBITRARIES[type] as fc.Arbitrary<never>, (fields) => {
        const content = spec.format(fields);
        const parsed = spec.parse(content);
        if (!parsed.ok) throw new Error(parsed.message);
        expect(rdataBytes(type, parsed.value as never)).toBe(contentToRdata(type, content).length);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the per-zone record count', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-limits-'));
  let store: OpenedStore;
  let zone: ZoneRow;
  const limits = { recordsPerZone: 1000 };
  const count = (id: string) => store.db.transaction().execute((trx) => zoneRecordCount(trx, id));
  const real = async (id: string) =>
    Number(
      (
        await store.db
          .selectFrom('records')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('zone_id', '=', id)
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    store = await openTestStore(dir);
    await ensureCustomer(store.db, 'c', 'EU');
    zone = await createZone(store, {
      customerId: 'c',
      name: 'count.example',
      region: 'EU',
      ttl: 3600,
    });
  });
  afterAll(async () => {
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('follows seeds, creates, refused writes and deletes', async () => {
    await seedRecords(store.db, zone.id, 700, (i) => ({
      name: `h${i % 50}.count.example.`,
      type: 'TXT',
      content: `v${i}`,
    }));
    expect(await count(zone.id)).toBe(700);
    const row = await createRecord(
      store,
      zone,
      { name: 'new.count.example.', type: 'A', content: '192.0.2.1' },
      limits,
    );
    expect(await count(zone.id)).toBe(701);
    // A refused write (a duplicate) rolls back its savepoint: the count does not move.
    await expect(
      createRecord(store, zone, { name: row.name, type: 'A', content: '192.0.2.1' }, limits),
    ).rejects.toThrow(/already has/);
    expect(await count(zone.id)).toBe(701);
    await deleteRecords(store, zone, await getRRset(store.db, zone.id, 'h1.count.example.', 'TXT'));
    expect(await count(zone.id)).toBe(await real(zone.id));
    expect(await real(zone.id)).toBe(701 - 14);
  });

  it('refuses the record past the quota, counting concurrent creates one by one', async () => {
    const small = await createZone(store, {
      customerId: 'c',
      name: 'small.example',
      region: 'EU',
      ttl: 3600,
    });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        createRecord(
          store,
          small,
          { name: `n${i}.small.example.`, type: 'A', content: '192.0.2.1' },
          { recordsPerZone: 5 },
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect(await real(small.id)).toBe(5);
    expect(await count(small.id)).toBe(5);
  });

  it('is dropped with the zone once purged', async () => {
    const doomed = await createZone(store, {
      customerId: 'c',
      name: 'doomed.example',
      region: 'EU',
      ttl: 3600,
    });
    await seedRecords(store.db, doomed.id, 30, (i) => ({
      name: `x${i}.doomed.example.`,
      type: 'A',
      content: '192.0.2.9',
    }));
    expect(await count(doomed.id)).toBe(30);
    await markZoneDeleted(store, doomed.id);
    await purgeDeletedZones(store.db);
    const left = await store.db
      .selectFrom('zone_record_counts')
      .selectAll()
      .where('zone_id', '=', doomed.id)
      .execute();
    expect(left).toEqual([]);
  });
});
