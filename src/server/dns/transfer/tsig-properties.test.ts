// Properties of TSIG over random messages and keys: signed then verified is ok; every single bit
// flipped breaks it (but the few RFC 8945 deliberately leaves out of the MAC); the chain of a
// multi-message answer holds only in order; no input, however broken, makes anything throw.
import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  signRequest,
  signResponse,
  tsigErrorResponse,
  TsigResponseSigner,
  TsigStreamVerifier,
  verifyRequest,
  verifyResponse,
  type TsigKey,
} from './tsig';
import { keyring } from './tsig-fixture';

const NOW = 1_790_000_000;
const label = fc.stringMatching(/^[a-zA-Z0-9-]{1,12}$/);
const name = fc.array(label, { minLength: 1, maxLength: 4 }).map((l) => l.join('.'));

const keyArb = fc
  .record({
    name,
    algorithm: fc.constantFrom('hmac-sha256', 'hmac-sha512'),
    secret: fc.uint8Array({ minLength: 16, maxLength: 80 }),
  })
  .map(({ name: n, algorithm, secret }) => {
    const spec = `${n}:${algorithm}:${Buffer.from(secret).toString('base64')}`;
    const keys = keyring(spec);
    return { keys, key: [...keys.values()][0]! };
  });

const record = fc.oneof(
  fc.record({ name, type: fc.constant('A' as const), ttl: fc.nat(86400), data: fc.ipV4() }),
  fc.record({
    name,
    type: fc.constant('TXT' as const),
    ttl: fc.nat(86400),
    data: fc.string({ maxLength: 40 }),
  }),
  fc.record({ name, type: fc.constant('NS' as const), ttl: fc.nat(86400), data: name }),
);

const messageArb = fc
  .record({
    id: fc.nat(0xffff),
    qname: name,
    qtype: fc.constantFrom('SOA', 'AXFR', 'IXFR', 'A') as fc.Arbitrary<dnsPacket.RecordType>,
    answers: fc.array(record, { maxLength: 4 }),
    additionals: fc.array(record, { maxLength: 2 }),
  })
  .map((m) =>
    dnsPacket.encode({
      type: 'query',
      id: m.id,
      questions: [{ name: m.qname, type: m.qtype, class: 'IN' }],
      answers: m.answers,
      additionals: m.additionals,
    }),
  );

/** Bits RFC 8945 leaves out of the MAC on purpose: the message ID, and letter case in the names. */
function harmless(signed: Buffer, unsignedLength: number, key: TsigKey, byte: number, bit: number) {
  if (byte < 2) return true; // the ID: replaced by the Original ID in the digest (4.3.2)
  const ownerEnd = unsignedLength + key.name.length + 1;
  const algStart = ownerEnd + 10;
  const algEnd = algStart + key.algorithm.length + 2;
  const inName = (byte >= unsignedLength && byte < ownerEnd) || (byte >= algStart && byte < algEnd);
  const c = signed[byte]! | 0x20;
  return inName && bit === 5 && c >= 0x61 && c <= 0x7a; // canonical form is lower case
}

describe('TSIG properties', () => {
  it('a request signed with a key verifies with it, yielding its MAC', () => {
    fc.assert(
      fc.property(keyArb, messageArb, ({ keys, key }, msg) => {
        const { message, mac } = signRequest(msg, key, NOW);
        const v = verifyRequest(message, keys, { now: NOW });
        expect(v).toMatchObject({ kind: 'ok', key, timeSigned: NOW });
        expect(v.kind === 'ok' && v.requestMac.equals(mac)).toBe(true);
      }),
    );
  });

  it('any single bit flipped in a signed request fails, but for the ID and letter case in names', () => {
    fc.assert(
      fc.property(keyArb, messageArb, fc.nat(), fc.nat(7), ({ keys, key }, msg, pos, bit) => {
        const { message } = signRequest(msg, key, NOW);
        const byte = pos % message.length;
        const flipped = Buffer.from(message);
        flipped[byte]! ^= 1 << bit;
        const v = verifyRequest(flipped, keys, { now: NOW });
        expect(v.kind === 'ok').toBe(harmless(message, msg.length, key, byte, bit));
      }),
      { numRuns: 500 },
    );
  });

  it('any single bit flipped in a signed answer fails its check', () => {
    fc.assert(
      fc.property(keyArb, messageArb, fc.nat(), fc.nat(7), ({ key }, msg, pos, bit) => {
        const request = signRequest(msg, key, NOW);
        const answer = signResponse(msg, key, request.mac, NOW);
        expect(verifyResponse(answer, key, request.mac, { now: NOW }).ok).toBe(true);
        const byte = pos % answer.length;
        const flipped = Buffer.from(answer);
        flipped[byte]! ^= 1 << bit;
        const ok = verifyResponse(flipped, key, request.mac, { now: NOW }).ok;
        expect(ok).toBe(harmless(answer, msg.length, key, byte, bit));
      }),
      { numRuns: 300 },
    );
  });

  it('a multi-message answer verifies in order, and not with a message dropped or two swapped', () => {
    fc.assert(
      fc.property(
        keyArb,
        fc.array(messageArb, { minLength: 3, maxLength: 6 }),
        fc.nat(),
        ({ key }, msgs, pick) => {
          const requestMac = signRequest(msgs[0]!, key, NOW).mac;
          const signer = new TsigResponseSigner(key, requestMac, () => NOW);
          const signed = msgs.map((m) => signer.sign(m));
          const inOrder = new TsigStreamVerifier(key, requestMac, { now: NOW });
          expect(signed.every((m) => inOrder.next(m).ok)).toBe(true);
          expect(inOrder.complete).toBe(true);

          const i = pick % (signed.length - 1);
          const dropped = signed.filter((_, j) => j !== i);
          const swapped = [...signed];
          [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
          for (const broken of [dropped, swapped]) {
            const v = new TsigStreamVerifier(key, requestMac, { now: NOW });
            expect(broken.every((m) => v.next(m).ok)).toBe(false);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('never throws on garbage, nor on a signed message cut short or overwritten', () => {
    const { keys, key } = fc.sample(keyArb, 1)[0]!;
    const mac = Buffer.alloc(32, 5);
    const inputs = fc.oneof(
      fc.uint8Array({ maxLength: 600 }).map((b) => Buffer.from(b)),
      fc
        .tuple(messageArb, fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 8 }), fc.boolean())
        .map(([msg, at, junk, cut]) => {
          const signed = Buffer.from(signRequest(msg, key, NOW).message);
          const p = at % signed.length;
          if (cut) return signed.subarray(0, p);
          Buffer.from(junk).copy(signed, p);
          return signed;
        }),
    );
    fc.assert(
      fc.property(inputs, (input) => {
        const v = verifyRequest(input, keys, { now: NOW });
        if (v.kind === 'error') tsigErrorResponse(input, v, NOW);
        verifyResponse(input, key, mac, { now: NOW });
        new TsigStreamVerifier(key, mac, { now: NOW }).next(input);
      }),
      { numRuns: 2000 },
    );
  });
});
