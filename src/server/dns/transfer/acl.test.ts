import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { mayTransfer, parseNotifyTargets, parseTransferAllow } from './acl';

const allow = (text: string) => {
  const r = parseTransferAllow(text);
  if (!r.ok) throw new Error(r.message);
  return r.value;
};

describe('DNS_TRANSFER_ALLOW', () => {
  it('allows nobody when empty', () => {
    const a = allow('');
    expect(mayTransfer(a, '127.0.0.1', null)).toBe(false);
    expect(mayTransfer(a, '127.0.0.1', 'any.')).toBe(false);
  });

  it('matches addresses, CIDR blocks of both families and IPv4-mapped clients', () => {
    const a = allow('192.0.2.10, 198.51.100.0/24 ,2001:db8::/32');
    expect(mayTransfer(a, '192.0.2.10', null)).toBe(true);
    expect(mayTransfer(a, '::ffff:192.0.2.10', null)).toBe(true);
    expect(mayTransfer(a, '192.0.2.11', null)).toBe(false);
    expect(mayTransfer(a, '198.51.100.200', null)).toBe(true);
    expect(mayTransfer(a, '2001:db8:5::1', null)).toBe(true);
    expect(mayTransfer(a, '2001:db9::1', null)).toBe(false);
    expect(mayTransfer(a, 'not an address', null)).toBe(false);
  });

  it('lets a listed key in from anywhere, and only a listed key', () => {
    const a = allow('key:Transfer-Key, 192.0.2.1');
    expect(mayTransfer(a, '203.0.113.9', 'transfer-key.')).toBe(true);
    expect(mayTransfer(a, '203.0.113.9', 'other-key.')).toBe(false);
    expect(mayTransfer(a, '203.0.113.9', null)).toBe(false);
    expect(mayTransfer(a, '192.0.2.1', 'other-key.')).toBe(true);
  });

  it('names the entry at fault', () => {
    for (const bad of ['192.0.2.300', '10.0.0.0/33', 'example.com', 'key:', '10.0.0.0/8/1']) {
      const r = parseTransferAllow(`127.0.0.1, ${bad}`);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.message).toContain(`"${bad}"`);
    }
  });
});

describe('DNS_NOTIFY', () => {
  it('reads host:port with an optional key, IPv6 in brackets', () => {
    const r = parseNotifyTargets('192.0.2.1:53, [2001:DB8:0::1]:5353@Sec-Key');
    expect(r).toEqual({
      ok: true,
      value: [
        { host: '192.0.2.1', port: 53, key: null },
        { host: '2001:db8::1', port: 5353, key: 'sec-key.' },
      ],
    });
  });

  it('refuses what is not host:port[@key]', () => {
    for (const bad of [
      '192.0.2.1',
      'ns1.example.net:53',
      '192.0.2.1:0',
      '192.0.2.1:53@',
      '::1:53',
    ]) {
      const r = parseNotifyTargets(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/host:port/);
    }
  });

  it('is checked when the configuration loads', () => {
    expect(() => loadConfig({ DNS_NOTIFY: 'nowhere' })).toThrow(
      /DNS_NOTIFY: "nowhere" is not host:port/,
    );
    expect(() => loadConfig({ DNS_TRANSFER_ALLOW: 'everyone' })).toThrow(
      /DNS_TRANSFER_ALLOW: "everyone"/,
    );
    expect(loadConfig({}).DNS_NOTIFY).toEqual([]);
  });
});
