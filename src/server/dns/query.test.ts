// Reading a query straight from the datagram (query.ts): the question, EDNS and its DO bit,
// and what becomes of packets that are not a query we answer (dropped, FORMERR, NOTIMP).
import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LABEL_DOT } from './names';
import {
  parseQuery,
  QueryScan,
  questionHash,
  questionKey,
  readQname,
  sameQuestion,
  scanQuery,
  type ParseResult,
  type Query,
} from './query';

type Opt = { udpPayloadSize?: number; flags?: number; ednsVersion?: number };

function packet(name: string, type: dnsPacket.RecordType = 'A', opts: Opt[] = []): Buffer {
  const additionals = opts.map((o) => ({ type: 'OPT' as const, name: '.', ...o }));
  return dnsPacket.encode({
    type: 'query',
    id: 0x1234,
    flags: dnsPacket.RECURSION_DESIRED,
    questions: [{ name, type, class: 'IN' }],
    additionals,
  } as dnsPacket.Packet);
}

function query(result: ParseResult): Query {
  if (!result.ok) throw new Error(`not a query: ${JSON.stringify(result)}`);
  return result.query;
}

/** The rcode the server answers with: null is dropped, no answer at all. */
const rcodeOf = (r: ParseResult) => (r.ok ? 'ok' : r.rcode);

/** A copy of `buf` with `bytes` written at `at`. */
function patched(buf: Buffer, at: number, ...bytes: number[]): Buffer {
  const b = Buffer.from(buf);
  b.set(bytes, at);
  return b;
}

describe('parseQuery', () => {
  it('reads the question: id, flags, type, class, its end, the wire name lower-cased', () => {
    const msg = packet('WwW.Example.TEST', 'MX');
    const q = query(parseQuery(msg));
    expect(q).toMatchObject({ id: 0x1234, qtype: 15, qclass: 1, edns: null, qname: '' });
    expect(q.flagsHi & 0x01).toBe(1); // RD
    expect(q.questionEnd).toBe(msg.length);
    expect(q.wireName).toBe('\x03www\x07example\x04test');
    readQname(msg, q);
    expect(q.qname).toBe('www.example.test');
  });

  it('keys the question by its lower-cased name with type and class; type octets stay as sent', () => {
    // The answer cache's key: the same for any case of the name (0x20 randomisation), never the
    // same for two types, even when a type's octet is a capital letter's (HTTPS is 0x0041).
    const key = (msg: Buffer) => {
      const s = new QueryScan();
      expect(scanQuery(msg, s)).toBe(true);
      return Buffer.from(questionKey(msg, s)).toString('latin1');
    };
    const mx = packet('www.example.test', 'MX');
    expect(key(packet('WwW.Example.TEST', 'MX'))).toBe(key(mx));
    expect(key(mx)).toBe('\x03www\x07example\x04test\x00\x00\x0f\x00\x01');
    // The type's low octet sits 3 octets before the question's end.
    const https = patched(packet('Www.Example.test', 'MX'), mx.length - 3, 0x41);
    const type97 = patched(packet('www.example.test', 'MX'), mx.length - 3, 0x61);
    expect(query(parseQuery(https)).qtype).toBe(65);
    expect(query(parseQuery(type97)).qtype).toBe(97);
    expect(key(https)).toBe('\x03www\x07example\x04test\x00\x00\x41\x00\x01');
    expect(key(type97)).not.toBe(key(https));
  });

  it.each<[string, Opt[], Query['edns']]>([
    ['no OPT: no EDNS', [], null],
    ['an OPT', [{ udpPayloadSize: 1232 }], { udpSize: 1232, dnssecOk: false, version: 0 }],
    [
      'the DO bit',
      [{ udpPayloadSize: 4096, flags: dnsPacket.DNSSEC_OK }],
      { udpSize: 4096, dnssecOk: true, version: 0 },
    ],
    [
      'a payload size under 512, as given',
      [{ udpPayloadSize: 100 }],
      { udpSize: 100, dnssecOk: false, version: 0 },
    ],
    [
      'an EDNS version above 0',
      [{ udpPayloadSize: 1232, ednsVersion: 1 }],
      { udpSize: 1232, dnssecOk: false, version: 1 },
    ],
  ])('EDNS: %s', (_what, opts, edns) => {
    expect(query(parseQuery(packet('www.example.test', 'A', opts))).edns).toEqual(edns);
  });

  it('takes a dot inside a label as a character of that label', () => {
    const msg = Buffer.concat([
      Buffer.from('12340100000100000000000003', 'hex'),
      Buffer.from('a.b', 'latin1'),
      Buffer.from('0474657374000001 0001'.replace(/ /g, ''), 'hex'),
    ]);
    const q = query(parseQuery(msg));
    readQname(msg, q);
    expect(q.qname).toBe(`a${LABEL_DOT}b.test`);
  });

  const plain = packet('www.example.test');
  const end = plain.length; // the question ends the message
  const withOpt = packet('www.example.test', 'A', [{ udpPayloadSize: 1232 }]);
  it.each<[string, Buffer, number | 'ok' | null]>([
    ['shorter than a header: dropped', plain.subarray(0, 11), null],
    ['a response (QR set): dropped, never answered', patched(plain, 2, 0x81), null],
    ['an opcode other than QUERY: NOTIMP', patched(plain, 2, 0x10), 4],
    ['no question: FORMERR', patched(plain, 4, 0, 0), 1],
    ['two questions: FORMERR', patched(plain, 4, 0, 2), 1],
    ['a question cut short: FORMERR', plain.subarray(0, end - 2), 1],
    ['a name running off the end: FORMERR', plain.subarray(0, 16), 1],
    ['a compression pointer in the question: FORMERR', patched(plain, 12, 0xc0, 0x0c), 1],
    ['an extended label type: FORMERR', patched(plain, 12, 0x40), 1],
    [
      'a name over 255 octets: FORMERR',
      Buffer.concat([
        plain.subarray(0, 12),
        Buffer.from(
          Array(5)
            .fill([63, ...Array(63).fill(0x61)])
            .flat(),
        ),
        Buffer.from([0, 0, 1, 0, 1]),
      ]),
      1,
    ],
    ['an OPT whose data runs off the end: FORMERR', withOpt.subarray(0, withOpt.length - 1), 1],
    ['an additional count with no record: FORMERR', patched(plain, 10, 0, 1), 1],
    [
      'two OPT records: FORMERR',
      packet('x.test', 'A', [{ udpPayloadSize: 512 }, { udpPayloadSize: 512 }]),
      1,
    ],
    [
      'trailing bytes after the records: answered',
      Buffer.concat([plain, Buffer.from([1, 2, 3])]),
      'ok',
    ],
  ])('%s', (_what, msg, rcode) => {
    expect(rcodeOf(parseQuery(msg))).toBe(rcode);
  });

  it('keeps the id, flags and question end of what it refuses, for the answer to echo', () => {
    const cut = parseQuery(withOpt.subarray(0, withOpt.length - 1));
    expect(cut).toEqual({
      ok: false,
      rcode: 1,
      id: 0x1234,
      flagsHi: 0x01,
      questionEnd: plain.length,
    });
  });

  it('never throws on junk, and what it accepts ends within the message', () => {
    const junk = fc.oneof(
      fc.uint8Array({ maxLength: 600 }).map((a) => Buffer.from(a)),
      // A real query with some of its bytes changed or cut: past the header checks more often.
      fc
        .tuple(fc.array(fc.tuple(fc.nat(withOpt.length - 1), fc.nat(255))), fc.nat(withOpt.length))
        .map(([changes, length]) => {
          const b = Buffer.from(withOpt);
          for (const [at, v] of changes) b[at] = v;
          return b.subarray(0, length);
        }),
    );
    fc.assert(
      fc.property(junk, (msg) => {
        const r = parseQuery(msg);
        if (r.ok) {
          expect(r.query.questionEnd).toBeLessThanOrEqual(msg.length);
          readQname(msg, r.query);
          expect(r.query.qname).not.toMatch(/[A-Z]/); // DNS compares ASCII case-blind
        } else if (r.rcode !== null) {
          expect(r.questionEnd).toBeLessThanOrEqual(msg.length);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe('scanQuery, the cache path that makes no object', () => {
  it('reads into one reused scan, EDNS of an earlier query never carried into the next', () => {
    const s = new QueryScan();
    expect(
      scanQuery(packet('a.example.test', 'A', [{ udpPayloadSize: 1232, flags: 0x8000 }]), s),
    ).toBe(true);
    expect(s).toMatchObject({ edns: true, udpSize: 1232, dnssecOk: true, qtype: 1 });
    expect(scanQuery(packet('b.example.test', 'MX'), s)).toBe(true);
    expect(s).toMatchObject({ edns: false, dnssecOk: false, qtype: 15, rcode: null });
    expect(scanQuery(patched(packet('c.example.test'), 2, 0x80), s)).toBe(false); // a response
    expect(s.rcode).toBeNull();
    expect(scanQuery(patched(packet('c.example.test'), 5, 2), s)).toBe(false); // two questions
    expect(s).toMatchObject({ rcode: 1, questionEnd: 12 });
  });

  it('hashes and compares a question whatever its case, never across types', () => {
    const s = new QueryScan();
    const lower = packet('www.example.test', 'MX');
    scanQuery(lower, s);
    const key = questionKey(lower, s);
    const hash = s.hash;
    const mixed = packet('WwW.ExAmPlE.TeSt', 'MX');
    scanQuery(mixed, s);
    expect(s.hash).toBe(hash);
    expect(sameQuestion(key, 0, key.length, mixed, 12, s.questionEnd)).toBe(true);
    // The key is lower-cased: the first asker's case is not kept.
    expect(questionKey(mixed, s)).toEqual(key);
    // 0x41 (HTTPS) and 0x61 differ in the bit that makes a letter lower-case.
    const https = patched(lower, lower.length - 3, 0x41);
    const type97 = patched(lower, lower.length - 3, 0x61);
    expect(
      sameQuestion(questionKey(https, s), 0, s.questionEnd - 12, type97, 12, s.questionEnd),
    ).toBe(false);
    expect(questionHash(https, 12, s.questionEnd)).not.toBe(
      questionHash(type97, 12, s.questionEnd),
    );
    expect(
      sameQuestion(key, 0, key.length, packet('www.example.tesu', 'MX'), 12, s.questionEnd),
    ).toBe(false);
  });
});
