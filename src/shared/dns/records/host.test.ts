import { describe, expect, it } from 'vitest';
import { contentCases } from '../testing/cases';
import { RECORD_SPECS } from './index';

for (const type of ['CNAME', 'ALIAS', 'NS', 'PTR'] as const) {
  contentCases(
    type,
    [
      ['target.example.net', 'target.example.net.'],
      ['Target.Example.NET.', 'target.example.net.'],
      ['bücher.example', 'xn--bcher-kva.example.'],
      ['_service.example.com', '_service.example.com.'],
      ['localhost', 'localhost.'],
      ['  host-1.example.org.  ', 'host-1.example.org.'],
    ],
    [
      ['.', /cannot be the root/],
      ['192.0.2.1', /is an IP address/],
      ['2001:db8::1', /is an IP address/],
      ['a..example.com', /empty label/],
      ['*.example.com', /wildcard/],
      ['exa mple.com', /one host name without spaces/],
      ['host!.example.com', /contains "!"/],
      [`${'a'.repeat(64)}.example.com`, /64 characters long; the limit is 63/],
      [`${'abcdefghi.'.repeat(26)}com`, /at most 253/],
      ['', /^Content is empty; an? [A-Z]+ record needs </],
    ],
  );
}

describe('host record types', () => {
  it('names the type and field in messages', () => {
    const r = RECORD_SPECS.NS.parse('1.2.3.4');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/^NS name server host "1\.2\.3\.4"/);
  });

  it('formats a form value (any case, no trailing dot) canonically', () => {
    expect(RECORD_SPECS.CNAME.format({ host: 'WWW.Example.com' })).toBe('www.example.com.');
  });
});
