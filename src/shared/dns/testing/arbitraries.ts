// Test-only fast-check generators of VALID record fields, one per type, for the round-trip properties.

import fc from 'fast-check';
import type { FieldsByType, RecordType } from '../records/index';
import { hexBytes, hostname, hostOrRoot, ipv4, ipv6, text, u16 } from './primitives';
import { svcb } from './svcb-arbitrary';

export { hostname, ipv4, ipv6, text } from './primitives';

const caa = fc.oneof(
  fc.record({
    flags: fc.integer({ min: 0, max: 255 }),
    tag: fc.constantFrom('issue', 'issuewild', 'ISSUE', 'issuemail'),
    value: fc
      .tuple(
        fc.constantFrom('', 'letsencrypt.org', 'ca.example.net'),
        fc.constantFrom('', '; account=123', ';validationmethods=dns-01'),
      )
      .map(([d, p]) => d + p),
  }),
  fc.record({
    flags: fc.integer({ min: 0, max: 255 }),
    tag: fc.constant('iodef'),
    value: fc.constantFrom('mailto:security@example.com', 'https://example.com/caa-report'),
  }),
  fc.record({
    flags: fc.integer({ min: 0, max: 255 }),
    tag: fc
      .stringMatching(/^[a-zA-Z0-9]{1,15}$/)
      .filter((t) => !/^(issue|issuewild|issuemail|iodef)$/i.test(t)),
    value: text,
  }),
);

export const FIELD_ARBITRARIES: { [T in RecordType]: fc.Arbitrary<FieldsByType[T]> } = {
  A: ipv4.map((address) => ({ address })),
  AAAA: ipv6.map((address) => ({ address })),
  CNAME: hostname.map((host) => ({ host })),
  ALIAS: hostname.map((host) => ({ host })),
  NS: hostname.map((host) => ({ host })),
  PTR: hostname.map((host) => ({ host })),
  MX: fc.record({ priority: u16, host: hostOrRoot }),
  SRV: fc.record({ priority: u16, weight: u16, port: u16, target: hostOrRoot }),
  TXT: fc.record({ strings: fc.array(text, { minLength: 1, maxLength: 4 }), quoted: fc.boolean() }),
  CAA: caa,
  TLSA: fc.integer({ min: 0, max: 2 }).chain((matchingType) =>
    fc.record({
      usage: fc.integer({ min: 0, max: 3 }),
      selector: fc.integer({ min: 0, max: 1 }),
      matchingType: fc.constant(matchingType),
      data: hexBytes(
        matchingType === 0
          ? fc.integer({ min: 1, max: 80 })
          : fc.constant(matchingType === 1 ? 32 : 64),
      ),
    }),
  ),
  SSHFP: fc.integer({ min: 1, max: 2 }).chain((fingerprintType) =>
    fc.record({
      algorithm: fc.constantFrom(1, 2, 3, 4, 6),
      fingerprintType: fc.constant(fingerprintType),
      fingerprint: hexBytes(fc.constant(fingerprintType === 1 ? 20 : 32)),
    }),
  ),
  HTTPS: svcb,
  SVCB: svcb,
};

/** Junk made of the characters record parsers care about, to reach their edge cases. */
export const dnsJunk = fc.string({
  unit: fc.constantFrom(
    ...' \t\n"\\.:;=,@*-_/%[]{}()0123456789abcdefxnAFü。\u0000\u00ad'.split(''),
    'key',
    'alpn',
    '::',
    '255',
    'issue',
    '\\0',
    '\\9',
  ),
  maxLength: 60,
});

/** Any UTF-16 code units, lone surrogates included. */
export const codeUnits = fc.string({
  unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});

/** Any code points (fast-check's "binary" unit does the same but is slow to warm up under Vitest). */
export const codePoints = fc.string({
  unit: fc
    .integer({ min: 0, max: 0x10ffff })
    .map((c) => String.fromCodePoint(c >= 0xd800 && c <= 0xdfff ? c + 0x800 : c)),
  maxLength: 40,
});
