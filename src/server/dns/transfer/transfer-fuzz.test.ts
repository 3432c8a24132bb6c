// Zone transfers under junk, against the real server over real TCP: mutated AXFR/IXFR queries,
// lying lengths and counts, compression loops, IXFR serials anywhere on the RFC 1982 circle,
// streams cut anywhere, pipelines, and TSIGs that are wrong, cut short or out of time. Whatever
// comes in, every answer parses, a transfer is whole (SOA first and last, the serial served,
// every record) or an error carrying no zone data, and the server answers normally afterwards.
import { randomBytes } from 'node:crypto';
import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digXfr } from '../../test-support/dns-tools';
import { queryPacket, udpAsk } from '../../test-support/dns-wire';
import { createZone, startTestServer, type TestServer } from '../../test-support/harness';
import {
  checkTransferAnswers,
  exchange,
  type Exchange,
  type ServedZone,
} from '../../test-support/xfr-answers';
import {
  build,
  framed,
  mutate,
  sign as signWith,
  type Ask,
  type Mutation,
  type Signing,
} from '../../test-support/xfr-requests';
import { keyring } from './tsig-fixture';

const SECRET = randomBytes(32).toString('base64');
const keyOf = (spec: string) => [...keyring(spec).values()][0]!;
const KEYS = {
  key: keyOf(`fuzz-key:hmac-sha256:${SECRET}`),
  wrong: keyOf(`fuzz-key:hmac-sha256:${randomBytes(32).toString('base64')}`),
  unknown: keyOf(`nobody:hmac-sha256:${SECRET}`),
};
const sign = (m: Buffer, how: Signing) => signWith(m, how, KEYS);
/** Transfers are allowed from this address (or with the key); 127.0.0.1 alone is refused. */
const ALLOWED_FROM = '127.0.0.2';
const ZONE = 'fuzz.test';
const SIGNED = 'fuzz-signed.test';

let srv: TestServer;
const served = new Map<string, ServedZone>();
/** Serials the zone had: IXFR from them is answered from the journal. */
const history: number[] = [];

beforeAll(async () => {
  srv = await startTestServer({
    API_RATE_LIMIT: '0',
    DNS_TSIG_KEYS: `fuzz-key:hmac-sha256:${SECRET}`,
    DNS_TRANSFER_ALLOW: `${ALLOWED_FROM}, key:fuzz-key`,
  });
  const z = await createZone(srv.admin, ZONE);
  history.push(await serialOf());
  // Large enough for several messages (16 KB each).
  const operations = Array.from({ length: 400 }, (_, i) => ({
    op: 'create',
    name: `host-${i}`,
    type: 'TXT',
    content: `"record ${i} of a zone that takes more than one message to send"`,
  }));
  const b = await srv.admin.post(`/v1/zones/${z}/records/batch`, { operations });
  expect(b.status, JSON.stringify(b.body).slice(0, 300)).toBe(200);
  history.push(await serialOf());
  const www = await srv.admin.post(`/v1/zones/${z}/records`, {
    name: 'www',
    type: 'A',
    content: '192.0.2.1',
  });
  expect(www.status).toBe(201);
  // An ALIAS loop: its zone is still transferred whole (it overflowed the stack before).
  const loop = await createZone(srv.admin, 'loop.fuzz-alias.test');
  for (const [name, target] of [
    ['a', 'b'],
    ['b', 'a'],
  ]) {
    const r = await srv.admin.post(`/v1/zones/${loop}/records`, {
      name,
      type: 'ALIAS',
      content: `${target}.loop.fuzz-alias.test.`,
    });
    expect(r.status).toBe(201);
  }
  // A signed zone: transferred signed whole (RRSIG, NSEC), or not at all.
  const signed = await createZone(srv.admin, SIGNED);
  const w = await srv.admin.post(`/v1/zones/${signed}/records`, {
    name: 'www',
    type: 'A',
    content: '192.0.2.2',
  });
  expect(w.status).toBe(201);
  const on = await srv.admin.patch(`/v1/zones/${signed}/dnssec/status`, { enabled: true });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  for (const zone of [ZONE, 'loop.fuzz-alias.test', SIGNED]) {
    const x = await digXfr(srv.service.dnsPort, zone, 'AXFR', '-b', ALLOWED_FROM);
    expect(x.records[0]?.type, x.text).toBe('SOA');
    served.set(zone, {
      serial: Number(x.records[0]!.data.split(' ')[2]),
      records: x.records.length,
    });
  }
}, 60_000);
afterAll(() => srv?.close());

async function serialOf(): Promise<number> {
  const r = await udpAsk(srv.service.dnsPort, queryPacket(1, ZONE, 'SOA'));
  const soa = dnsPacket.decode(r).answers?.[0];
  if (soa?.type !== 'SOA') throw new Error(`no SOA for ${ZONE}`);
  return soa.data.serial!;
}

const serialArb = (current: () => number) =>
  fc.oneof(
    fc.constantFrom(0, 1, 0x7fffffff, 0x80000000, 0xffffffff),
    fc.constantFrom(-1, 1, 0x7fffffff, 0x80000000, 0x80000001).map((d) => (current() + d) >>> 0),
    fc.nat({ max: 1 }).map((i) => history[i]!),
    fc.nat({ max: 0xffffffff }),
  );

/** Mostly what a secondary sends, else a value a broken or hostile client might. */
const mostly = <T>(usual: T[], odd: T[]) =>
  fc.oneof({ arbitrary: fc.constantFrom(...usual), weight: 4 }, fc.constantFrom(...odd));

const askArb: fc.Arbitrary<Ask> = fc.record(
  {
    id: fc.nat({ max: 0xffff }),
    name: mostly(
      [ZONE, 'FuZz.TeSt', 'loop.fuzz-alias.test', SIGNED],
      [`www.${ZONE}`, 'not-here.test', '', 'x'.repeat(63)],
    ),
    qtype: mostly([251, 252], [6, 1, 255, 250]),
    qclass: mostly([1], [3, 254, 255, 0]),
    // RD; QR (a response, dropped); opcodes NOTIFY and UPDATE.
    flagsHi: mostly([0, 1], [0x80, 0x20, 0x28]),
    serial: serialArb(() => served.get(ZONE)!.serial),
  },
  { requiredKeys: ['id', 'name', 'qtype', 'qclass', 'flagsHi'] },
);

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 8 },
  fc.record({ kind: fc.constant('cut' as const), at: fc.nat() }),
  fc.array(
    fc.record({ kind: fc.constant('set' as const), at: fc.nat(), value: fc.nat({ max: 255 }) }),
    {
      minLength: 1,
      maxLength: 4,
    },
  ),
  fc.record({
    kind: fc.constant('counts' as const),
    values: fc.array(fc.nat({ max: 0xffff }), { minLength: 4, maxLength: 4 }),
  }),
  fc.record({
    kind: fc.constant('junk' as const),
    bytes: fc.uint8Array({ minLength: 1, maxLength: 40 }),
  }),
  fc.constant({ kind: 'loop' as const }),
  fc.constant({ kind: 'label' as const }),
);

const signingArb = fc.oneof(
  { arbitrary: fc.constantFrom<Signing>('none', 'valid'), weight: 3 },
  fc.constantFrom<Signing>('wrong-key', 'unknown-key', 'short-mac', 'bad-time', 'flipped'),
);

async function judge(x: Exchange) {
  const { bytes, closed } = await exchange(srv.service.dnsPort, x, served);
  const verdict = checkTransferAnswers(bytes, served);
  expect(verdict.problems, verdict.problems.join('\n')).toEqual([]);
  // Bytes left over are a message cut short: only when the server closed on us mid-answer.
  expect(verdict.leftover === 0 || !closed, 'the server closed in the middle of a message').toBe(
    true,
  );
  return verdict;
}

async function stillServing() {
  const r = dnsPacket.decode(await udpAsk(srv.service.dnsPort, queryPacket(7, ZONE, 'SOA')));
  expect((r as { rcode?: string }).rcode).toBe('NOERROR');
  expect(r.answers?.[0]?.type).toBe('SOA');
}

describe('zone transfers under junk', () => {
  it('answers every mutated AXFR/IXFR query well-formed, whole or with an error', async () => {
    const one = fc.record({
      ask: askArb,
      mutation: mutationArb,
      signing: signingArb,
      lie: fc.oneof({ arbitrary: fc.constant(0), weight: 5 }, fc.integer({ min: -4, max: 4 })),
      from: mostly([ALLOWED_FROM], ['127.0.0.1']),
      split: fc.nat({ max: 64 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(one, { minLength: 2, maxLength: 6 }), async (runs) => {
        await Promise.all(
          runs.map((r) => {
            const frame = framed(sign(mutate(build(r.ask), r.mutation), r.signing), r.lie);
            const at = r.split % frame.length;
            return judge({
              chunks: at ? [frame.subarray(0, at), frame.subarray(at)] : [frame],
              from: r.from,
            });
          }),
        );
        await stillServing();
      }),
      { numRuns: 40 },
    );
  }, 60_000);

  it('answers pipelined queries in order, each transfer whole', async () => {
    const pipeline = fc.array(
      fc.record({ ask: askArb, signing: fc.constantFrom<Signing>('none', 'valid', 'wrong-key') }),
      { minLength: 2, maxLength: 12 },
    );
    await fc.assert(
      fc.asyncProperty(pipeline, fc.constantFrom('127.0.0.1', ALLOWED_FROM), async (asks, from) => {
        const frames = asks.map((a, i) =>
          framed(sign(build({ ...a.ask, id: i, flagsHi: 0 }), a.signing)),
        );
        const v = await judge({ chunks: [Buffer.concat(frames)], from, answers: asks.length });
        // Every query is answered (none is malformed here), in the order asked.
        expect(v.streams.map((s) => s.id)).toEqual(asks.map((_, i) => i));
        await stillServing();
      }),
      { numRuns: 15 },
    );
  }, 60_000);

  it('survives a stream cut at every point: in the length prefix, in the message, after it', async () => {
    const axfr = framed(build({ id: 9, name: ZONE, qtype: 252, qclass: 1, flagsHi: 0 }));
    const ixfr = framed(
      build({ id: 10, name: ZONE, qtype: 251, qclass: 1, flagsHi: 0, serial: history[0]! }),
    );
    for (const frame of [axfr, ixfr]) {
      const cuts = await Promise.all(
        Array.from({ length: frame.length + 1 }, (_, cut) =>
          judge({
            chunks: [frame.subarray(0, cut)],
            from: ALLOWED_FROM,
            fin: true,
            ...(cut === frame.length ? { answers: 1 } : {}),
          }),
        ),
      );
      // Cut anywhere, nothing; whole, then closed by the client (some half-close after asking):
      // the whole transfer all the same.
      expect(cuts.slice(0, -1).every((v) => v.streams.length === 0)).toBe(true);
      const whole = cuts.at(-1)!.streams;
      expect(whole.map((st) => st.rcode)).toEqual(['NOERROR']);
      expect(whole[0]!.records).toBeGreaterThan(2);
    }
    await stillServing();
  }, 30_000);

  it('refuses without zone data, and transfers whole with the key: IXFR serials all round the circle', async () => {
    const serials = [0, 1, 0x7fffffff, 0x80000000, 0xffffffff, ...history];
    const s = served.get(ZONE)!.serial;
    serials.push(s, s - 1, s + 1, s + 0x7fffffff, s + 0x80000000, s + 0x80000001);
    const ixfr = (serial: number) =>
      build({ id: 3, name: ZONE, qtype: 251, qclass: 1, flagsHi: 0, serial });
    // Refused: no zone data. 127.0.0.1 may not transfer; 127.0.0.3 neither, but with the key.
    const refused = await Promise.all(
      serials.map((n) => judge({ chunks: [framed(ixfr(n))], from: '127.0.0.1', answers: 1 })),
    );
    expect(refused.map((v) => v.streams.map((x) => x.rcode))).toEqual(
      serials.map(() => ['REFUSED']),
    );
    const keyed = await Promise.all(
      serials.map((n) =>
        judge({ chunks: [framed(sign(ixfr(n), 'valid'))], from: '127.0.0.3', answers: 1 }),
      ),
    );
    // Whole (SOA alone, incremental or AXFR form: judge checked which), whatever the serial.
    expect(keyed.map((v) => v.streams.map((x) => x.rcode))).toEqual(serials.map(() => ['NOERROR']));
    const bad = ['wrong-key', 'unknown-key', 'short-mac', 'bad-time', 'flipped'] as const;
    const axfr = build({ id: 5, name: ZONE, qtype: 252, qclass: 1, flagsHi: 0 });
    const failed = await Promise.all(
      bad.map((how) => judge({ chunks: [framed(sign(axfr, how))], from: '127.0.0.3', answers: 1 })),
    );
    for (const [i, v] of failed.entries()) {
      expect(
        v.streams.map((x) => [x.rcode === 'NOERROR', x.records]),
        bad[i],
      ).toEqual([[false, 0]]);
    }
    await stillServing();
    const x = await digXfr(srv.service.dnsPort, ZONE, 'AXFR', '-b', ALLOWED_FROM);
    expect(x.records).toHaveLength(served.get(ZONE)!.records);
  }, 60_000);
});
