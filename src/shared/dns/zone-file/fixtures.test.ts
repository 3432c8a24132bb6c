import { describe, expect, it } from 'vitest';
import bindCompilezone from './fixtures/bind-compilezone.zone?raw';
import cloudflareExport from './fixtures/cloudflare-export.zone?raw';
import everyType from './fixtures/every-type.zone?raw';
import originChanges from './fixtures/origin-changes.zone?raw';
import parenthesesAndComments from './fixtures/parentheses-and-comments.zone?raw';
import route53Export from './fixtures/route53-export.zone?raw';
import { parseZoneFile } from './index';

// Vite's ?raw imports keep the test free of Node APIs, as src/shared must be.
const FILES: Record<string, string> = {
  'bind-compilezone.zone': bindCompilezone,
  'cloudflare-export.zone': cloudflareExport,
  'every-type.zone': everyType,
  'origin-changes.zone': originChanges,
  'parentheses-and-comments.zone': parenthesesAndComments,
  'route53-export.zone': route53Export,
};
const read = (name: string): string => FILES[name] ?? '';
const parse = (name: string) => parseZoneFile(read(name), { origin: 'example.com.' });
const rows = (name: string) =>
  parse(name).entries.map((e) => `${e.line} ${e.name} ${e.ttl} ${e.type} ${e.content}`);
const skips = (name: string) =>
  parse(name).skipped.map((s) => `${s.line} ${s.reason} ${s.type ?? ''}`);

describe('realistic zone files', () => {
  it.each([
    [
      'bind-compilezone.zone',
      10,
      ['2 soa SOA', '13 unsupported_type HINFO', '14 dnssec DNSKEY', '15 dnssec RRSIG'],
    ],
    ['cloudflare-export.zone', 13, ['11 soa SOA']],
    ['route53-export.zone', 13, ['4 soa SOA', '16 unsupported_type SPF']],
    ['every-type.zone', 15, ['3 soa SOA']],
    ['parentheses-and-comments.zone', 5, ['5 soa SOA']],
    ['origin-changes.zone', 5, ['12 out_of_zone A']],
  ])('%s: %i records, the rest skipped with reasons, no errors', (file, count, skipped) => {
    const parsed = parse(file);
    expect(parsed.errors).toEqual([]);
    expect(parsed.entries).toHaveLength(count);
    expect(skips(file)).toEqual(skipped);
  });

  it('the Cloudflare export keeps trailing comments out of the values and both TXT strings', () => {
    expect(rows('cloudflare-export.zone')).toContain('22 www.example.com. 1 CNAME example.com.');
    expect(rows('cloudflare-export.zone')).toContain(
      '34 google._domainkey.example.com. 300 TXT "v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAv1" "7yZ2nE0vQZb8xkQIDAQAB"',
    );
    expect(rows('cloudflare-export.zone')).toContain(
      '40 example.com. 300 HTTPS 1 . alpn=h3,h2 ipv4hint=192.0.2.1',
    );
  });

  it('the Route 53 export makes relative targets absolute and IPv6 canonical', () => {
    expect(rows('route53-export.zone')).toContain(
      '14 _sip._udp.example.com. 300 SRV 10 5 5060 sip.example.com.',
    );
    expect(rows('route53-export.zone')).toContain('13 v6.example.com. 300 AAAA 2001:db8::1');
  });

  it('every type reads through the registry', () => {
    expect(new Set(parse('every-type.zone').entries.map((e) => e.type)).size).toBe(14);
    expect(rows('every-type.zone')).toContain('7 www.example.com. 3600 CNAME example.com.');
    expect(rows('every-type.zone')).toContain(
      '17 _dns.example.com. 3600 SVCB 1 dns.example.com. alpn=h2 dohpath=/dns-query{?dns}',
    );
  });

  it('parentheses and comments anywhere: values joined, the SOA timers in units', () => {
    const parsed = parse('parentheses-and-comments.zone');
    expect(parsed.skipped[0]?.soa).toEqual({
      mname: 'ns1.example.com.',
      rname: 'hostmaster.example.com.',
      serial: 2024061501,
      refresh: 7200,
      retry: 3600,
      expire: 1209600,
      minimum: 300,
    });
    expect(rows('parentheses-and-comments.zone')).toEqual([
      '13 example.com. 3600 MX 10 mail.example.com.',
      '17 txt.example.com. 300 TXT "part one; with a semicolon" "part ( two )" "part \\"three\\""',
      '21 _25._tcp.mail.example.com. 300 TLSA 3 1 1 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      '24 host.example.com. 3600 SSHFP 4 2 0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      '27 host.example.com. 3600 A 192.0.2.44',
    ]);
  });

  it('$ORIGIN changes, relative to the previous origin too', () => {
    expect(rows('origin-changes.zone')).toEqual([
      '3 example.com. 300 A 192.0.2.1',
      '5 www.eu.example.com. 300 A 192.0.2.2',
      '7 www.lon.eu.example.com. 300 A 192.0.2.3',
      '8 www.lon.eu.example.com. 300 AAAA 2001:db8::3',
      '10 mx.example.com. 300 MX 10 mail.example.com.',
    ]);
    expect(parse('origin-changes.zone').skipped[0]?.name).toBe('www.other.org.');
  });
});
