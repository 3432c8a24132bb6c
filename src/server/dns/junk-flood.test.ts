// A flood of 100,000 distinct junk names (issue 17): what the counting keeps stays bounded by
// the sketch's slots and the zone's counter cells, never one entry per junk name, and a real
// name asked more than total/slots times is still listed first. Raw UDP with many queries in
// flight (dig would take minutes for this many).
import dgram from 'node:dgram';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { utcDay } from '../../shared/api';
import { queryPacket } from '../test-support/dns-wire';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';
import { TOP_NAME_SLOTS } from './top-names';

// The live heap, after a full collection: garbage of the flood is not what the server keeps.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;
const liveHeap = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

let server: TestServer;
beforeAll(async () => {
  // One source address: rate limiting would drop answers, which are not counted.
  server = await startTestServer({ DNS_RRL_RATE: '0' });
}, 120_000);
afterAll(() => server?.close());

/** Sends every name's A query, `window` in flight at a time; resolves with the answers' rcodes. */
function flood(port: number, names: string[], window = 256): Promise<Map<number, number>> {
  const sock = dgram.createSocket('udp4');
  const rcodes = new Map<number, number>();
  const waiting = new Map<number, { i: number; timer: NodeJS.Timeout }>();
  let next = 0;
  let done = 0;
  return new Promise((resolve, reject) => {
    const send = () => {
      const i = next++;
      const id = i & 0xffff;
      const timer = setTimeout(() => reject(new Error(`no answer for ${names[i]}`)), 10_000);
      waiting.set(id, { i, timer });
      sock.send(queryPacket(id, names[i]!, 'A'), port, '127.0.0.1');
    };
    sock.on('message', (m) => {
      const w = waiting.get(m.readUInt16BE(0));
      if (!w) return;
      clearTimeout(w.timer);
      waiting.delete(m.readUInt16BE(0));
      const rcode = m[3]! & 0x0f;
      rcodes.set(rcode, (rcodes.get(rcode) ?? 0) + 1);
      if (++done === names.length) {
        sock.close();
        resolve(rcodes);
      } else if (next < names.length) send();
    });
    sock.on('error', reject);
    for (let k = 0; k < Math.min(window, names.length); k++) send();
  });
}

it('keeps counting memory bounded through 100,000 distinct junk names, the real name first', async () => {
  const zone = 'junk.flood.test';
  const id = await createZone(server.admin, zone);
  const r = await server.admin.post(`/v1/zones/${id}/records`, {
    name: 'shop',
    type: 'A',
    content: '192.0.2.8',
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const junk = 100_000;
  const real = 2_000; // above (junk + real) / 64 = 1,594: the sketch must keep it
  const names: string[] = [];
  for (let i = 0; i < junk; i++) {
    names.push(`j${i}x.${zone}`);
    if (i % (junk / real) === 0) names.push(`shop.${zone}`);
  }
  const usage = server.service.usage;
  const heapBefore = liveHeap();
  const rcodes = await flood(server.service.dnsPort, names);
  const heapAfter = liveHeap();
  expect(rcodes.get(3)).toBe(junk); // NXDOMAIN
  expect(rcodes.get(0)).toBe(real);

  const day = utcDay(Date.now());
  // What the counting holds: two sketches of 64 slots for the day, and one counter cell per
  // hour, type and outcome (A answered, A NXDOMAIN), whatever the number of names.
  const sketches = usage.topNames.day(id, day);
  expect(sketches.asked.size).toBe(TOP_NAME_SLOTS);
  expect(sketches.nxdomain.size).toBe(TOP_NAME_SLOTS);
  expect(sketches.asked.total).toBe(junk + real);
  expect(usage.unflushed(id).length).toBeLessThanOrEqual(4); // 2, or 4 across an hour's turn
  // The answers' cache keeps NXDOMAIN answers apart and bounded; the real name's answer stays.
  const cached = server.service.dns.cached;
  expect(cached.anyName).toBeLessThanOrEqual(20_000);
  expect(cached.answers).toBeLessThan(100);
  // Measured, printed for the record: the heap after the flood holds the NXDOMAIN answers' cache
  // (at most 20,000) besides the counts.
  const grown = (heapAfter - heapBefore) / 1e6;
  process.stdout.write(
    `junk flood: live heap ${grown.toFixed(1)} MB more after ${junk} names ` +
      `(${cached.anyName} NXDOMAIN answers cached); sketch slots in use ${usage.topNames.slotsInUse()}\n`,
  );
  // One cached answer per junk name would be about 100 MB here (measured before the cap).
  expect(grown).toBeLessThan(50);

  const top = await server.admin.get(`/v1/zones/${id}/usage/top-names?date=${day}`);
  expect(top.status).toBe(200);
  const first = top.body.data.asked[0];
  expect(first.name).toBe(`shop.${zone}.`);
  expect(first.queries).toBeGreaterThanOrEqual(real);
  expect(first.queries - first.error).toBeLessThanOrEqual(real);
  expect(top.body.data.asked).toHaveLength(20);
  expect(top.body.data.nxdomain).toHaveLength(20);
}, 120_000);

it('keeps answers made up for any name (wildcards, referrals) out of the answers of names that exist', async () => {
  // Random names under a wildcard each get an answer, and under a delegation a referral: as
  // many as the flood has names. They go to the bounded cache, like NXDOMAIN; the answer of a
  // name that exists stays cached through the flood.
  const zone = 'wild.flood.test';
  const id = await createZone(server.admin, zone);
  for (const [name, type, content] of [
    ['shop', 'A', '192.0.2.8'],
    ['*', 'A', '192.0.2.9'],
    ['sub', 'NS', 'ns1.elsewhere.test.'],
  ]) {
    const r = await server.admin.post(`/v1/zones/${id}/records`, { name, type, content });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
  }
  const before = server.service.dns.cached;
  const names: string[] = [];
  for (let i = 0; i < 15_000; i++) names.push(`w${i}x.${zone}`, `r${i}x.sub.${zone}`);
  names.push(`shop.${zone}`);
  const rcodes = await flood(server.service.dnsPort, names);
  expect(rcodes.get(0)).toBe(names.length); // NOERROR: wildcard answers and referrals
  const cached = server.service.dns.cached;
  expect(cached.answers - before.answers).toBe(1); // shop's A, nothing of the flood
  expect(cached.anyName).toBeLessThanOrEqual(20_000);
  expect(cached.anyName).toBeGreaterThan(0);
}, 120_000);
