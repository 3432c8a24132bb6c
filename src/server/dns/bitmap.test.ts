// The NSEC type bitmap (RFC 4034 4.1.2): one window per high octet of the type numbers, in
// increasing order, each as long as its last non-zero octet, one bit per type.
import dnsPacket from 'dns-packet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TYPE, typeBitmap } from './rdata';

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ''), 'hex');

describe('typeBitmap', () => {
  it.each([
    ['no types: no windows', [], ''],
    ['A only', [TYPE.A!], '00 01 40'],
    // The example of RFC 4034 4.3: A MX RRSIG NSEC TYPE1234.
    [
      'the RFC 4034 example, with a type above 255',
      [1, 15, 46, 47, 1234],
      `00 06 40 01 00 00 00 03  04 1b ${'00 '.repeat(26)} 20`,
    ],
    ['CAA (257): window 1', [TYPE.CAA!], '01 01 40'],
    ['the last type of window 0', [255], `00 20 ${'00 '.repeat(31)} 01`],
    ['type 65535: window 255, 32 octets', [65535], `ff 20 ${'00 '.repeat(31)} 01`],
    ['windows in order whatever the order given', [257, 1], '00 01 40  01 01 40'],
    ['a type given twice counts once', [TYPE.A!, TYPE.A!, TYPE.NSEC!], '00 06 40 00 00 00 00 01'],
    ['types of one octet, in bit order', [8, 9, 15], '00 02 00 c1'],
  ])('%s', (_what, types, expected) => {
    expect(typeBitmap(types).toString('hex')).toBe(hex(expected).toString('hex'));
  });

  // dns-packet's NSEC codec as a second implementation, over the types it knows by name.
  const known = ['A', 'NS', 'CNAME', 'SOA', 'PTR', 'HINFO', 'MX', 'TXT', 'AAAA', 'SRV', 'DS']
    .concat(['SSHFP', 'RRSIG', 'NSEC', 'DNSKEY', 'TLSA', 'CAA']) // not SVCB, HTTPS: it lacks them
    .map((name) => [name, TYPE[name]!] as const);

  it('agrees with dns-packet for any set of types it knows', () => {
    const codec = (dnsPacket as unknown as { record(t: string): NsecCodec }).record('NSEC');
    fc.assert(
      fc.property(fc.subarray(known), fc.boolean(), (picked, reversed) => {
        const ordered = reversed ? [...picked].reverse() : picked;
        const ours = typeBitmap(ordered.map(([, n]) => n));
        const theirs = codec.encode({ nextDomain: '.', rrtypes: picked.map(([t]) => t) });
        expect(ours.toString('hex')).toBe(theirs.subarray(3).toString('hex')); // rdlength, root
        const decoded = codec.decode(Buffer.concat([u16(1 + ours.length), Buffer.from([0]), ours]));
        expect(decoded.rrtypes.sort()).toEqual(picked.map(([t]) => t).sort());
      }),
      { numRuns: 300 },
    );
  });
});

interface NsecCodec {
  encode(d: { nextDomain: string; rrtypes: string[] }): Buffer;
  decode(b: Buffer): { rrtypes: string[] };
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}
