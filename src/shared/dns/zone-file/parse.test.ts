import { describe, expect, it } from 'vitest';
import { parseZoneFile } from './index';

const HEAD = '$ORIGIN example.com.\n$TTL 3600\n';
const parse = (body: string, defaultTtl?: number) =>
  parseZoneFile(
    HEAD + body,
    defaultTtl === undefined ? { origin: 'example.com' } : { origin: 'example.com', defaultTtl },
  );
/** The one entry of `body` as "name ttl type content". */
const one = (body: string): string => {
  const { entries, errors, skipped } = parse(body);
  expect(errors).toEqual([]);
  expect(skipped).toEqual([]);
  expect(entries).toHaveLength(1);
  const [e] = entries;
  return e ? `${e.name} ${e.ttl} ${e.type} ${e.content}` : '';
};

describe('constructs', () => {
  it.each([
    ['@ A 192.0.2.1', 'example.com. 3600 A 192.0.2.1'],
    ['www A 192.0.2.1', 'www.example.com. 3600 A 192.0.2.1'],
    ['WWW.Example.COM. A 192.0.2.1', 'www.example.com. 3600 A 192.0.2.1'],
    ['a.b 300 IN A 192.0.2.1', 'a.b.example.com. 300 A 192.0.2.1'],
    ['www IN 300 A 192.0.2.1', 'www.example.com. 300 A 192.0.2.1'],
    ['www CLASS1 A 192.0.2.1', 'www.example.com. 3600 A 192.0.2.1'],
    ['www 1h30m A 192.0.2.1', 'www.example.com. 5400 A 192.0.2.1'],
    ['www 1D A 192.0.2.1', 'www.example.com. 86400 A 192.0.2.1'],
    ['www 2w IN A 192.0.2.1', 'www.example.com. 1209600 A 192.0.2.1'],
    ['www 1w2d3h4m5s A 192.0.2.1', 'www.example.com. 788645 A 192.0.2.1'],
    ['*.dev A 192.0.2.1', '*.dev.example.com. 3600 A 192.0.2.1'],
    ['_sip._tcp SRV 0 5 5060 sip', '_sip._tcp.example.com. 3600 SRV 0 5 5060 sip.example.com.'],
    ['w\\119w A 192.0.2.1', 'www.example.com. 3600 A 192.0.2.1'],
    ['\\w\\ww A 192.0.2.1', 'www.example.com. 3600 A 192.0.2.1'],
    ['bücher A 192.0.2.1', 'xn--bcher-kva.example.com. 3600 A 192.0.2.1'],
    ['www ( 300 IN\n A\n 192.0.2.1 )', 'www.example.com. 300 A 192.0.2.1'],
    ['www A 192.0.2.1 ; a comment', 'www.example.com. 3600 A 192.0.2.1'],
    ['www TYPE1 \\# 4 c0000201', 'www.example.com. 3600 A 192.0.2.1'],
    ['www A \\# 4 C0 00 02 01', 'www.example.com. 3600 A 192.0.2.1'],
    [
      'www TYPE28 \\# 16 20010db8000000000000000000000001',
      'www.example.com. 3600 AAAA 2001:db8::1',
    ],
    ['www TYPE5 \\# 5 0378797a00', 'www.example.com. 3600 CNAME xyz.'],
    ['@ TYPE15 \\# 6 000a026d7800', 'example.com. 3600 MX 10 mx.'],
    ['@ TYPE16 \\# 5 026869016a', 'example.com. 3600 TXT "hi" "j"'],
    ['@ TYPE257 \\# 8 0005697373756561', 'example.com. 3600 CAA 0 issue "a"'],
  ])('%j', (body, want) => {
    expect(one(body)).toBe(want);
  });

  it('an owner omitted (line starts with a blank) is the previous one', () => {
    const { entries } = parse('www A 192.0.2.1\n  AAAA 2001:db8::1\n\t300 TXT hi');
    expect(entries.map((e) => `${e.line} ${e.name} ${e.type}`)).toEqual([
      '3 www.example.com. A',
      '4 www.example.com. AAAA',
      '5 www.example.com. TXT',
    ]);
  });

  it('an omitted TTL is $TTL, else the last TTL given, else the caller default, else undefined', () => {
    expect(
      parseZoneFile('a A 192.0.2.1', { origin: 'example.com' }).entries[0]?.ttl,
    ).toBeUndefined();
    expect(
      parseZoneFile('a A 192.0.2.1', { origin: 'example.com', defaultTtl: 600 }).entries[0]?.ttl,
    ).toBe(600);
    const { entries } = parseZoneFile('a 120 A 192.0.2.1\nb A 192.0.2.2\n$TTL 60\nc A 192.0.2.3', {
      origin: 'example.com',
    });
    expect(entries.map((e) => e.ttl)).toEqual([120, 120, 60]);
  });

  it.each([
    ['hello', '"hello"'],
    ['"a b" "c"', '"a b" "c"'],
    ['hello world', '"hello" "world"'],
    ['"with \\"quotes\\" and \\\\"', '"with \\"quotes\\" and \\\\"'],
    ['"caf\\195\\169"', '"café"'],
    ['"semi ; colon" ; comment', '"semi ; colon"'],
    ['( "one"\n "two" )', '"one" "two"'],
  ])('TXT %j', (data, content) => {
    expect(one(`t TXT ${data}`)).toBe(`t.example.com. 3600 TXT ${content}`);
  });

  it.each([
    ['CNAME @', 'example.com.'],
    ['NS ns1', 'ns1.example.com.'],
    ['PTR host.example.net.', 'host.example.net.'],
    ['MX 10 @', '10 example.com.'],
    ['MX 0 .', '0 .'],
    ['HTTPS 1 . alpn="h2,h3" port=443', '1 . alpn=h2,h3 port=443'],
    ['SVCB 1 svc alpn=h2', '1 svc.example.com. alpn=h2'],
    ['CAA 0 issue "letsencrypt.org"', '0 issue "letsencrypt.org"'],
    ['CAA 0 issue letsencrypt.org', '0 issue "letsencrypt.org"'],
    [
      'TLSA 3 1 1 ( 0123456789ABCDEF0123456789ABCDEF\n 0123456789abcdef0123456789abcdef )',
      '3 1 1 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
    ],
    [
      'SSHFP 1 1 01234567 89abcdef0123456789abcdef01234567',
      '1 1 0123456789abcdef0123456789abcdef01234567',
    ],
    ['ALIAS lb.example.net.', 'lb.example.net.'],
  ])('content %j', (data, content) => {
    const [type] = data.split(' ');
    expect(one(`x ${data}`)).toBe(`x.example.com. 3600 ${type} ${content}`);
  });

  it('our own marked comments read back as a disabled value and an ALIAS, without moving the owner', () => {
    const { entries } = parse(
      'www A 192.0.2.1\n; disabled: www 300 IN A 192.0.2.9\n; alias: @ 300 IN ALIAS lb.example.net.\n  AAAA 2001:db8::1\n; a plain comment: not a record',
    );
    expect(entries.map((e) => `${e.name} ${e.type} ${e.disabled}`)).toEqual([
      'www.example.com. A false',
      'www.example.com. A true',
      'example.com. ALIAS false',
      'www.example.com. AAAA false',
    ]);
  });
});

describe('files as editors save them', () => {
  it('reads CRLF line ends and a byte-order mark', () => {
    const { entries, errors } = parseZoneFile(
      '\uFEFF$ORIGIN example.com.\r\nwww 300 A 192.0.2.1\r\n  TXT "x"\r\n',
      { origin: 'example.com' },
    );
    expect(errors).toEqual([]);
    expect(entries.map((e) => `${e.line} ${e.name} ${e.type} ${e.content}`)).toEqual([
      '2 www.example.com. A 192.0.2.1',
      '3 www.example.com. TXT "x"',
    ]);
  });

  it('a directive in a marked comment is a comment, as BIND reads it', () => {
    const { entries } = parse('; disabled: $ORIGIN other.org.\nwww A 192.0.2.1');
    expect(entries[0]?.name).toBe('www.example.com.');
  });
});

describe('skipped lines', () => {
  it.each([
    ['@ SOA ns1 host 1 2 3 4 5', 'soa', 'SOA'],
    ['@ DNSKEY 257 3 13 abc=', 'dnssec', 'DNSKEY'],
    ['@ TYPE48 \\# 0', 'dnssec', 'DNSKEY'],
    ['sub DS 1 13 2 abcd', 'dnssec', 'DS'],
    ['@ RRSIG A 13 2 300 1 2 3 example.com. abc=', 'dnssec', 'RRSIG'],
    ['@ NSEC3PARAM 1 0 0 -', 'dnssec', 'NSEC3PARAM'],
    ['@ CDS 0 0 0 00', 'dnssec', 'CDS'],
    ['@ HINFO "PC" "Linux"', 'unsupported_type', 'HINFO'],
    ['@ TYPE65534 \\# 4 0a000001', 'unsupported_type', 'TYPE65534'],
    ['www.other.org. A 192.0.2.1', 'out_of_zone', 'A'],
    ['$INCLUDE /etc/passwd', 'unsupported_directive', '$INCLUDE'],
    ['$GENERATE 1-10 host$ A 192.0.2.$', 'unsupported_directive', '$GENERATE'],
  ])('%j is skipped as %s', (body, reason, type) => {
    const { entries, skipped, errors } = parse(body);
    expect(errors).toEqual([]);
    expect(entries).toEqual([]);
    expect(skipped).toMatchObject([{ line: 3, reason, type }]);
  });

  it('reports every NS, the apex ones too: which to keep is the importer’s call', () => {
    expect(parse('@ NS ns1.example.net.\nsub NS ns1.example.net.').entries).toHaveLength(2);
  });
});

describe('errors', () => {
  it.each([
    ['www A 999.1.1.1', 3, undefined, /999 is above 255/],
    ['mx MX 70000 mail', 3, 'priority', /MX priority/],
    ['www CH A 192.0.2.1', 3, 'class', /Class CH is not supported/],
    ['www 99999999999 A 192.0.2.1', 3, 'ttl', /TTL "99999999999" is invalid/],
    ['www 1x A 192.0.2.1', 3, 'ttl', /TTL/],
    ['www 300 IN', 3, 'type', /no type/],
    ['www "A" 192.0.2.1', 3, 'type', /not a record type/],
    ['  A 192.0.2.1', 3, 'name', /no earlier record/],
    ['w\\.w A 192.0.2.1', 3, 'name', /cannot hold/],
    ['bad!name A 192.0.2.1', 3, 'name', /invalid/],
    ['t TXT "open', 3, undefined, /not closed/],
    ['www A ( 192.0.2.1', 3, undefined, /never closed/],
    ['www A 192.0.2.1 )', 3, undefined, /no opening/],
    ['$FOO bar', 3, undefined, /Unknown directive/],
    ['$TTL abc', 3, 'ttl', /not a valid TTL/],
    ['www A \\# 5 c0000201', 3, undefined, /says 5 bytes but has 4/],
    ['www A \\# 4 zz000201', 3, undefined, /hex digits/],
    ['www TYPE1 \\# 3 c00002', 3, undefined, /too short/],
    ['h HTTPS \\# 3 000100', 3, undefined, /presentation form/],
    ['t TLSA 3 1 1 abcd', 3, 'data', /32 bytes/],
    ['s TYPE44 \\# 4 0101abcd', 3, 'fingerprint', /SSHFP/],
  ])('%j: line %i, field %s', (body, line, field, message) => {
    const { errors, entries } = parse(body);
    expect(entries).toEqual([]);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ line });
    expect(errors[0]?.field).toBe(field);
    expect(errors[0]?.message).toMatch(message);
  });

  it('one bad line does not stop the file: the rest still reads, errors keep their lines', () => {
    const { entries, errors } = parse('a A 192.0.2.1\nb A nope\n\nc ( A\n 192.0.2.3 )\nd MX x y');
    expect(entries.map((e) => `${e.line} ${e.name}`)).toEqual([
      '3 a.example.com.',
      '6 c.example.com.',
    ]);
    expect(errors.map((e) => e.line)).toEqual([4, 8]);
  });
});
