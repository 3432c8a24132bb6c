// Catching up from the journal (ADR 0021): a view loaded before a run of changes, given the
// replayed events, serves exactly what a view loaded after them serves; past the journal's
// retention the replay asks for the zone to be read whole.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { ViewStore } from '../dns/view-store';
import type { StoredRRset, ZoneView } from '../dns/zone-view';
import { openTestStore } from '../test-support/test-store';
import { eventsSince } from './change-replay';
import { ensureCustomer } from './customers';
import type { OpenedStore } from './db';
import { createRecord, deleteRecords, updateRecord } from './record-writes';
import { getRRset } from './records';
import { createZone, updateZone, type ZoneRow } from './zones';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-replay-'));
const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
const limits = { recordsPerZone: 1000 };
let store: OpenedStore;
let zone: ZoneRow;

beforeAll(async () => {
  store = await openTestStore(dir);
  await ensureCustomer(store.db, 'c', 'EU');
  zone = await createZone(store, {
    customerId: 'c',
    name: 'replay.example',
    region: 'EU',
    ttl: 600,
  });
  for (const [name, type, content] of [
    ['www', 'A', '192.0.2.1'],
    ['www', 'A', '192.0.2.2'],
    ['mail', 'MX', '10 mx.replay.example.'],
    ['old', 'TXT', '"gone soon"'],
  ] as const)
    await createRecord(store, zone, { name: `${name}.replay.example.`, type, content }, limits);
});
afterAll(async () => {
  await store?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Everything a view serves of the zone, as text, in a stable order. */
function picture(view: ZoneView): string[] {
  const out: string[] = [`serial ${view.serial} ttl ${view.ttl} active ${view.active}`];
  for (const [name, node] of view.nodes) {
    for (const r of node.rrsets) {
      const contents = (r as StoredRRset).contents?.slice().sort() ?? [];
      out.push(`${name} ${r.type} ${r.ttl} ${contents.join(' | ')}`);
    }
    if (node.alias) out.push(`${name} ALIAS ${node.alias.target}`);
  }
  return out.sort();
}

async function loadedView(): Promise<ViewStore> {
  const views = new ViewStore(store.db, config);
  await views.loadAll();
  return views;
}

describe('eventsSince', () => {
  it('brings a view from an older serial to exactly the current zone', async () => {
    const behind = await loadedView();
    const known = behind.serialOf(zone.id)!;
    // Changes of every kind: add, change, delete, the zone's settings.
    await createRecord(
      store,
      zone,
      { name: 'new.replay.example.', type: 'A', content: '192.0.2.9' },
      limits,
    );
    const [www] = await getRRset(store.db, zone.id, 'www.replay.example.', 'A');
    await updateRecord(store, zone, www!, {
      name: 'www.replay.example.',
      type: 'A',
      content: '192.0.2.3',
      ttl: 1200,
    });
    await deleteRecords(
      store,
      zone,
      await getRRset(store.db, zone.id, 'old.replay.example.', 'TXT'),
    );
    await updateZone(store, zone, { ttl: 900, status: 'disabled' });
    await updateZone(store, zone, { status: 'active' });

    const events = await eventsSince(store.db, zone.id, known);
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(events.every((e) => !(e.kind === 'zone' && e.reload))).toBe(true);
    const before = picture(behind.byZoneId(zone.id)!);
    for (const e of events) await behind.apply(e);
    const now = await loadedView();
    expect(picture(behind.byZoneId(zone.id)!)).toEqual(picture(now.byZoneId(zone.id)!));
    expect(picture(behind.byZoneId(zone.id)!)).not.toEqual(before);
    // Nothing is left to replay.
    expect(await eventsSince(store.db, zone.id, behind.serialOf(zone.id)!)).toEqual([]);
  });

  it('asks for the zone whole when the journal no longer holds the changes after the serial', async () => {
    const behind = await loadedView();
    const known = behind.serialOf(zone.id)!;
    await createRecord(
      store,
      zone,
      { name: 'late.replay.example.', type: 'A', content: '192.0.2.7' },
      limits,
    );
    // The retention pruned everything up to the newest change.
    await store.db
      .deleteFrom('changes')
      .where('zone_id', '=', zone.id)
      .where('serial', '<=', known)
      .execute();
    const events = await eventsSince(store.db, zone.id, known);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'zone', zoneId: zone.id, reload: true }),
    ]);
    for (const e of events) await behind.apply(e);
    const now = await loadedView();
    expect(picture(behind.byZoneId(zone.id)!)).toEqual(picture(now.byZoneId(zone.id)!));
  });
});
