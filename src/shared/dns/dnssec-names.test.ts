import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  algorithmName,
  algorithmNumber,
  describeAlgorithm,
  describeAlgorithmMnemonic,
  describeDigestType,
  digestTypeName,
  dsZoneFileLine,
  formatDs,
  parseDnskey,
  parseDs,
  type DsRecord,
} from './dnssec-names';

const SHA256 = '2BB183AF5F22588179A53B0A98631FAD1A292118A5F3C4B1D3A3C0E5F6A7B8C9';
const SHA384 = 'AB'.repeat(48);

describe('algorithm and digest names', () => {
  it.each([
    [8, 'RSASHA256'],
    [13, 'ECDSAP256SHA256'],
    [14, 'ECDSAP384SHA384'],
    [15, 'ED25519'],
    [16, 'ED448'],
  ])('algorithm %i is %s, and back', (n, name) => {
    expect(algorithmName(n)).toBe(name);
    expect(algorithmNumber(name)).toBe(n);
    expect(algorithmNumber(name.toLowerCase())).toBe(n);
  });

  it.each([
    [1, 'SHA-1'],
    [2, 'SHA-256'],
    [4, 'SHA-384'],
  ])('digest type %i is %s', (n, name) => {
    expect(digestTypeName(n)).toBe(name);
  });

  it('unassigned numbers have no name, and are shown bare', () => {
    expect(algorithmName(2)).toBeNull();
    expect(algorithmName(253)).toBeNull();
    expect(algorithmNumber('toString')).toBeNull();
    expect(digestTypeName(0)).toBeNull();
    expect(digestTypeName(99)).toBeNull();
    expect(describeAlgorithm(13)).toBe('13 (ECDSAP256SHA256)');
    expect(describeAlgorithm(200)).toBe('200');
    expect(describeDigestType(2)).toBe('2 (SHA-256)');
    expect(describeDigestType(4)).toBe('4 (SHA-384)');
    expect(describeAlgorithmMnemonic('ECDSAP256SHA256')).toBe('13 (ECDSAP256SHA256)');
    expect(describeAlgorithmMnemonic('FUTURE-ALG')).toBe('FUTURE-ALG');
  });
});

describe('parseDs', () => {
  it.each([
    ['the registrar form', `60485 13 2 ${SHA256}`],
    ['lower-case hex', `60485 13 2 ${SHA256.toLowerCase()}`],
    ['a zone-file line', `example.com. 3600 IN DS 60485 13 2 ${SHA256}`],
    ['a line without TTL, lower-case ds', `example.com. IN ds 60485 13 2 ${SHA256}`],
    [
      'a digest split as BIND prints it',
      `60485 13 2 ( ${SHA256.slice(0, 32)}\n ${SHA256.slice(32)} )`,
    ],
    ['surrounding blanks', `  60485\t13 2 ${SHA256}\n`],
  ])('reads %s', (_, text) => {
    expect(parseDs(text)).toEqual({
      ok: true,
      value: { keyTag: 60485, algorithm: 13, digestType: 2, digest: SHA256 },
    });
  });

  it('reads the RFC 4034 example (SHA-1, in brackets)', () => {
    const r = parseDs(
      'dskey.example.com. 86400 IN DS 60485 5 1 ( 2BB183AF5F22588179A53B0A98631FAD1A292118 )',
    );
    expect(r).toEqual({
      ok: true,
      value: {
        keyTag: 60485,
        algorithm: 5,
        digestType: 1,
        digest: '2BB183AF5F22588179A53B0A98631FAD1A292118',
      },
    });
  });

  it.each([
    ['', /four fields; got 0/],
    ['60485 13 2', /four fields; got 3/],
    [`65536 13 2 ${SHA256}`, /key tag must be a number 0–65535/],
    [`-1 13 2 ${SHA256}`, /key tag/],
    [`60485 ECDSAP256SHA256 2 ${SHA256}`, /algorithm must be a number/],
    [`60485 13 256 ${SHA256}`, /digest type must be a number/],
    ['60485 13 2 XYZ', /hexadecimal/],
    ['60485 13 2 ABC', /hexadecimal, two digits per octet/],
    [`60485 13 2 ${SHA256.slice(2)}`, /SHA-256 digest has 64 hex digits; this one has 62/],
    [`60485 13 4 ${SHA256}`, /SHA-384 digest has 96 hex digits/],
  ])('refuses %j', (text, message) => {
    const r = parseDs(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });

  it('accepts unknown digest types of any even length (future registries)', () => {
    expect(parseDs('1 13 200 ABCD')).toMatchObject({ ok: true, value: { digest: 'ABCD' } });
  });

  const dsArb = fc.record({
    keyTag: fc.integer({ min: 0, max: 65535 }),
    algorithm: fc.integer({ min: 0, max: 255 }),
    digestType: fc.constantFrom(1, 2, 4),
    digest: fc.constant(''),
  });
  it('round-trips with formatDs and dsZoneFileLine (property)', () => {
    fc.assert(
      fc.property(dsArb, fc.uint8Array({ minLength: 48, maxLength: 48 }), (base, bytes) => {
        const len = { 1: 20, 2: 32, 4: 48 }[base.digestType as 1 | 2 | 4];
        const digest = Array.from(bytes.slice(0, len), (b) => b.toString(16).padStart(2, '0'))
          .join('')
          .toUpperCase();
        const ds: DsRecord = { ...base, digest };
        expect(parseDs(formatDs(ds))).toEqual({ ok: true, value: ds });
        expect(parseDs(dsZoneFileLine('example.com', ds))).toEqual({ ok: true, value: ds });
      }),
    );
  });

  it('never throws on junk (property)', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(typeof parseDs(s).ok).toBe('boolean');
      }),
    );
  });
});

describe('formatDs and dsZoneFileLine', () => {
  const ds = { keyTag: 2371, algorithm: 13, digestType: 2, digest: SHA256 };
  it('writes the four fields as registrars take them', () => {
    expect(formatDs(ds)).toBe(`2371 13 2 ${SHA256}`);
  });
  it('writes the owner absolute, with or without a trailing dot given', () => {
    expect(dsZoneFileLine('example.com', ds)).toBe(`example.com. IN DS 2371 13 2 ${SHA256}`);
    expect(dsZoneFileLine('example.com.', ds)).toBe(`example.com. IN DS 2371 13 2 ${SHA256}`);
  });
  it('keeps a SHA-384 digest whole', () => {
    expect(formatDs({ ...ds, digestType: 4, digest: SHA384 })).toBe(`2371 13 4 ${SHA384}`);
  });
});

describe('parseDnskey', () => {
  const key =
    'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==';
  it('reads flags, protocol, algorithm and the key', () => {
    expect(parseDnskey(`257 3 13 ${key}`)).toEqual({
      ok: true,
      value: { flags: 257, protocol: 3, algorithm: 13, publicKey: key },
    });
    expect(parseDnskey(`256 3 13 ( ${key.slice(0, 40)} ${key.slice(40)} )`)).toMatchObject({
      ok: true,
      value: { flags: 256, publicKey: key },
    });
  });
  it.each(['', '257 3 13', 'x 3 13 AAAA', '257 3 13 not*base64'])('refuses %j', (text) => {
    expect(parseDnskey(text).ok).toBe(false);
  });
});
