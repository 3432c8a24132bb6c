// Usage counts as the API reports them after real DNS queries (before and after a restart), and
// a fuzz run of junk datagrams and TCP frames after which the server still answers properly.
import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '../../shared/api/fields';
import { loadConfig } from '../config';
import { startService, type RunningService } from '../server';
import { createApiKey, ensureCustomer } from '../store/customers';
import { type OpenedStore } from '../store/db';
import { openTestStore } from '../test-support/test-store';
import { udpAsk as udpAskAt } from '../test-support/dns-wire';

const run = promisify(execFile);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'zonedeck-dns-usage-'));
const config = loadConfig({
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  DNS_PORT: '0',
  LOG_LEVEL: 'silent',
  // The fuzz run sends thousands of datagrams from one address: rate limiting would drop most
  // of what it checks (rrl.test.ts tests the limiting itself).
  DNS_RRL_RATE: '0',
  DNS_WORKERS: '1',
});

let store: OpenedStore;
let service: RunningService;
let apiKey: string;

async function start() {
  store = await openTestStore(dataDir);
  service = await startService(config, store, pino({ level: 'silent' }));
}
async function stop() {
  await service.stop();
  await store.close();
}

beforeAll(async () => {
  await start();
  await ensureCustomer(store.db, 'acme', 'EU_GLOBAL');
  apiKey = (await createApiKey(store.db, 'acme', SCOPES)).key;
});
afterAll(async () => {
  await stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- API answers of every shape
async function api(method: string, p: string, body?: unknown): Promise<any> {
  const res = await fetch(service.url + p, {
    method,
    headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await res.json();
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function zoneWith(name: string, records: [string, string, string][]): Promise<string> {
  const { id } = await api('POST', '/v1/zones', { name });
  for (const [owner, type, content] of records)
    await api('POST', `/v1/zones/${id}/records`, { name: owner, type, content });
  return id as string;
}

const TYPES: Record<string, number> = { A: 1, NS: 2, SOA: 6, MX: 15, TXT: 16, AAAA: 28 };

function nameWire(name: string): Buffer {
  const labels = name.split('.').filter(Boolean);
  return Buffer.concat([
    ...labels.map((l) => Buffer.concat([Buffer.from([l.length]), Buffer.from(l, 'latin1')])),
    Buffer.from([0]),
  ]);
}

/** A query message built by hand, so that each byte is what the test says. */
function queryBytes(
  id: number,
  name: string,
  type: string | number,
  edns?: { udp?: number; do?: boolean; version?: number },
): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(id, 0);
  head.writeUInt16BE(1, 4);
  head.writeUInt16BE(edns ? 1 : 0, 10);
  const q = Buffer.alloc(4);
  q.writeUInt16BE(typeof type === 'number' ? type : TYPES[type]!, 0);
  q.writeUInt16BE(1, 2);
  const parts = [head, nameWire(name), q];
  if (edns) parts.push(optBytes(edns.udp ?? 1232, edns.version ?? 0, edns.do ? 0x8000 : 0));
  return Buffer.concat(parts);
}

function optBytes(udp: number, version: number, flags: number, rdata = Buffer.alloc(0)): Buffer {
  const b = Buffer.alloc(11);
  b.writeUInt16BE(41, 1);
  b.writeUInt16BE(udp, 3);
  b.writeUInt8(version, 6);
  b.writeUInt16BE(flags, 7);
  b.writeUInt16BE(rdata.length, 9);
  return Buffer.concat([b, rdata]);
}

/** dns-packet decodes the rcode as a name; its type definitions leave it out. */
type Decoded = dnsPacket.DecodedPacket & { rcode: string };
const decode = (m: Buffer) => dnsPacket.decode(m) as Decoded;

let nextId = 1;
const newId = () => (nextId = (nextId % 65535) + 1);

const udpAsk = (msg: Buffer, ms = 2000) => udpAskAt(service.dnsPort, msg, ms);

/** Frames written to one TCP connection (each write as given); collects answer frames. */
function tcpSession(
  writes: Buffer[],
  until: (answers: Buffer[]) => boolean,
  ms = 3000,
): Promise<Buffer[]> {
  return new Promise((resolve) => {
    const sock = net.connect(service.dnsPort, '127.0.0.1');
    const answers: Buffer[] = [];
    let pending = Buffer.alloc(0);
    const done = () => {
      clearTimeout(timer);
      sock.destroy();
      resolve(answers);
    };
    const timer = setTimeout(done, ms);
    sock.on('error', done);
    sock.on('close', done);
    sock.on('data', (chunk) => {
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 2 && pending.length >= 2 + pending.readUInt16BE(0)) {
        answers.push(pending.subarray(2, 2 + pending.readUInt16BE(0)));
        pending = pending.subarray(2 + pending.readUInt16BE(0));
      }
      if (until(answers)) done();
    });
    sock.on('connect', async () => {
      for (const w of writes) {
        if (sock.destroyed) return;
        sock.write(w);
        await new Promise((r) => setTimeout(r, 1));
      }
    });
  });
}

const frame = (msg: Buffer) =>
  Buffer.concat([Buffer.from([msg.length >> 8, msg.length & 255]), msg]);

async function tcpAsk(msg: Buffer): Promise<Decoded> {
  const id = msg.readUInt16BE(0);
  const answers = await tcpSession([frame(msg)], (a) => a.some((m) => m.readUInt16BE(0) === id));
  const answer = answers.find((m) => m.readUInt16BE(0) === id);
  if (!answer) throw new Error('no TCP answer');
  return decode(answer);
}

async function usage(zoneId: string): Promise<{ queries: number; byType: Record<string, number> }> {
  const u = await api('GET', `/v1/zones/${zoneId}/usage`);
  return { queries: u.queries, byType: u.queries_by_type };
}

describe('usage counting', () => {
  it('counts every answered query by type, right away and across a restart', async () => {
    const zone = 'count.usage.test';
    const id = await zoneWith(zone, [
      ['www', 'A', '192.0.2.1'],
      ['@', 'MX', `10 mail.${zone}.`],
    ]);
    expect(await usage(id)).toEqual({ queries: 0, byType: {} });

    // 7 A over UDP, UDP with DO and TCP (repeats are answered from the answer cache); 3 MX;
    // 2 TXT for a name that does not exist (NXDOMAIN is an answer for the zone too).
    const asks: { name: string; type: string; tcp?: boolean; edns?: { do: boolean } }[] = [
      ...[0, 1, 2].map(() => ({ name: `www.${zone}`, type: 'A' })),
      ...[0, 1].map(() => ({ name: `www.${zone}`, type: 'A', edns: { do: true } })),
      ...[0, 1].map(() => ({ name: `WWW.${zone}`, type: 'A', tcp: true })),
      ...[0, 1, 2].map(() => ({ name: zone, type: 'MX' })),
      ...[0, 1].map(() => ({ name: `nope.${zone}`, type: 'TXT' })),
    ];
    for (const a of asks) {
      const msg = queryBytes(newId(), a.name, a.type, a.edns);
      const answer = a.tcp ? await tcpAsk(msg) : decode(await udpAsk(msg));
      expect(answer.rcode).toBe(a.name.startsWith('nope') ? 'NXDOMAIN' : 'NOERROR');
    }
    // Questions for names we do not host, or for the parent of a hosted zone, count nowhere.
    for (const name of ['www.elsewhere.test', 'usage.test', 'test']) {
      const r = decode(await udpAsk(queryBytes(newId(), name, 'A')));
      expect(r.rcode).toBe('REFUSED');
    }
    const expected = { queries: 12, byType: { A: 7, MX: 3, TXT: 2 } };
    expect(await usage(id)).toEqual(expected);

    // Shutdown flushes what is still in memory; a new process reads it from the database.
    await stop();
    await start();
    expect(await usage(id)).toEqual(expected);
    const after = decode(await udpAsk(queryBytes(newId(), zone, 'SOA')));
    expect(after.answers?.map((a) => a.type)).toEqual(['SOA']);
    expect(await usage(id)).toEqual({ queries: 13, byType: { ...expected.byType, SOA: 1 } });
  });
});

describe('fuzzing', () => {
  const zone = 'fuzz.usage.test';
  const names = [`www.${zone}`, zone, `nope.${zone}`, `big.${zone}`, `x.wild.${zone}`];
  // A fixed seed keeps a failure reproducible; change it to explore other inputs.
  const seed = 20_260_611;

  beforeAll(async () => {
    const id = await zoneWith(zone, [
      ['www', 'A', '192.0.2.1'],
      ['www', 'AAAA', '2001:db8::1'],
      ['@', 'MX', `10 mail.${zone}.`],
      ['*.wild', 'TXT', 'wildcard'],
      ...Array.from(
        { length: 30 },
        (_, i) => ['big', 'TXT', `value ${i} ${'y'.repeat(40)}`] as [string, string, string],
      ),
    ]);
    await api('PATCH', `/v1/zones/${id}/dnssec/status`, { enabled: true });
  });

  /** The server still answers a normal query correctly, over UDP and TCP, with dig. */
  async function stillAnswers() {
    for (const transport of ['+notcp', '+tcp']) {
      const { stdout } = await run('/usr/bin/dig', [
        '@127.0.0.1',
        '-p',
        String(service.dnsPort),
        '+norec',
        '+tries=1',
        '+time=2',
        transport,
        '+short',
        `www.${zone}`,
        'A',
      ]);
      expect({ transport, answer: stdout.trim() }).toEqual({ transport, answer: '192.0.2.1' });
    }
  }

  const validQuery = fc
    .record({
      name: fc.constantFrom(...names),
      type: fc.constantFrom(1, 2, 6, 15, 16, 28, 43, 46, 47, 48, 255, 65, 0, 65535),
      edns: fc.option(
        fc.record({
          udp: fc.integer({ min: 0, max: 65535 }),
          do: fc.boolean(),
          version: fc.constantFrom(0, 0, 0, 1, 255),
        }),
      ),
    })
    .map(({ name, type, edns }) => queryBytes(0, name, type, edns ?? undefined));

  const datagram = fc.oneof(
    // Random bytes of any length.
    fc.uint8Array({ maxLength: 600 }).map((b) => Buffer.from(b)),
    // Valid queries cut short anywhere.
    fc.tuple(validQuery, fc.nat()).map(([q, n]) => q.subarray(0, n % (q.length + 1))),
    // Valid queries with a few bytes overwritten.
    fc
      .tuple(
        validQuery,
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 6,
        }),
      )
      .map(([q, edits]) => {
        const b = Buffer.from(q);
        for (const [at, v] of edits) b[at % b.length] = v;
        return b;
      }),
    // A valid question followed by garbage additional records (OPT or not).
    fc
      .tuple(validQuery, fc.integer({ min: 1, max: 3 }), fc.uint8Array({ maxLength: 80 }))
      .map(([q, count, junk]) => {
        const b = Buffer.concat([q, Buffer.from(junk)]);
        b.writeUInt16BE(count, 10);
        return b;
      }),
    // A valid question with an OPT whose fields and options are random.
    fc
      .tuple(
        validQuery,
        fc.integer({ min: 0, max: 65535 }),
        fc.integer({ min: 0, max: 255 }),
        fc.integer({ min: 0, max: 65535 }),
        fc.uint8Array({ maxLength: 40 }),
        fc.integer({ min: -4, max: 4 }),
      )
      .map(([q, udp, version, flags, options, lengthSkew]) => {
        const opt = optBytes(udp, version, flags, Buffer.from(options));
        opt.writeUInt16BE(Math.max(0, options.length + lengthSkew), 9);
        const b = Buffer.concat([q.subarray(0, q.length - (q.readUInt16BE(10) ? 11 : 0)), opt]);
        b.writeUInt16BE(1, 10);
        return b;
      }),
  );

  it('survives thousands of random and truncated datagrams, answering queries in kind', async () => {
    const sent = fc.sample(datagram, { seed, numRuns: 4000 });
    const byId = new Map<number, Buffer>();
    sent.forEach((d, i) => {
      if (d.length >= 2) {
        d.writeUInt16BE(i + 1, 0); // a distinct ID ties each answer to its datagram
        byId.set(i + 1, d);
      }
    });

    const sock = dgram.createSocket('udp4');
    const answers: Buffer[] = [];
    let last = Date.now();
    sock.on('message', (m) => {
      answers.push(m);
      last = Date.now();
    });
    await new Promise<void>((r) => sock.bind(0, '127.0.0.1', () => r()));
    try {
      for (let i = 0; i < sent.length; i += 100) {
        await Promise.all(
          sent
            .slice(i, i + 100)
            .map(
              (d) =>
                new Promise<void>((r) => sock.send(d, service.dnsPort, '127.0.0.1', () => r())),
            ),
        );
        await new Promise((r) => setTimeout(r, 15));
      }
      while (Date.now() - last < 150) await new Promise((r) => setTimeout(r, 50));
    } finally {
      sock.close();
    }

    const rcodes = new Map<number, number>();
    for (const a of answers) {
      expect(a.length).toBeGreaterThanOrEqual(12);
      const asked = byId.get(a.readUInt16BE(0));
      // Only a query (QR clear) with a whole header is answered, with QR set and its ID.
      expect(asked, `answer with unknown ID ${a.readUInt16BE(0)}`).toBeDefined();
      expect(asked!.length).toBeGreaterThanOrEqual(12);
      expect(asked![2]! & 0x80).toBe(0);
      expect(a[2]! & 0x80).toBe(0x80);
      const decoded = decode(a); // every answer is a well-formed message
      expect(decoded.id).toBe(a.readUInt16BE(0));
      rcodes.set(a[3]! & 15, (rcodes.get(a[3]! & 15) ?? 0) + 1);
    }
    // Not vacuous: many datagrams were answered, both normally and with FORMERR.
    expect(answers.length).toBeGreaterThan(sent.length / 4);
    expect(rcodes.get(0)).toBeGreaterThan(0);
    expect(rcodes.get(1)).toBeGreaterThan(0);
    await stillAnswers();
  });

  it('answers queries with broken EDNS as RFC 6891 says', async () => {
    const q = (edns: Buffer, count = 1) => {
      const b = Buffer.concat([queryBytes(newId(), `big.${zone}`, 'TXT'), edns]);
      b.writeUInt16BE(count, 10);
      return b;
    };
    const rcodeOf = (m: Buffer) => m[3]! & 15;
    // Two OPT records: FORMERR.
    expect(
      rcodeOf(await udpAsk(q(Buffer.concat([optBytes(1232, 0, 0), optBytes(1232, 0, 0)]), 2))),
    ).toBe(1);
    // An OPT whose RDLENGTH runs past the end: FORMERR.
    const long = optBytes(1232, 0, 0, Buffer.from([0, 10, 0, 4]));
    long.writeUInt16BE(200, 9);
    expect(rcodeOf(await udpAsk(q(long)))).toBe(1);
    // An EDNS version we do not speak: BADVERS (16), i.e. 0 in the header and 1 in the OPT.
    const badvers = decode(await udpAsk(q(optBytes(1232, 3, 0))));
    const opt = badvers.additionals?.find((a) => a.type === 'OPT') as dnsPacket.OptAnswer;
    expect({
      rcode: badvers.rcode,
      extended: opt?.extendedRcode,
      version: opt?.ednsVersion,
    }).toEqual({ rcode: 'NOERROR', extended: 1, version: 0 });
    // A UDP size under 512 counts as 512: the large TXT RRset comes back truncated, in 512 bytes.
    for (const udp of [0, 100, 511]) {
      const m = await udpAsk(q(optBytes(udp, 0, 0)));
      expect({ udp, size: m.length <= 512, tc: (m[2]! & 2) === 2 }).toEqual({
        udp,
        size: true,
        tc: true,
      });
    }
    // Unknown EDNS options are ignored.
    const withOption = decode(
      await udpAsk(q(optBytes(1232, 0, 0, Buffer.from([0xfe, 0xfe, 0, 2, 1, 2])))),
    );
    expect(withOption.rcode).toBe('NOERROR');
    await stillAnswers();
  });

  it('survives junk TCP frames, split writes and oversize lengths, and keeps the stream in step', async () => {
    const junk = fc.sample(fc.uint8Array({ minLength: 0, maxLength: 300 }), { seed, numRuns: 300 });
    const good = () => queryBytes(newId(), `www.${zone}`, 'A');
    const answeredWith = (answers: Buffer[], id: number) =>
      answers.find((m) => m.readUInt16BE(0) === id);

    // Length-prefixed junk, then a real query on the same connection: it is answered.
    for (let i = 0; i < junk.length; i += 30) {
      const query = good();
      const id = query.readUInt16BE(0);
      const frames = junk.slice(i, i + 30).map((j) => frame(Buffer.from(j)));
      const answers = await tcpSession([...frames, frame(query)], (a) => !!answeredWith(a, id));
      const answer = answeredWith(answers, id);
      expect(answer, `query after junk frames ${i}..${i + 29}`).toBeDefined();
      const decoded = decode(answer!);
      expect(decoded.answers?.map((a) => (a as { data?: unknown }).data)).toEqual(['192.0.2.1']);
    }

    // A query written a byte at a time, and two queries in one write, are answered.
    const split = good();
    const splitId = split.readUInt16BE(0);
    const bytes = [...frame(split)].map((b) => Buffer.from([b]));
    expect(
      answeredWith(await tcpSession(bytes, (a) => !!answeredWith(a, splitId)), splitId),
    ).toBeDefined();
    const [q1, q2] = [good(), good()];
    const both = await tcpSession([Buffer.concat([frame(q1), frame(q2)])], (a) => a.length >= 2);
    expect(both.map((m) => m.readUInt16BE(0)).sort()).toEqual(
      [q1.readUInt16BE(0), q2.readUInt16BE(0)].sort(),
    );

    // Raw junk with no framing, and frames that announce more than they hold, on many
    // connections at once: the server neither crashes nor stops serving the others.
    const streams = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 2000 }), {
      seed: seed + 1,
      numRuns: 40,
    });
    await Promise.all([
      ...streams.map((s) => tcpSession([Buffer.from(s)], () => false, 300)),
      tcpSession([Buffer.from([0xff, 0xff]), Buffer.alloc(1000, 7)], () => false, 300),
      tcpSession([Buffer.from([0x00])], () => false, 300),
      tcpSession([Buffer.from([0, 0, 0, 0, 0, 5, 1, 2])], () => false, 300),
    ]);
    await stillAnswers();
  });
});
