import { describe, expect, it } from 'vitest';
import { contentCases } from '../testing/cases';
import { RECORD_SPECS } from './index';

for (const type of ['HTTPS', 'SVCB'] as const) {
  contentCases(
    type,
    [
      ['1 . alpn=h2,h3', '1 . alpn=h2,h3'],
      ['0 Pool.Example.com', '0 pool.example.com.'],
      ['0 .', '0 .'],
      ['1 . alpn="h2,h3"  port=443', '1 . alpn=h2,h3 port=443'],
      ['1 . port=8443 alpn=h2 mandatory=port,alpn', '1 . mandatory=alpn,port alpn=h2 port=8443'],
      [
        '2 svc.example.net key1=h3 key3=0443 KEY6=2001:DB8:0:0::1',
        '2 svc.example.net. alpn=h3 port=443 ipv6hint=2001:db8::1',
      ],
      ['1 . alpn=h2 no-default-alpn', '1 . alpn=h2 no-default-alpn'],
      [
        '1 . ipv4hint=192.0.2.1,192.0.2.2 ech=AEX+/w== ipv6hint=::ffff:192.0.2.1',
        '1 . ipv4hint=192.0.2.1,192.0.2.2 ech=AEX+/w== ipv6hint=::ffff:192.0.2.1',
      ],
      [
        '1 dns.example.com alpn=h2 dohpath=/dns-query{?dns}',
        '1 dns.example.com. alpn=h2 dohpath=/dns-query{?dns}',
      ],
      ['1 . key65000="two words" key9=', '1 . key9 key65000="two words"'],
      ['1 . key123=a\\"b', '1 . key123="a\\"b"'],
    ],
    [
      ['0 . alpn=h2', /priority 0 \(alias mode\) takes no parameters/],
      ['70000 .', new RegExp(`${type} priority must be an integer from 0 to 65535`)],
      ['1', /needs a priority and a target/],
      ['1 192.0.2.1', /is an IP address/],
      ['1 . alpn=h2 alpn=h3', /alpn appears twice/],
      ['1 . alpn=h2 key1=h3', /alpn appears twice/],
      ['1 . foo=bar', /key "foo" is unknown/],
      ['1 . key70000=x', /key "key70000" is unknown/],
      ['1 . mandatory=mandatory', /must not list itself/],
      ['1 . mandatory=port alpn=h2', /lists port, but port is not given/],
      ['1 . no-default-alpn', /needs an alpn parameter/],
      ['1 . no-default-alpn=x alpn=h2', /takes no value/],
      ['1 . port=65536', /port must be an integer/],
      ['1 . port', /port needs a value/],
      ['1 . ipv4hint=192.0.2.1,,192.0.2.2', /empty item/],
      ['1 . ipv4hint=192.0.2.256', /ipv4hint "192\.0\.2\.256" is not an IPv4 address/],
      ['1 . ipv6hint=192.0.2.1', /ipv6hint "192\.0\.2\.1" is not an IPv6 address/],
      ['1 . ech=not-base64!', /base64/],
      ['1 . dohpath=/dns-query', /dohpath must be a path template/],
      ['1 . alpn="h2', /unbalanced quote/],
      ['1 . alpn="h2"x', /text follows the closing quote/],
      ['1 . alpn=h"2', /stray quote/],
      ['1 . =h2', /starts with "="/],
      ['1 . alpn="h2 h3"', /alpn id "h2 h3" is not a protocol id/],
      ['', /^Content is empty; an? [A-Z]+ record needs </],
    ],
  );
}

describe('SVCB fields', () => {
  it('gives the form canonical keys in canonical order', () => {
    expect(RECORD_SPECS.HTTPS.parse('1 . port=443 key1=h2 no-default-alpn')).toEqual({
      ok: true,
      value: {
        priority: 1,
        target: '.',
        params: [
          { key: 'alpn', value: 'h2' },
          { key: 'no-default-alpn' },
          { key: 'port', value: '443' },
        ],
      },
    });
  });

  it('formats form fields in any order and spelling canonically', () => {
    const text = RECORD_SPECS.SVCB.format({
      priority: 1,
      target: 'SVC.example.net',
      params: [
        { key: 'key3', value: '8443' },
        { key: 'key1', value: 'h2' },
      ],
    });
    expect(text).toBe('1 svc.example.net. alpn=h2 port=8443');
  });
});
