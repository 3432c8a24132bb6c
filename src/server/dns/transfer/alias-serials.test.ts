// Zones whose ALIAS targets change in another zone get a new serial (once), a NOTIFY, and in
// their AXFR the new addresses; a change that cannot touch them leaves their serial alone and
// costs no work. Against the real service, whose setUpTransfers starts the watcher (it serves
// transfers); an observer here, on a view store of its own, sees what the watcher would do.
import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { ZoneEvent } from '../../events';
import { digXfr } from '../../test-support/dns-tools';
import {
  createZone,
  startTestServer,
  type TestServer,
  zoneSerial,
} from '../../test-support/harness';
import { ViewStore } from '../view-store';
import { AliasSerials } from './alias-serials';

let srv: TestServer;
let secondary: dgram.Socket;
let views: ViewStore;
/** Sees what the watcher sees, and which zones it would give a new serial. */
let observer: AliasSerials;
const wouldBump: string[] = [];
const events: ZoneEvent[] = [];
const stops: (() => void)[] = [];

beforeAll(async () => {
  // A secondary that acknowledges every NOTIFY.
  secondary = dgram.createSocket('udp4');
  secondary.on('message', (m, from) => {
    const reply = Buffer.from(m);
    reply[2] = reply[2]! | 0x80;
    secondary.send(reply, from.port, from.address);
  });
  await new Promise<void>((r) => secondary.bind(0, '127.0.0.1', () => r()));
  srv = await startTestServer({
    API_RATE_LIMIT: '0',
    DNS_TRANSFER_ALLOW: '127.0.0.0/8',
    DNS_NOTIFY: `127.0.0.1:${secondary.address().port}`,
  });
  // Zones made before the observer starts: it reads them when it starts.
  const early = await createZone(srv.admin, 'early-alias.test');
  await add(early, 'app', 'ALIAS', 'www.early-target.test.');
  const target = await createZone(srv.admin, 'early-target.test');
  await add(target, 'www', 'A', '192.0.2.40');

  views = new ViewStore(srv.store.db, loadConfig({ DATA_DIR: srv.dataDir }));
  await views.loadAll();
  stops.push(views.subscribe(srv.store.events));
  observer = new AliasSerials(views, (id) => wouldBump.push(id));
  stops.push(srv.store.events.subscribe((e) => observer.onEvent(e)));
  stops.push(srv.store.events.subscribe((e) => void events.push(e)));
});
afterAll(async () => {
  for (const stop of stops) stop();
  await srv.close();
  secondary.close();
});

async function add(zoneId: string, name: string, type: string, content: string) {
  const r = await srv.admin.post(`/v1/zones/${zoneId}/records`, { name, type, content });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data.record as { id: string };
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** The serial bumps (zone events with no record change) of a zone since `from`. */
const bumpsOf = (zoneId: string, from: number) =>
  events.slice(from).filter((e) => e.kind === 'zone' && e.zoneId === zoneId).length;

/** Waits for the zone's serial to move past `serial`; the new serial, or `serial` after 3 s. */
async function serialAfter(zoneId: string, serial: number): Promise<number> {
  for (let i = 0; i < 60; i++) {
    const now = await zoneSerial(srv, zoneId);
    if (now !== serial) return now;
    await sleep(50);
  }
  return serial;
}

async function aliasA(zone: string, name: string) {
  const x = await digXfr(srv.service.dnsPort, zone, 'AXFR');
  const serial = Number(x.records[0]?.data.split(' ')[2]);
  const a = x.records.filter((r) => r.name === `${name}.` && r.type === 'A').map((r) => r.data);
  return { serial, a: a.sort(), text: x.text };
}

describe('a zone whose ALIAS target changes in another zone', () => {
  it('gets one new serial, and its AXFR carries the new address', async () => {
    const b = await createZone(srv.admin, 'b.test');
    const www = await add(b, 'www', 'A', '192.0.2.1');
    const a = await createZone(srv.admin, 'a.test');
    await add(a, 'lb', 'ALIAS', 'www.b.test.');
    expect((await aliasA('a.test', 'lb.a.test')).a).toEqual(['192.0.2.1']);
    const before = await zoneSerial(srv, a);
    const mark = events.length;

    const put = await srv.admin.put(`/v1/zones/${b}/records/${www.id}`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.2',
      ttl: 3600,
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const after = await serialAfter(a, before);
    expect(after).toBeGreaterThan(before);
    const x = await aliasA('a.test', 'lb.a.test');
    expect(x.a, x.text).toEqual(['192.0.2.2']);
    expect(x.serial).toBe(after);
    // The secondaries are told.
    const notifier = srv.service.transfers.notifier;
    await notifier.settled(5000);
    const told = [...notifier.status.values()].find((st) => st.zone === 'a.test');
    expect(told).toMatchObject({ serial: after });
    expect(told?.acknowledgedAt).not.toBeNull();
    await sleep(200);
    expect(bumpsOf(a, mark)).toBe(1);
  });

  it('keeps its serial when the other zone changes elsewhere, and costs no work then', async () => {
    const b = views.findZone('b.test')!.id;
    const a = views.findZone('a.test')!.id;
    const before = await zoneSerial(srv, a);
    const mark = events.length;
    const computed = observer.computed;
    await add(b, 'other', 'TXT', '"not the target"');
    await sleep(300);
    expect(await zoneSerial(srv, a)).toBe(before);
    expect(bumpsOf(a, mark)).toBe(0);
    // a.test's fingerprint was taken again (it reads from b.test), nothing more.
    expect(observer.computed - computed).toBe(1);

    // Zones that do not alias into it are not looked at, however many there are.
    const unrelated = await createZone(srv.admin, 'unrelated.test');
    const c = observer.computed;
    await add(unrelated, 'www', 'A', '192.0.2.9');
    expect(observer.computed).toBe(c);
  });

  it('is not given a second serial for its own change', async () => {
    const a = views.findZone('a.test')!.id;
    const mark = events.length;
    // A new ALIAS changes what the zone's ALIASes go out as: its own write gave it a serial.
    await add(a, 'lb2', 'ALIAS', 'www.b.test.');
    await sleep(300);
    expect(bumpsOf(a, mark)).toBe(0);
  });

  it('follows a CNAME chain through a third zone, and the target zone’s deletion', async () => {
    const g = await createZone(srv.admin, 'g.test');
    const gw = await add(g, 'www', 'A', '192.0.2.3');
    const f = await createZone(srv.admin, 'f.test');
    await add(f, 'x', 'CNAME', 'www.g.test.');
    const e = await createZone(srv.admin, 'e.test');
    await add(e, 'app', 'ALIAS', 'x.f.test.');
    expect((await aliasA('e.test', 'app.e.test')).a).toEqual(['192.0.2.3']);

    let serial = await zoneSerial(srv, e);
    expect((await srv.admin.delete(`/v1/zones/${g}/records/${gw.id}`)).status).toBe(200);
    const s1 = await serialAfter(e, serial);
    expect(s1).toBeGreaterThan(serial);
    expect((await aliasA('e.test', 'app.e.test')).a).toEqual([]);

    serial = s1;
    await add(g, 'www', 'A', '192.0.2.4');
    const s2 = await serialAfter(e, serial);
    expect(s2).toBeGreaterThan(serial);
    expect((await aliasA('e.test', 'app.e.test')).a).toEqual(['192.0.2.4']);

    expect((await srv.admin.delete(`/v1/zones/${g}`)).status).toBe(202);
    expect(await serialAfter(e, s2)).toBeGreaterThan(s2);
    expect((await aliasA('e.test', 'app.e.test')).a).toEqual([]);
  });

  it('moves when the zone of its target is created after it, or switched off', async () => {
    const c = await createZone(srv.admin, 'c.test');
    await add(c, 'app', 'ALIAS', 'www.later.test.');
    const serial = await zoneSerial(srv, c);
    const later = await createZone(srv.admin, 'later.test');
    // The zone's creation comes with no address yet; the record's write brings one.
    await add(later, 'www', 'A', '192.0.2.5');
    const s1 = await serialAfter(c, serial);
    expect(s1).toBeGreaterThan(serial);
    expect((await aliasA('c.test', 'app.c.test')).a).toEqual(['192.0.2.5']);

    const off = await srv.admin.put(`/v1/zones/${later}`, { status: 'disabled' });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(await serialAfter(c, s1)).toBeGreaterThan(s1);
    expect((await aliasA('c.test', 'app.c.test')).a).toEqual([]);
  });

  it('was read at start: a zone made before the watcher moves with its target', async () => {
    const early = views.findZone('early-alias.test')!.id;
    const target = views.findZone('early-target.test')!.id;
    const serial = await zoneSerial(srv, early);
    await add(target, 'www', 'AAAA', '2001:db8::40');
    expect(await serialAfter(early, serial)).toBeGreaterThan(serial);
    expect(wouldBump).toContain(early);
  });
});
