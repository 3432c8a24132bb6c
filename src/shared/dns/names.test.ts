import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeHostname, normalizeRecordName, normalizeZoneName, relativeName } from './names';
import { codePoints, codeUnits, dnsJunk } from './testing/arbitraries';

const junk = fc.oneof(fc.string(), codePoints, codeUnits, dnsJunk);
const label63 = 'a'.repeat(63);

function failure(r: { ok: boolean; message?: string }): string {
  expect(r.ok).toBe(false);
  return r.message ?? '';
}

describe('normalizeZoneName', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Example.COM.  ', 'example.com'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['BÜCHER.example', 'xn--bcher-kva.example'],
    ['bücher。example', 'xn--bcher-kva.example'],
    ['xn--bcher-kva.example', 'xn--bcher-kva.example'],
    ['a-b.co.uk', 'a-b.co.uk'],
    ['2.0.192.in-addr.arpa', '2.0.192.in-addr.arpa'],
    ['1.example', '1.example'],
    [`${label63}.com`, `${label63}.com`],
    // 242 characters, the longest whose hostmaster.<zone> is a DNS name.
    [`${'abcdefghi.'.repeat(23)}xexample.com`, `${'abcdefghi.'.repeat(23)}xexample.com`],
  ])('accepts %j as %j', (input, zone) => {
    expect(normalizeZoneName(input)).toEqual({ ok: true, value: zone });
  });

  it.each([
    ['', /must not be empty/],
    ['com', /at least two labels/],
    ['com.', /at least two labels/],
    ['example..com', /empty label/],
    ['example.com..', /empty label/],
    ['.example.com', /empty label/],
    ['-example.com', /starts or ends with a hyphen/],
    ['example-.com', /starts or ends with a hyphen/],
    ['_dmarc.example.com', /contains "_"; use only letters, digits and hyphens/],
    ['*.example.com', /a zone name cannot contain "\*"/],
    ['exa mple.com', /contains " "/],
    [`${'a'.repeat(64)}.com`, /64 characters long; the limit is 63/],
    [`${'abcdefghi.'.repeat(25)}example.com`, /at most 253/],
    // 243 characters: hostmaster.<zone> would be 254.
    [
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(51)}`,
      /243 characters long; a zone name may have at most 242, so that its SOA's mailbox/,
    ],
    ['a\u00ad.\u00ad', /empty once converted/],
    ['xn--zz.example', /xn--zz.* no valid Punycode/],
    ['www.xn--a.example', /xn--a.* no valid Punycode/],
    ['192.0.2.1', /is an IP address, not a domain; .* create the zone 2\.0\.192\.in-addr\.arpa/],
    ['192.0.2.1.', /is an IP address/],
    ['example.123', /ends in an all-digit label/],
    ['10.999.1.1', /ends in an all-digit label/],
  ])('rejects %j', (input, message) => {
    expect(failure(normalizeZoneName(input))).toMatch(message);
  });
});

describe('normalizeRecordName', () => {
  const zone = 'example.com';
  it.each([
    ['@', 'example.com.', '@'],
    [' @ ', 'example.com.', '@'],
    ['www', 'www.example.com.', 'www'],
    ['WWW', 'www.example.com.', 'www'],
    ['_sip._tcp', '_sip._tcp.example.com.', '_sip._tcp'],
    ['*', '*.example.com.', '*'],
    ['*.dev', '*.dev.example.com.', '*.dev'],
    ['a.b', 'a.b.example.com.', 'a.b'],
    ['www.example.com.', 'www.example.com.', 'www'],
    ['WWW.Example.Com.', 'www.example.com.', 'www'],
    ['example.com.', 'example.com.', '@'],
    ['*.example.com.', '*.example.com.', '*'],
    // Without a trailing dot a name is relative, even when it ends with the zone name.
    ['www.example.com', 'www.example.com.example.com.', 'www.example.com'],
    ['bücher', 'xn--bcher-kva.example.com.', 'xn--bcher-kva'],
    [label63, `${label63}.example.com.`, label63],
  ])('reads %j as %j', (input, fqdn, relative) => {
    expect(normalizeRecordName(input, zone)).toEqual({ ok: true, value: { fqdn, relative } });
  });

  it.each([
    ['', /must not be empty; use @/],
    ['www.other.com.', /outside the zone example\.com/],
    ['notexample.com.', /outside the zone/],
    ['.', /root, outside the zone/],
    ['a.*', /can only be the whole leftmost label, as in \*\.dev/],
    ['*a', /wildcard/],
    ['**', /wildcard/],
    ['a..b', /empty label/],
    ['www..', /empty label/],
    ['sp ace', /contains " "/],
    ['@.www', /contains "@"/],
    ['a'.repeat(64), /64 characters long; the limit is 63/],
    [`${'abcdefghi.'.repeat(24)}abc`, /at most 253/],
  ])('rejects %j', (input, message) => {
    expect(failure(normalizeRecordName(input, zone))).toMatch(message);
  });

  it('accepts a name of exactly 253 characters', () => {
    const relative = `${'abcdefghi.'.repeat(23)}${'a'.repeat(11)}`;
    const r = normalizeRecordName(relative, zone);
    expect(r.ok && r.value.fqdn.length).toBe(254);
  });
});

describe('normalizeHostname', () => {
  it.each([
    ['mail.example.com', 'mail.example.com.'],
    ['Mail.Example.Com.', 'mail.example.com.'],
    ['_acme.example.com', '_acme.example.com.'],
    ['bücher.example', 'xn--bcher-kva.example.'],
    ['localhost', 'localhost.'],
  ])('reads %j as %j', (input, host) => {
    expect(normalizeHostname(input)).toEqual({ ok: true, value: host });
  });

  it('allows the root only when asked', () => {
    expect(normalizeHostname('.', { allowRoot: true })).toEqual({ ok: true, value: '.' });
    expect(failure(normalizeHostname('.'))).toMatch(/cannot be the root/);
  });

  it.each([
    ['', /must not be empty/],
    ['*.example.com', /cannot contain a wildcard/],
    ['a..example.com', /empty label/],
    ['mail.example.com..', /empty label/],
    ['192.0.2.1', /is an IP address/],
    ['2001:db8::1', /is an IP address/],
    [`${'a'.repeat(64)}.example`, /the limit is 63/],
  ])('rejects %j', (input, message) => {
    expect(failure(normalizeHostname(input))).toMatch(message);
  });

  it('names the field in its messages', () => {
    expect(failure(normalizeHostname('', { what: 'MX mail host' }))).toMatch(
      /^MX mail host must not be empty/,
    );
  });
});

describe('relativeName', () => {
  it.each([
    ['example.com.', '@'],
    ['www.example.com.', 'www'],
    ['a.b.example.com', 'a.b'],
    ['other.net.', 'other.net.'],
    ['notexample.com.', 'notexample.com.'],
  ])('shows %j as %j', (fqdn, shown) => {
    expect(relativeName(fqdn, 'example.com')).toBe(shown);
  });
});

describe('name functions on arbitrary input', () => {
  const runs = { numRuns: 500 };

  it('normalizeZoneName never throws and is idempotent', () => {
    fc.assert(
      fc.property(junk, (s) => {
        const r = normalizeZoneName(s);
        if (r.ok) expect(normalizeZoneName(r.value)).toEqual(r);
      }),
      runs,
    );
  });

  it('normalizeRecordName never throws; its fqdn and relative forms read back the same', () => {
    fc.assert(
      fc.property(junk, (s) => {
        const r = normalizeRecordName(s, 'example.com');
        if (!r.ok) return;
        expect(normalizeRecordName(r.value.fqdn, 'example.com')).toEqual(r);
        expect(normalizeRecordName(r.value.relative, 'example.com')).toEqual(r);
        expect(relativeName(r.value.fqdn, 'example.com')).toBe(r.value.relative);
      }),
      runs,
    );
  });

  it('normalizeHostname never throws and is idempotent', () => {
    fc.assert(
      fc.property(junk, fc.boolean(), (s, allowRoot) => {
        const r = normalizeHostname(s, { allowRoot });
        if (r.ok) expect(normalizeHostname(r.value, { allowRoot })).toEqual(r);
      }),
      runs,
    );
  });
});
