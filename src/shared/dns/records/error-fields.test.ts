// Every parse error of a structured type names the sub-field it is about (or none, when it is about
// the content as a whole): the form puts the message beside that field, without reading its words.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dnsJunk } from '../testing/arbitraries';
import { normalizeContent, RECORD_SPECS, RECORD_TYPES, VALUE_MAX_BYTES } from './index';
import type { RecordType } from './index';

const H32 = 'ab'.repeat(32);
const WHOLE = undefined;

/** [type, bad content, field named (undefined: the whole content), the message that proves which check spoke]. */
const CASES: [RecordType, string, string | undefined, RegExp][] = [
  ['MX', '10', WHOLE, /needs a priority and a mail host, got 1 field/],
  ['MX', '10 mail.example.com extra', WHOLE, /got 3 fields/],
  ['MX', 'x mail.example.com', 'priority', /^MX priority must be/],
  ['MX', '10 192.0.2.1', 'host', /^MX mail host .* is an IP address/],
  ['MX', '10 mail_ex!.com', 'host', /contains "!"/],
  ['SRV', '1 2 3', WHOLE, /got 3 fields/],
  ['SRV', 'x 2 3 t.example', 'priority', /^SRV priority/],
  ['SRV', '1 -2 3 t.example', 'weight', /^SRV weight/],
  ['SRV', '1 2 70000 t.example', 'port', /^SRV port/],
  ['SRV', '1 2 3 192.0.2.1', 'target', /^SRV target host/],
  ['CAA', '0 issue', WHOLE, /needs flags, a tag and a value/],
  ['CAA', '256 issue "x"', 'flags', /^CAA flags/],
  ['CAA', '0 is-sue "x"', 'tag', /^CAA tag/],
  ['CAA', '0 issue a"b', 'value', /stray quote/],
  ['CAA', '0 issue "abc', 'value', /unbalanced quote/],
  ['CAA', '0 issue "a" b', 'value', /text follows the closing quote/],
  ['CAA', '0 issue "\\300"', 'value', /^CAA value is invalid: the escape/],
  ['CAA', '0 tbs a\u0001b', 'value', /control character/],
  ['CAA', '0 issue "not a domain!"', 'value', /^CAA issue value .* is not a domain name/],
  ['CAA', '0 issue "ca.example; x"', 'value', /not of the form key=value/],
  ['CAA', '0 iodef "ftp://x"', 'value', /^CAA iodef value/],
  ['TLSA', '3 1 1', WHOLE, /got 3 fields/],
  ['TLSA', '3 1 1 ab cd', 'data', /one block of hex digits/],
  ['TLSA', `4 1 1 ${H32}`, 'usage', /^TLSA usage/],
  ['TLSA', `3 2 1 ${H32}`, 'selector', /^TLSA selector/],
  ['TLSA', `3 1 3 ${H32}`, 'matchingType', /^TLSA matching type/],
  ['TLSA', '3 1 0 xyz', 'data', /must be hexadecimal digits/],
  ['TLSA', '3 1 0 abc', 'data', /odd number of hex digits/],
  ['TLSA', '3 1 1 abcd', 'data', /must be 32 bytes/],
  ['SSHFP', '4 2', WHOLE, /got 2 fields/],
  ['SSHFP', '4 2 ab cd', 'fingerprint', /one block of hex digits/],
  ['SSHFP', `5 2 ${H32}`, 'algorithm', /^SSHFP algorithm must be 1 \(RSA\)/],
  ['SSHFP', `x 2 ${H32}`, 'algorithm', /^SSHFP algorithm/],
  ['SSHFP', `4 3 ${H32}`, 'fingerprintType', /^SSHFP fingerprint type/],
  ['SSHFP', '4 2 zz', 'fingerprint', /must be hexadecimal digits/],
  ['SSHFP', '4 1 abc', 'fingerprint', /odd number of hex digits/],
  ['SSHFP', '4 2 abcd', 'fingerprint', /must be 32 bytes/],
  ['HTTPS', '1', WHOLE, /needs a priority and a target/],
  ['HTTPS', 'x .', 'priority', /^HTTPS priority must be/],
  ['HTTPS', '0 . alpn=h2', 'priority', /priority 0 \(alias mode\) takes no parameters/],
  ['HTTPS', '1 192.0.2.1', 'target', /^HTTPS target/],
  ['HTTPS', '1 . =x', 'params', /parameters are invalid: a parameter starts with/],
  ['HTTPS', '1 . bogus=1', 'params', /key "bogus" is unknown/],
  ['HTTPS', '1 . alpn=h2 alpn=h3', 'params', /appears twice/],
  ['HTTPS', '1 . port=x', 'params', /parameter is invalid: port/],
  ['HTTPS', '1 . mandatory=port alpn=h2', 'params', /mandatory lists port/],
  ['HTTPS', '1 . no-default-alpn', 'params', /no-default-alpn needs an alpn/],
  ['SVCB', '1', WHOLE, /needs a priority and a target/],
  ['SVCB', '65536 svc.example.net.', 'priority', /^SVCB priority must be/],
  ['SVCB', '1 svc..example.net', 'target', /^SVCB target/],
  ['SVCB', '1 . alpn="h2', 'params', /unbalanced quote/],
  ['SVCB', '1 svc.example.net. ipv4hint=1.2.3', 'params', /ipv4hint/],
  // Size is a property of the whole value, not of one sub-field.
  ['CAA', `0 tbs "${'x'.repeat(70000)}"`, WHOLE, /^CAA content is too long/],
  ['TLSA', `3 1 0 ${'ab'.repeat(VALUE_MAX_BYTES)}`, WHOLE, /^TLSA content is too long/],
];

/** The fields a type's errors may name: its declared sub-fields, and `params` when it has them. */
function namable(type: RecordType): string[] {
  const form = RECORD_SPECS[type].form;
  return [...(form?.parts.map((d) => d.key) ?? []), ...(form?.params ? ['params'] : [])];
}

describe('parse errors name their sub-field', () => {
  it.each(CASES.map(([t, c, f, m]) => [t, c.slice(0, 40), f, m, c] as const))(
    '%s %j → %s',
    (type, _shown, field, message, content) => {
      const r = normalizeContent(type, content);
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.message).toMatch(message);
      expect(r.field).toBe(field);
      if (field !== undefined) expect(namable(type)).toContain(field);
    },
  );

  it('covers every sub-field of every structured type', () => {
    for (const type of RECORD_TYPES) {
      const named = new Set(CASES.filter(([t]) => t === type).map(([, , f]) => f));
      for (const key of namable(type)) expect(named, `${type} ${key}`).toContain(key);
    }
  });

  it.each(RECORD_TYPES)('%s names only fields it declares, whatever the junk', (type) => {
    const allowed = namable(type);
    fc.assert(
      fc.property(fc.oneof(dnsJunk, fc.string()), (junk) => {
        const r = normalizeContent(type, junk);
        if (!r.ok && r.field !== undefined) expect(allowed).toContain(r.field);
      }),
      { numRuns: 300 },
    );
  });
});
