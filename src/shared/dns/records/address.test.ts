import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentCases } from '../testing/cases';
import { normalizeContent } from './index';

contentCases(
  'A',
  [
    ['192.0.2.1', '192.0.2.1'],
    ['  10.0.0.255 ', '10.0.0.255'],
    ['0.0.0.0', '0.0.0.0'],
    ['255.255.255.255', '255.255.255.255'],
  ],
  [
    ['01.2.3.4', /leading zero/],
    ['256.1.1.1', /256 is above 255/],
    ['1.2.3', /four numbers/],
    ['1.2.3.4.5', /four numbers/],
    ['1.2.3.x', /not a number/],
    ['2001:db8::1', /use an AAAA record/],
    ['1.2.3.4 5.6.7.8', /separate records/],
    ['', /^Content is empty; an? [A-Z]+ record needs </],
    ['   ', /^Content is empty; an A record needs <IPv4 address>/],
  ],
);

contentCases(
  'AAAA',
  [
    ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
    ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
    ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
    ['2001:db8::0:1', '2001:db8::1'],
    ['0:0:0:0:0:0:0:0', '::'],
    ['::1', '::1'],
    ['fe80::', 'fe80::'],
    ['1:0:0:2:0:0:0:3', '1:0:0:2::3'],
    ['::FFFF:192.0.2.1', '::ffff:192.0.2.1'],
    ['0:0:0:0:0:ffff:c000:0201', '::ffff:192.0.2.1'],
    ['::192.0.2.1', '::c000:201'],
    ['64:ff9b::192.0.2.33', '64:ff9b::c000:221'],
  ],
  [
    ['fe80::1%eth0', /zone identifiers/],
    ['2001:db8::/64', /prefix lengths/],
    ['[2001:db8::1]', /square brackets/],
    ['192.0.2.1', /use an A record/],
    ['1::2::3', /not valid IPv6/],
    ['1:2:3:4:5:6:7:8:9', /not valid IPv6/],
    ['1:2:3:4:5:6:7:8::', /not valid IPv6/],
    ['12345::1', /not valid IPv6/],
    ['::ffff:01.2.3.4', /not valid IPv6/],
    ['gggg::1', /not valid IPv6/],
    [':1:2:3:4:5:6:7', /not valid IPv6/],
    ['', /^Content is empty; an? [A-Z]+ record needs </],
  ],
);

describe('AAAA canonical form', () => {
  it('agrees with the platform URL parser (RFC 5952) for addresses without an IPv4-mapped tail', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 65535 })), {
          minLength: 8,
          maxLength: 8,
        }),
        (groups) => {
          const text = groups.map((g) => g.toString(16)).join(':');
          const mapped = groups.slice(0, 6).join(',') === '0,0,0,0,0,65535';
          fc.pre(!mapped);
          const viaUrl = new URL(`http://[${text}]`).hostname.slice(1, -1);
          expect(normalizeContent('AAAA', text)).toEqual({ ok: true, value: viaUrl });
        },
      ),
      { numRuns: 500 },
    );
  });
});
