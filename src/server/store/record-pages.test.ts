// Paging from index marks gives exactly what a plain OFFSET query gives, before and after writes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureCustomer } from './customers';
import { type OpenedStore } from './db';
import { openTestStore } from '../test-support/test-store';
import { STEP } from './record-pages';
import { createRecord, deleteRecords } from './record-writes';
import { getRRset, listRecords } from './records';
import { createZone, type ZoneRow } from './zones';
import { seedRecords } from '../test-support/seed';

const LIMITS = { recordsPerZone: 250_000 };

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-pages-'));
let store: OpenedStore;
let zone: ZoneRow;
const COUNT = STEP * 3 + 123;

/** The reference: the same order, paged the simple way. */
async function naive(limit: number, offset: number) {
  const rows = await store.db
    .selectFrom('records')
    .select('id')
    .where('zone_id', '=', zone.id)
    .orderBy('name')
    .orderBy('type')
    .orderBy('content')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  store = await openTestStore(dir);
  await ensureCustomer(store.db, 'c', 'EU');
  zone = await createZone(store, {
    customerId: 'c',
    name: 'pages.example',
    region: 'EU',
    ttl: 3600,
  });
  // Names repeat with several types and contents, so that ties on name and type occur.
  await seedRecords(store.db, zone.id, COUNT, (n) => ({
    name: `h${n % 700}.pages.example.`,
    type: n % 3 ? 'A' : 'TXT',
    content: n % 3 ? `10.0.${n >> 8}.${n & 255}` : `"t${n}"`,
  }));
});
afterAll(async () => {
  await store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('listRecords paging', () => {
  it('matches plain OFFSET paging at every kind of offset', async () => {
    for (const [limit, offset] of [
      [1000, 0],
      [7, STEP - 1],
      [7, STEP],
      [333, STEP + 1],
      [1000, 2 * STEP - 3],
      [50, 3 * STEP],
      [1000, COUNT - 5],
      [10, COUNT],
      [10, COUNT + 50],
    ] as const) {
      const page = await listRecords(store.db, zone.id, limit, offset);
      expect(page.total).toBe(COUNT);
      expect(page.rows.map((r) => r.id)).toEqual(await naive(limit, offset));
    }
  });

  it('visits every record exactly once when following pages', async () => {
    const seen: string[] = [];
    for (let offset = 0; ;) {
      const page = await listRecords(store.db, zone.id, 173, offset);
      seen.push(...page.rows.map((r) => r.id));
      offset += page.rows.length;
      if (offset >= page.total || !page.rows.length) break;
    }
    expect(seen).toEqual(await naive(COUNT, 0));
  });

  it('sees writes: marks are rebuilt when the zone changes', async () => {
    await listRecords(store.db, zone.id, 10, 2 * STEP); // marks for the current state
    const row = await createRecord(
      store,
      zone,
      {
        name: 'a.pages.example.',
        type: 'A',
        content: '192.0.2.1',
      },
      LIMITS,
    );
    const after = await listRecords(store.db, zone.id, 10, 2 * STEP);
    expect(after.total).toBe(COUNT + 1);
    expect(after.rows.map((r) => r.id)).toEqual(await naive(10, 2 * STEP));
    await deleteRecords(store, zone, await getRRset(store.db, zone.id, row.name, 'A'));
    const back = await listRecords(store.db, zone.id, 10, 2 * STEP);
    expect(back.total).toBe(COUNT);
    expect(back.rows.map((r) => r.id)).toEqual(await naive(10, 2 * STEP));
  });

  it("counts the first page's total once per state of the zone, and again after a write", async () => {
    const first = await listRecords(store.db, zone.id, 10, 0);
    expect(first.total).toBe(COUNT);
    expect((await listRecords(store.db, zone.id, 10, 0)).total).toBe(COUNT);
    const row = await createRecord(
      store,
      zone,
      {
        name: 'b.pages.example.',
        type: 'A',
        content: '192.0.2.2',
      },
      LIMITS,
    );
    const after = await listRecords(store.db, zone.id, 10, 0);
    expect(after.total).toBe(COUNT + 1);
    expect(after.rows.map((r) => r.id)).toEqual(await naive(10, 0));
    await deleteRecords(store, zone, await getRRset(store.db, zone.id, row.name, 'A'));
    expect((await listRecords(store.db, zone.id, 10, 0)).total).toBe(COUNT);
  });
});
