import { describe, expect, it } from 'vitest';
import { digCommand, formatShare, usageRows } from './usage-rows';

describe('usageRows', () => {
  it('sorts by count, most asked first, ties by type name, with shares of the sum', () => {
    expect(usageRows({ TXT: 2, MX: 3, A: 5, AAAA: 0, NS: 3 })).toEqual([
      { type: 'A', count: 5, share: 5 / 13 },
      { type: 'MX', count: 3, share: 3 / 13 },
      { type: 'NS', count: 3, share: 3 / 13 },
      { type: 'TXT', count: 2, share: 2 / 13 },
    ]);
  });
  it('is empty for a zone without queries', () => {
    expect(usageRows({})).toEqual([]);
    expect(usageRows({ A: 0 })).toEqual([]);
  });
});

describe('formatShare', () => {
  it('shows one decimal, and never rounds a real share down to zero', () => {
    expect(formatShare(0.5)).toMatch(/^50\.0\s?%$/);
    expect(formatShare(1 / 3)).toMatch(/^33\.3\s?%$/);
    expect(formatShare(1)).toMatch(/^100\.0\s?%$/);
    expect(formatShare(1 / 100_000)).toMatch(/^<0\.1\s?%$/);
  });
});

describe('digCommand', () => {
  const ns = ['ns1.eu.zonedeck.example', 'ns2.eu.zonedeck.example'];
  it('names the service DNS server and its port', () => {
    expect(digCommand('a.example', { host: '127.0.0.1', port: 8053 }, ns, 'x')).toBe(
      'dig @127.0.0.1 -p 8053 a.example',
    );
    expect(digCommand('a.example', { host: 'dns.example.net', port: 53 }, ns, 'x')).toBe(
      'dig @dns.example.net a.example',
    );
  });
  it('uses the page host for a server listening on every address', () => {
    expect(digCommand('a.example', { host: '0.0.0.0', port: 8053 }, ns, 'dash.example')).toBe(
      'dig @dash.example -p 8053 a.example',
    );
    expect(digCommand('a.example', { host: '::', port: 8053 }, ns, '[::1]')).toBe(
      'dig @::1 -p 8053 a.example',
    );
  });
  it('falls back to the first nameserver when the service did not say', () => {
    expect(digCommand('a.example', null, ns, 'x')).toBe('dig @ns1.eu.zonedeck.example a.example');
    expect(digCommand('a.example', null, [], 'x')).toBe('dig a.example');
  });
});
