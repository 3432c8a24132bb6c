// Response rate limiting as a flooding client and a bystander see it, over real UDP and TCP on
// loopback: 127.0.0.1 floods, 127.0.1.1 (another /24, also loopback) must still be answered.
// Bounds depend on the flood's own measured duration (credits accrue per second), never on speed.
import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import net from 'node:net';
import { promisify } from 'node:util';
import dnsPacket from 'dns-packet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPacket } from '../test-support/dns-wire';
import { createZone, startTestServer, type TestServer } from '../test-support/harness';
import { metricValue } from '../test-support/metrics';
import { Rrl, rrlClass, RRL_DROP, RRL_OK, type RrlSettings } from './rrl';

const run = promisify(execFile);
const RATE = 5;
const ERRORS_RATE = 3;

let server: TestServer;
let unlimited: TestServer;
beforeAll(async () => {
  const env = { DNS_RRL_ERRORS_RATE: String(ERRORS_RATE), DNS_RRL_SLIP: '2' };
  server = await startTestServer({ ...env, DNS_RRL_RATE: String(RATE) });
  unlimited = await startTestServer({ ...env, DNS_RRL_RATE: '0' });
  for (const s of [server, unlimited]) {
    const id = await createZone(s.admin, 'rrl.test');
    const r = await s.admin.post(`/v1/zones/${id}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
    });
    expect(r.status).toBe(201);
  }
});
afterAll(async () => {
  await server?.close();
  await unlimited?.close();
});

/** What these tests read of an answer. */
type Answer = dnsPacket.DecodedPacket & { rcode: string; answers?: { data?: unknown }[] };
const decode = (m: Buffer) => dnsPacket.decode(m) as Answer;

const query = queryPacket;

interface Flood {
  sent: number;
  full: Answer[];
  truncated: Answer[];
  seconds: number;
}

/** Sends `count` queries from `from` as fast as it can; collects answers until 400 ms quiet. */
async function flood(
  port: number,
  from: string,
  count: number,
  name: (i: number) => string,
): Promise<Flood> {
  const sock = dgram.createSocket('udp4');
  const got: Answer[] = [];
  let last = Date.now();
  sock.on('message', (m) => {
    got.push(decode(m));
    last = Date.now();
  });
  await new Promise<void>((r) => sock.bind(0, from, () => r()));
  sock.setRecvBufferSize(4 * 1024 * 1024);
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    await new Promise<void>((r) => sock.send(query(i + 1, name(i)), port, '127.0.0.1', () => r()));
    // Let the answers be read now and then: a full socket buffer would lose them.
    if (i % 20 === 19) await new Promise((r) => setImmediate(r));
  }
  const seconds = (performance.now() - t0) / 1000;
  const deadline = Date.now() + 10_000;
  while (Date.now() - last < 400 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  sock.close();
  const truncated = got.filter((p) => (p.flags! & dnsPacket.TRUNCATED_RESPONSE) !== 0);
  return { sent: count, full: got.filter((p) => !truncated.includes(p)), truncated, seconds };
}

async function dig(port: number, from: string, name: string, ...options: string[]) {
  const args = ['@127.0.0.1', '-p', String(port), '-b', from, '+norec', '+tries=1', '+time=2'];
  const r = await run('/usr/bin/dig', [...args, ...options, name, 'A']).then(
    (x) => x.stdout,
    (e: { stdout?: string }) => e.stdout ?? '',
  );
  return {
    status: /status: (\w+)/.exec(r)?.[1],
    tc: /;; flags:[^;]* tc[ ;]/.test(r),
    answer: /^www\.rrl\.test\.\s+\d+\s+IN\s+A\s+192\.0\.2\.1$/m.test(r),
  };
}

/** The most answers a bucket of `rate` may give over `seconds`: its burst and what accrues. */
const allowance = (rate: number, seconds: number) => rate + Math.ceil(rate * seconds) + 1;

describe('response rate limiting (UDP)', () => {
  it('limits a flood of one answer from one /24 while another /24 is answered', async () => {
    const port = server.service.dnsPort;
    const f = await flood(port, '127.0.0.1', 300, () => 'www.rrl.test');
    expect(f.full.length).toBeGreaterThanOrEqual(1);
    expect(f.full.length).toBeLessThanOrEqual(allowance(RATE, f.seconds + 0.5));
    expect(f.full.every((p) => p.answers?.[0]?.data === '192.0.2.1')).toBe(true);
    // Slip 2: about every other limited answer comes back as TC with no records, the rest are
    // dropped; a slip echoes the question so that the client can ask again over TCP.
    const limited = f.sent - f.full.length;
    expect(f.truncated.length).toBeGreaterThan(limited / 3); // a datagram may get lost
    expect(f.truncated.length).toBeLessThanOrEqual(Math.ceil(limited / 2));
    for (const t of f.truncated) {
      expect(t.answers ?? []).toEqual([]);
      expect(t.questions?.[0]?.name).toBe('www.rrl.test');
    }

    // The operator's figures say the same.
    const value = (name: string, labels: Record<string, string>) =>
      metricValue(server.service.metrics, name, labels);
    expect(await value('zonedeck_dns_rrl_total', { action: 'drop' })).toBeGreaterThan(0);
    expect(await value('zonedeck_dns_rrl_total', { action: 'slip' })).toBeGreaterThanOrEqual(
      f.truncated.length,
    );
    expect(
      await value('zonedeck_dns_queries_total', { rcode: 'NOERROR', transport: 'udp' }),
    ).toBeGreaterThanOrEqual(f.full.length + f.truncated.length);

    // Meanwhile 127.0.1.1 is another prefix, with its own credit.
    const bystander = await dig(port, '127.0.1.1', 'www.rrl.test');
    expect(bystander).toEqual({ status: 'NOERROR', tc: false, answer: true });

    // The flooder's resolver, told TC, asks over TCP: never limited there.
    const viaTc = await dig(port, '127.0.0.1', 'www.rrl.test', '+tries=3');
    expect(viaTc.answer).toBe(true);
  });

  it('limits a flood of random names (NXDOMAIN) as one bucket per zone', async () => {
    const port = server.service.dnsPort;
    const nonce = Date.now().toString(36);
    const f = await flood(port, '127.0.2.1', 200, (i) => `r${i}-${nonce}.rrl.test`);
    expect(f.full.length).toBeGreaterThanOrEqual(1);
    expect(f.full.length).toBeLessThanOrEqual(allowance(ERRORS_RATE, f.seconds + 0.5));
    expect(f.full.every((p) => p.rcode === 'NXDOMAIN')).toBe(true);
    expect(f.truncated.length).toBeGreaterThan(0);
    expect(f.full.length + f.truncated.length).toBeLessThan(f.sent);
    // Another prefix still gets its NXDOMAIN.
    expect((await dig(port, '127.0.3.1', `other-${nonce}.rrl.test`)).status).toBe('NXDOMAIN');
  });

  it('counts in the usage of the zone only the answers sent whole', async () => {
    const id = await createZone(server.admin, 'usage.rrl.test');
    await server.admin.post(`/v1/zones/${id}/records`, {
      name: 'www',
      type: 'A',
      content: '192.0.2.1',
    });
    const f = await flood(server.service.dnsPort, '127.0.4.1', 100, () => 'www.usage.rrl.test');
    const usage = (await server.admin.get(`/v1/zones/${id}/usage`)).body.data.queries as number;
    // Dropped and slipped queries were not answered: a spoofed flood is not the zone's usage.
    expect(f.truncated.length).toBeGreaterThan(0);
    expect(usage).toBeGreaterThanOrEqual(f.full.length);
    expect(usage).toBeLessThan(f.full.length + f.truncated.length);
  });

  it('never limits TCP, whose source address is proven', async () => {
    const port = server.service.dnsPort;
    const count = 60;
    const socket = net.connect(port, '127.0.0.1');
    socket.setNoDelay(true);
    const frames = Array.from({ length: count }, (_, i) => {
      const q = query(i + 1, 'www.rrl.test');
      const f = Buffer.alloc(2 + q.length);
      f.writeUInt16BE(q.length, 0);
      q.copy(f, 2);
      return f;
    });
    const answers = await new Promise<Answer[]>((resolve, reject) => {
      let buf = Buffer.alloc(0);
      const out: Answer[] = [];
      const timer = setTimeout(() => reject(new Error(`${out.length} of ${count}`)), 10_000);
      socket.on('data', (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        while (buf.length >= 2 && buf.length >= 2 + buf.readUInt16BE(0)) {
          out.push(decode(buf.subarray(2, 2 + buf.readUInt16BE(0))));
          buf = buf.subarray(2 + buf.readUInt16BE(0));
        }
        if (out.length === count) {
          clearTimeout(timer);
          resolve(out);
        }
      });
      socket.on('error', reject);
      socket.write(Buffer.concat(frames));
    }).finally(() => socket.destroy());
    expect(answers.filter((p) => p.answers?.[0]?.data === '192.0.2.1')).toHaveLength(count);
  });

  it('is off with DNS_RRL_RATE=0: every query of a flood is answered in full', async () => {
    const f = await flood(unlimited.service.dnsPort, '127.0.0.1', 300, () => 'www.rrl.test');
    expect(f.truncated).toHaveLength(0);
    expect(f.full).toHaveLength(300);
  });
});

describe('the bucket table', () => {
  const settings: RrlSettings = {
    rate: 2,
    errorsRate: 1,
    slip: 0,
    windowSeconds: 15,
    ipv4Prefix: 24,
    ipv6Prefix: 56,
    tableSize: 1000,
  };

  it('keys sources by /24 and /56 (IPv4 clients of a dual-stack socket as IPv4)', () => {
    const rrl = new Rrl(settings);
    expect(rrl.prefixOf('192.0.2.200')).toBe(rrl.prefixOf('192.0.2.1'));
    expect(rrl.prefixOf('192.0.3.1')).not.toBe(rrl.prefixOf('192.0.2.1'));
    expect(rrl.prefixOf('::ffff:192.0.2.9')).toBe(rrl.prefixOf('192.0.2.1'));
    expect(rrl.prefixOf('2001:db8:0:ff00::1')).toBe(rrl.prefixOf('2001:db8:0:ffab:1::'));
    expect(rrl.prefixOf('2001:db8:0:100::1')).not.toBe(rrl.prefixOf('2001:db8:0:ff00::1'));
    const wide = new Rrl({ ...settings, ipv4Prefix: 16 });
    expect(wide.prefixOf('10.1.2.3')).toBe(wide.prefixOf('10.1.200.3'));
    expect(wide.prefixOf('10.2.2.3')).not.toBe(wide.prefixOf('10.1.2.3'));
  });

  it('stays within its size under a flood of spoofed sources, and still limits the flooder', () => {
    const rrl = new Rrl(settings);
    const cls = rrlClass('q|x|1', false);
    const now = 1_000_000;
    let flooderAnswered = 0;
    let largest = 0;
    for (let i = 0; i < 200_000; i++) {
      const spoofed = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
      rrl.check(spoofed, cls, now);
      if (i % 100 === 0 && rrl.check('203.0.113.7', cls, now) === RRL_OK) flooderAnswered++;
      largest = Math.max(largest, rrl.size);
    }
    expect(largest).toBeLessThanOrEqual(settings.tableSize);
    expect(largest).toBeGreaterThan(settings.tableSize / 2);
    // 2,000 queries in the same instant: only the burst of 2 is answered.
    expect(flooderAnswered).toBe(2);
    expect(rrl.check('203.0.113.7', cls, now)).toBe(RRL_DROP);
  });

  // A class remembers the slot of its last bucket (rrl.ts): these fail if that slot were taken
  // for another source, another table, or an emptied generation.
  it("keeps each source's balance when sources take turns on one class", () => {
    const rrl = new Rrl(settings);
    const cls = rrlClass('q|www|1', false);
    const now = 5_000_000;
    const a = [1, 2, 3].map(() => rrl.check('192.0.2.1', cls, now));
    const b = [1, 2, 3].map(() => rrl.check('198.51.100.1', cls, now));
    const alternating = [1, 2, 3].flatMap(() => [
      rrl.check('203.0.113.1', cls, now),
      rrl.check('203.0.114.1', cls, now),
    ]);
    // A burst of 2 each, whoever asked in between.
    expect(a).toEqual([RRL_OK, RRL_OK, RRL_DROP]);
    expect(b).toEqual([RRL_OK, RRL_OK, RRL_DROP]);
    expect(alternating).toEqual([RRL_OK, RRL_OK, RRL_OK, RRL_OK, RRL_DROP, RRL_DROP]);
  });

  it('never takes a slot a class had in another table for its bucket in this one', () => {
    const first = new Rrl(settings);
    const second = new Rrl(settings);
    const shared = rrlClass('q|shared|1', false);
    const other = rrlClass('q|other|1', false);
    const now = 6_000_000;
    // `shared` gets slot 0 in the first table, `other` slot 0 in the second, drained there.
    expect(first.check('192.0.2.1', shared, now)).toBe(RRL_OK);
    for (let i = 0; i < 2; i++) expect(second.check('192.0.2.1', other, now)).toBe(RRL_OK);
    expect(second.check('192.0.2.1', other, now)).toBe(RRL_DROP);
    // In the second table `shared` has a bucket of its own, at full credit.
    expect(second.check('192.0.2.1', shared, now)).toBe(RRL_OK);
    expect(second.check('192.0.2.1', shared, now)).toBe(RRL_OK);
    expect(second.check('192.0.2.1', shared, now)).toBe(RRL_DROP);
  });

  it('keeps a limited balance through a turn of generations, and a new class starts full', () => {
    const rrl = new Rrl(settings);
    const cls = rrlClass('q|turn|1', false);
    const start = 7_000_000;
    const flood = (at: number) =>
      Array.from({ length: 60 }, () => rrl.check('192.0.2.1', cls, at)).filter((v) => v === RRL_OK)
        .length;
    // A burst of 2, then the balance owes the window's 15 s of credit.
    expect(flood(start)).toBe(2);
    // Still flooding just before the generation ends (window + 1 s): 31 credits earned since,
    // one answer, and the debt again.
    const late = start + 15_500;
    expect(flood(late)).toBe(1);
    // Half a second later the table turns; the bucket comes along, still owing: dropped. A
    // bucket that started afresh would answer.
    const now = start + (settings.windowSeconds + 1) * 1000;
    expect(rrl.check('192.0.2.1', cls, now)).toBe(RRL_DROP);
    const fresh = rrlClass('q|new|1', false);
    expect(rrl.check('192.0.2.1', fresh, now)).toBe(RRL_OK);
    expect(rrl.check('192.0.2.1', fresh, now)).toBe(RRL_OK);
    expect(rrl.check('192.0.2.1', fresh, now)).toBe(RRL_DROP);
  });

  it('never takes a slot a class had in a generation since emptied', () => {
    const rrl = new Rrl(settings);
    const a = rrlClass('q|a|1', false);
    const b = rrlClass('q|b|1', false);
    const t0 = 8_000_000;
    const turn = (settings.windowSeconds + 1) * 1000;
    // `a` takes slot 0 of a generation; two turns later that table is emptied and current
    // again, and `b`, from the same source, takes its slot 0 and drains it.
    expect(rrl.check('192.0.2.1', a, t0)).toBe(RRL_OK);
    expect(rrl.check('198.51.100.1', b, t0 + turn)).toBe(RRL_OK);
    const later = t0 + 2 * turn;
    expect(rrl.check('192.0.2.1', b, later)).toBe(RRL_OK);
    expect(rrl.check('192.0.2.1', b, later)).toBe(RRL_OK);
    expect(rrl.check('192.0.2.1', b, later)).toBe(RRL_DROP);
    // `a` has a bucket of its own there, at full credit.
    expect(rrl.check('192.0.2.1', a, later)).toBe(RRL_OK);
  });
});
