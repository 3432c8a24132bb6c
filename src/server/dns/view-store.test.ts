// The DNS view follows the store's writes from their events: each write announces the RRsets it
// touched with their rows, and the view replaces exactly those, without reading the database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { ensureCustomer } from '../store/customers';
import { type OpenedStore } from '../store/db';
import { openTestStore } from '../test-support/test-store';
import { createRecord, deleteRecords, updateRecord } from '../store/record-writes';
import { getRRset } from '../store/records';
import { createZone, type ZoneRow } from '../store/zones';
import { TYPE } from './rdata';
import { ViewStore } from './view-store';
import type { StoredRRset, ZoneView } from './zone-view';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-view-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
const limits = { recordsPerZone: 1000 };
let store: OpenedStore;
let views: ViewStore;
let zone: ZoneRow;

beforeAll(async () => {
  store = await openTestStore(dir);
  views = new ViewStore(store.db, config);
  await views.loadAll();
  views.subscribe(store.events);
  await ensureCustomer(store.db, 'c', 'EU');
  zone = await createZone(store, { customerId: 'c', name: 'view.example', region: 'EU', ttl: 600 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const view = (): ZoneView => views.findZone('view.example')!;
const contents = (name: string, type: string) =>
  (view().rrsetAt(name, TYPE[type]!) as StoredRRset | undefined)?.contents.slice().sort();

describe('the view applies the writes of the store', () => {
  it('adds, changes and removes one RRset, leaving the others at the name alone', async () => {
    const www = 'www.view.example.';
    const a = await createRecord(
      store,
      zone,
      { name: www, type: 'A', content: '192.0.2.1' },
      limits,
    );
    await createRecord(store, zone, { name: www, type: 'TXT', content: '"hello"' }, limits);
    expect(contents('www.view.example', 'A')).toEqual(['192.0.2.1']);
    expect(view().serial).toBe((await currentZone()).serial);

    await updateRecord(store, zone, a, { name: www, type: 'A', content: '192.0.2.2', ttl: 900 });
    expect(contents('www.view.example', 'A')).toEqual(['192.0.2.2']);
    expect(view().rrsetAt('www.view.example', TYPE.A!)?.ttl).toBe(900);
    expect(contents('www.view.example', 'TXT')).toEqual(['"hello"']);

    await deleteRecords(store, zone, await getRRset(store.db, zone.id, www, 'A'));
    expect(view().rrsetAt('www.view.example', TYPE.A!)).toBeUndefined();
    expect(contents('www.view.example', 'TXT')).toEqual(['"hello"']);
    expect(view().serial).toBe((await currentZone()).serial);
  });

  it('serves no disabled value, and keeps an ALIAS on its node beside the other RRsets', async () => {
    const apex = 'view.example.';
    await createRecord(
      store,
      zone,
      { name: apex, type: 'ALIAS', content: 'lb.example.net.' },
      limits,
    );
    await createRecord(
      store,
      zone,
      { name: apex, type: 'TXT', content: '"off"', disabled: true },
      limits,
    );
    expect(view().nodes.get('view.example')?.alias).toEqual({ target: 'lb.example.net', ttl: 600 });
    expect(view().rrsetAt('view.example', TYPE.TXT!)).toBeUndefined();

    await deleteRecords(store, zone, await getRRset(store.db, zone.id, apex, 'ALIAS'));
    expect(view().nodes.get('view.example')?.alias).toBeUndefined();
  });

  it('takes the rows from the event, not from the database', async () => {
    await createRecord(
      store,
      zone,
      { name: 'mx.view.example.', type: 'A', content: '192.0.2.7' },
      limits,
    );
    const before = view().version;
    const serial = view().serial + 1;
    // With the database closed, any read would throw: the view has only the event to go by.
    const closed = await openTestStore(dir);
    const offline = new ViewStore(closed.db, config);
    await offline.loadAll();
    await closed.close();
    await offline.apply({
      kind: 'rrsets',
      zoneId: zone.id,
      zone: { serial, ttl: 600, status: 'active' },
      rrsets: [
        {
          name: 'mx.view.example.',
          type: 'A',
          rows: [{ content: '192.0.2.99', ttl: 60, disabled: false }],
        },
        {
          name: 'new.view.example.',
          type: 'CNAME',
          rows: [{ content: 'www.view.example.', ttl: 60, disabled: false }],
        },
      ],
    });
    const z = offline.findZone('view.example')!;
    expect((z.rrsetAt('mx.view.example', TYPE.A!) as StoredRRset).contents).toEqual(['192.0.2.99']);
    expect(z.rrsetAt('new.view.example', TYPE.CNAME!)?.ttl).toBe(60);
    expect(z.serial).toBe(serial);
    // The database still says otherwise, and the service's own view still follows it.
    expect(contents('mx.view.example', 'A')).toEqual(['192.0.2.7']);
    expect(view().version).toBe(before);
  });
});

async function currentZone(): Promise<ZoneRow> {
  return store.db
    .selectFrom('zones')
    .selectAll()
    .where('id', '=', zone.id)
    .executeTakeFirstOrThrow();
}
